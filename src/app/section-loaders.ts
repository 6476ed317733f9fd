import type { ComponentType } from 'react';
import { ADMIN_LANDING, paths } from '@/config/paths';
import type { SectionPrefetch } from '@/lib/section-prefetch';

/** A dashboard section's route module: its page and, where it has reads to start, their prefetch. */
export type SectionModule = { Component: ComponentType; prefetch?: SectionPrefetch };

const { dashboard } = paths;

/**
 * The dashboard sections' chunks, by the path their menu entry opens: the router's `lazy` and the
 * menu's prefetch call the same `import()`, so a section pointed at is already loaded when it opens.
 */
export const sectionLoaders: Readonly<Record<string, () => Promise<SectionModule>>> = {
  [dashboard.root.path]: () => import('./routes/dashboard/home'),
  [dashboard.apps.path]: () => import('./routes/dashboard/apps'),
  [dashboard.ideas.path]: () => import('./routes/dashboard/ideas'),
  [dashboard.submitIdea.path]: () => import('./routes/dashboard/submit-idea'),
  [dashboard.community.path]: () => import('./routes/dashboard/community'),
  [dashboard.wallet.path]: () => import('./routes/dashboard/wallet'),
  [dashboard.settings.path]: () => import('./routes/dashboard/settings'),
  [dashboard.referral.path]: () => import('./routes/dashboard/referral'),
  [dashboard.ccc.path]: () => import('./routes/dashboard/ccc'),
  [dashboard.investments.path]: () => import('./routes/dashboard/investments'),
  // 'Panel Admina': the admin layout (with the code its tabs share); the tab loads when it opens.
  [ADMIN_LANDING.path]: () => import('./routes/dashboard/admin/layout'),
};

/** The loader of a section for the router (a path without a loader is a programming error). */
export function sectionLoader(path: string): () => Promise<SectionModule> {
  const load = sectionLoaders[path];
  if (!load) throw new Error(`no section loader for ${path}`);
  return load;
}
