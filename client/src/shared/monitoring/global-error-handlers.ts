import { reportError } from './monitoring.ts';

let installed = false;

/** Installed first thing at boot, so even a plugin that crashes asynchronously is reported. */
export function installGlobalErrorHandlers(): void {
  if (installed) return;
  installed = true;
  window.addEventListener('error', (event) => {
    // Resource load failures (a missing image) arrive here without an error object; skip them.
    if (event.error === undefined && !event.message) return;
    reportError(event.error ?? event.message, 'window.error');
  });
  window.addEventListener('unhandledrejection', (event) => reportError(event.reason, 'unhandledrejection'));
}
