import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';
import { CrashScreen } from './crash-screen';

/** The router's errorElement: a route that throws (or whose chunk fails to load) shows the crash screen. */
export function RouteErrorScreen() {
  const error = useRouteError();
  useEffect(() => {
    console.error('Route error', error);
  }, [error]);
  return <CrashScreen />;
}
