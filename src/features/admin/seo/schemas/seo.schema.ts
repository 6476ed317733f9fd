import { z } from 'zod/mini';

export const TWITTER_CARDS = ['summary', 'summary_large_image', 'app', 'player'] as const;

const optional = (max: number) => z.string().check(z.trim(), z.maxLength(max));

/** SEO form (product.md#dashboard-3 Site settings): the site title is required; the rest optional, within the table's limits. */
export const seoSchema = z.object({
  siteTitle: z.string().check(z.trim(), z.minLength(1, { error: 'validation.seo.title_required' }), z.maxLength(200)),
  siteDescription: optional(500),
  ogTitle: optional(200),
  ogDescription: optional(500),
  twitterCard: z.enum(TWITTER_CARDS),
  twitterTitle: optional(200),
  twitterDescription: optional(500),
  /** Where members write about their data (the privacy notice and the data file name it); optional. */
  privacyContactEmail: z.string().check(
    z.trim(),
    z.maxLength(320),
    z.refine((value) => value === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value), {
      error: 'validation.seo.privacy_contact_email',
    }),
  ),
  /** The club's own privacy document, named on the notice page: http(s) or a path of the app, as the table checks. */
  privacyUrl: z.string().check(
    z.trim(),
    z.maxLength(2048),
    z.refine((value) => value === '' || /^(https?:\/\/|\/)[^\s]*$/i.test(value), {
      error: 'validation.seo.privacy_url',
    }),
  ),
});

export type SeoValues = z.output<typeof seoSchema>;
