import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportError } from '../monitoring/monitoring.ts';

interface Props {
  /** What to show instead of the crashed subtree; `null` hides it (optional plugin parts). */
  fallback: ReactNode;
  source: string;
  children: ReactNode;
}

/** Catches render errors below it, reports them (console + monitoring) and shows the fallback. */
export class ErrorBoundary extends Component<Props, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    reportError(error, `${this.props.source}${info.componentStack ? ' (react)' : ''}`);
  }

  render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
