import { Component, useEffect, type ReactNode } from 'react';
import { reportError } from '../monitoring/monitoring.ts';
import { CrashScreen } from './crash-screen.tsx';

/** What a route shows when its page throws while loading or rendering (a stale chunk after a deploy, a bug). */
export function RouteError({ error }: { error: unknown }) {
  useEffect(() => reportError(error, 'router'), [error]);
  return (
    <div className="page page--narrow">
      <CrashScreen />
    </div>
  );
}

interface BoundaryProps {
  /** The page it guards (the pathname): a new one clears the error, so the member can navigate away. */
  resetKey: string;
  children: ReactNode;
}

/** The error boundary of the routes: a page that throws shows RouteError in its place. */
export class RouteErrorBoundary extends Component<BoundaryProps, { error: unknown; failedAt: string | null }> {
  state = { error: null as unknown, failedAt: null as string | null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { error: unknown; failedAt: string | null }) {
    if (state.error === null) return null;
    if (state.failedAt === null) return { failedAt: props.resetKey }; // the page that failed
    return state.failedAt === props.resetKey ? null : { error: null, failedAt: null }; // another page: try it
  }

  render(): ReactNode {
    return this.state.error === null ? this.props.children : <RouteError error={this.state.error} />;
  }
}
