import { renderRouter, type RenderOptions } from '@/testing/render';
import { createAppRoutes } from '../router';

/**
 * Renders the app's complete route map at `path` with all providers and a memory router.
 * (It lives in src/app because shared code, src/testing included, must not import src/app.)
 */
export function renderRoute(path: string, options: RenderOptions = {}) {
  return renderRouter(createAppRoutes, path, options);
}
