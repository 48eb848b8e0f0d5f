import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { reportError } from '../monitoring/monitoring.ts';
import { CrashScreen } from './crash-screen.tsx';

/** errorElement of the routes: a page that throws while loading or rendering (a stale chunk after a deploy, a bug). */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => reportError(error, 'router'), [error]);
  return (
    <div className="page page--narrow">
      <CrashScreen />
    </div>
  );
}
