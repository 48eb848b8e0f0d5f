import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, type AppProps } from '../app/app.tsx';
import { CrashScreen } from '../shared/errors/crash-screen.tsx';

export function mountApp(container: HTMLElement, props: AppProps): void {
  createRoot(container).render(
    <StrictMode>
      <App {...props} />
    </StrictMode>,
  );
}

/** The app could not start at all: still say so, in words, instead of a blank page. */
export function mountFatal(container: HTMLElement): void {
  createRoot(container).render(<CrashScreen />);
}
