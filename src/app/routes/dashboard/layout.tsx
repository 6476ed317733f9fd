import { DashboardLayout } from '@/components/layout/dashboard-layout';

/** The shell of every /dashboard route (a lazy chunk of its own, so the landing page stays small). */
export function Component() {
  return <DashboardLayout />;
}
