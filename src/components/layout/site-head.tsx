import { useEffect } from 'react';
import { useSiteSettings, type SiteSettings } from '@/data/site-settings/get-site-settings';
import { t } from '@/i18n/messages';

type HeadTag = { attribute: 'name' | 'property'; key: string; value: string | null | undefined };

function setMeta(doc: Document, { attribute, key, value }: HeadTag): void {
  let element = doc.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!value) {
    element?.remove();
    return;
  }
  if (!element) {
    element = doc.createElement('meta');
    element.setAttribute(attribute, key);
    doc.head.append(element);
  }
  element.content = value;
}

function setIcon(doc: Document, href: string | null): void {
  if (!href) return;
  let element = doc.head.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!element) {
    element = doc.createElement('link');
    element.rel = 'icon';
    doc.head.append(element);
  }
  // The type of the file the admin uploaded (ICO or PNG) is the browser's to sniff.
  element.removeAttribute('type');
  element.href = href;
}

/**
 * Description, icon and the share tags (Open Graph, Twitter) from the site settings (product.md#dashboard-7:
 * "used for page title, icon and share meta tags"). A tag without a value is removed; share titles,
 * descriptions and images fall back to the more general ones.
 */
export function applySiteHead(settings: SiteSettings, doc: Document = document): void {
  const ogTitle = settings.og_title || settings.site_title;
  const ogDescription = settings.og_description || settings.site_description;
  const ogImage = settings.og_image || settings.site_image;
  const tags: HeadTag[] = [
    { attribute: 'name', key: 'description', value: settings.site_description },
    { attribute: 'property', key: 'og:title', value: ogTitle },
    { attribute: 'property', key: 'og:description', value: ogDescription },
    { attribute: 'property', key: 'og:image', value: ogImage },
    { attribute: 'name', key: 'twitter:card', value: settings.twitter_card },
    { attribute: 'name', key: 'twitter:title', value: settings.twitter_title || ogTitle },
    { attribute: 'name', key: 'twitter:description', value: settings.twitter_description || ogDescription },
    { attribute: 'name', key: 'twitter:image', value: settings.twitter_image || ogImage },
  ];
  for (const tag of tags) setMeta(doc, tag);
  setIcon(doc, settings.favicon);
}

/** The site's title from the settings ('Klub' until they are read). */
export function useSiteTitle(): string {
  const { data } = useSiteSettings();
  return data?.site_title || t('app.name');
}

/** Keeps the head's description, icon and share tags in step with the site settings. */
export function SiteHead() {
  const { data } = useSiteSettings();
  useEffect(() => {
    if (data) applySiteHead(data);
  }, [data]);
  return null;
}

/** The tab's title: "{section} | {site title}" (the site title alone without a section). */
export function usePageTitle(section?: string): void {
  const siteTitle = useSiteTitle();
  useEffect(() => {
    document.title = section ? `${section} | ${siteTitle}` : siteTitle;
  }, [section, siteTitle]);
}
