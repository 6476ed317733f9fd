import { Badge } from '@/components/ui/badge';
import type { CatalogueApp } from '@/data/apps/get-apps';
import { profitPool, type MembershipPlan } from '@/data/membership/get-membership-plans';
import { t, type AppsMessageKey as MessageKey } from '@/i18n/apps';
import { formatDecimal, formatNumber, formatPercent, formatPLN, formatShare } from '@/lib/format';
import { toExternalHref } from '@/lib/safe-links';

const CATEGORY: Record<CatalogueApp['category'], MessageKey> = {
  games: 'apps.category.games',
  productivity: 'apps.category.productivity',
  lifestyle: 'apps.category.lifestyle',
  education: 'apps.category.education',
  business: 'apps.category.business',
};

const LINKS = [
  ['website_url', 'apps.website'],
  ['app_store_url', 'apps.app_store'],
  ['google_play_url', 'apps.google_play'],
] as const;

function AppImage({ app }: { app: CatalogueApp }) {
  const src = toExternalHref(app.image_url);
  if (!src) {
    return (
      <div
        aria-hidden="true"
        className="flex aspect-video items-center justify-center rounded-lg bg-surface-overlay text-4xl font-bold text-accent"
      >
        {app.name.trim().charAt(0).toUpperCase()}
      </div>
    );
  }
  return (
    <img
      src={src}
      alt=""
      width={app.image_width ?? undefined}
      height={app.image_height ?? undefined}
      loading="lazy"
      decoding="async"
      className="aspect-video w-full rounded-lg bg-surface-overlay object-cover"
    />
  );
}

/** `plans` undefined: still loading; null: the plans could not be read (the pools are then unavailable). */
type Plans = readonly Pick<MembershipPlan, 'tier' | 'profit_share'>[] | null | undefined;

function Pools({ revenue, plans }: { revenue: number; plans: Plans }) {
  if (plans === null) return <p className="text-sm text-ink-muted">{t('apps.pools_unavailable')}</p>;
  return (
    <dl className="space-y-1 text-sm" aria-busy={plans === undefined || undefined}>
      {(plans ?? []).map((plan) => (
        <div key={plan.tier} className="flex justify-between gap-3">
          <dt className="text-ink-muted">
            {t('apps.pool', { tier: plan.tier, share: formatShare(plan.profit_share) })}
          </dt>
          <dd className="font-semibold tabular-nums text-accent">{formatPLN(profitPool(revenue, plan))}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * One app of the catalogue (product.md#dashboard-2): image, name, links (website, App Store, Google Play,
 * in a new tab, http(s) only), downloads, active users, rating, growth (percent, one decimal),
 * generated revenue and the START/PREMIUM/VIP pools (revenue × each plan's share).
 */
export function AppCard({ app, plans, headingId }: { app: CatalogueApp; plans: Plans; headingId: string }) {
  const revenue = Number(app.revenue);
  const growth = Number(app.growth_rate);
  const links = LINKS.map(([field, label]) => ({ href: toExternalHref(app[field]), label })).filter(
    (link): link is { href: string; label: (typeof LINKS)[number][1] } => link.href !== null,
  );
  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-xl border border-surface-border bg-surface-raised p-5"
    >
      <AppImage app={app} />
      <div>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={headingId} className="text-lg font-semibold text-ink">
            {app.name}
          </h2>
          <Badge tone="info">{t(CATEGORY[app.category])}</Badge>
        </div>
        <p className="mt-1 text-sm text-ink-muted">{app.description}</p>
      </div>
      {links.length > 0 ? (
        <ul aria-label={t('apps.links')} className="flex flex-wrap gap-3 text-sm">
          {links.map((link) => (
            <li key={link.label}>
              <a
                href={link.href}
                target="_blank"
                rel="noopener noreferrer"
                className="font-medium text-accent underline underline-offset-2 hover:text-accent-hover"
              >
                {t(link.label)} <span className="sr-only">{`– ${app.name} ${t('nav.opens_in_new_tab')}`}</span>
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <dl className="grid grid-cols-2 gap-3 text-sm">
        <div>
          <dt className="text-ink-muted">{t('apps.downloads')}</dt>
          <dd className="font-semibold tabular-nums text-ink">{formatNumber(app.downloads)}</dd>
        </div>
        <div>
          <dt className="text-ink-muted">{t('apps.active_users')}</dt>
          <dd className="font-semibold tabular-nums text-ink">{formatNumber(app.active_users)}</dd>
        </div>
        <div>
          <dt className="text-ink-muted">{t('apps.rating')}</dt>
          <dd className="font-semibold tabular-nums text-ink">{formatDecimal(app.rating, 1)} / 5</dd>
        </div>
        <div>
          <dt className="text-ink-muted">{t('apps.growth')}</dt>
          <dd className={`font-semibold tabular-nums ${growth < 0 ? 'text-danger' : 'text-success'}`}>
            {formatPercent(growth, { fractionDigits: 1, signed: true })}
          </dd>
        </div>
        <div className="col-span-2">
          <dt className="text-ink-muted">{t('apps.revenue')}</dt>
          <dd className="text-xl font-bold tabular-nums text-ink">{formatPLN(revenue)}</dd>
        </div>
      </dl>
      <section aria-label={`${t('apps.pools')} – ${app.name}`} className="mt-auto border-t border-surface-border pt-3">
        <h3 className="mb-2 text-sm font-semibold uppercase tracking-wide text-ink-muted">{t('apps.pools')}</h3>
        <Pools revenue={revenue} plans={plans} />
      </section>
    </article>
  );
}
