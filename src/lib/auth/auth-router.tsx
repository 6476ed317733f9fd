import { useState, type ReactNode } from 'react';
import { RouterProvider, type DataRouter, type RouteObject } from 'react-router-dom';
import { useAuth } from './auth-context';

/** Builds the route tree for a user; admin routes are registered only when `isAdmin`. */
export type RouteFactory = (context: { isAdmin: boolean }) => RouteObject[];

/**
 * Creates a data router for routes. `previous` is the router being replaced (when the user's
 * admin flag changes), so a memory router can start where the previous one was; a browser
 * router reads the address bar anyway.
 */
export type RouterFactory = (routes: RouteObject[], previous: DataRouter | null) => DataRouter;

function createRouterCache(createRoutes: RouteFactory, createRouter: RouterFactory) {
  let current: { isAdmin: boolean; router: DataRouter; generation: number } | null = null;
  return {
    /**
     * The router for this admin flag; built once per flag change, the replaced one disposed.
     * `generation` changes with the router (RouterProvider must remount for a new router).
     */
    get(isAdmin: boolean): { router: DataRouter; generation: number } {
      if (current && current.isAdmin === isAdmin) return current;
      const previous = current;
      const router = createRouter(createRoutes({ isAdmin }), previous?.router ?? null);
      previous?.router.dispose();
      current = { isAdmin, router, generation: (previous?.generation ?? 0) + 1 };
      return current;
    },
  };
}

type AuthRouterProps = {
  createRoutes: RouteFactory;
  createRouter: RouterFactory;
  /**
   * The admin flag of the session stored in this browser, if one is (undefined otherwise). While
   * that session is being read, the router for this flag is built at once: its route chunks and
   * loaders start beside the session read, and the work is done before the first paint instead of
   * after it. If the session read answers otherwise, the router is built again for the real flag.
   */
  storedIsAdmin?: () => boolean | undefined;
  /** Shown until the first session lookup returns. */
  fallback: ReactNode;
};

/**
 * Renders the data router once the session is known. Because admin routes exist only for admins
 * (product.md#dashboard-2: "admin/* registered only when the user is an admin"), the route tree depends
 * on the session: when the admin flag changes (sign-in, sign-out) the router is rebuilt at the
 * current location. `createRoutes`, `createRouter` and `storedIsAdmin` are read once.
 */
export function AuthRouter({ createRoutes, createRouter, fallback, storedIsAdmin }: AuthRouterProps) {
  const { loading, isAdmin } = useAuth();
  const [cache] = useState(() => {
    const routers = createRouterCache(createRoutes, createRouter);
    const expected = loading ? storedIsAdmin?.() : undefined;
    if (expected !== undefined) routers.get(expected);
    return routers;
  });
  if (loading) return fallback;
  const { router, generation } = cache.get(isAdmin);
  // RouterProvider keeps the state of the first router it was given, so a new router remounts it.
  return <RouterProvider key={generation} router={router} />;
}
