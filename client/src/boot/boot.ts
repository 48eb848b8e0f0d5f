import { preloadRoute } from '../app/router.tsx';
import { installGlobalErrorHandlers } from '../shared/monitoring/global-error-handlers.ts';
import { reportError } from '../shared/monitoring/monitoring.ts';
import { createServices } from './create-services.ts';
import { mountApp, mountFatal } from './mount.tsx';
import { PLUGINS } from './plugins/index.ts';
import { runPlugins } from './run-plugins.ts';

/**
 * Spec §4 start-up: services (store, data cache, HTTP client) → plugins one by one → wait for the
 * router (the chunk of the page the URL names) → mount. Only a failure of these core steps shows the crash screen.
 */
export async function boot(container: HTMLElement): Promise<void> {
  installGlobalErrorHandlers();
  try {
    const services = createServices();
    const slots = await runPlugins(services, PLUGINS);
    // The plugins may have moved the URL (navigateTo before the router exists rewrites it).
    await preloadRoute(window.location.pathname);
    mountApp(container, { services, slots });
  } catch (error) {
    reportError(error, 'boot');
    mountFatal(container);
  }
}
