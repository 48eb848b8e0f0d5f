import { createAppRouter } from '../app/router.tsx';
import { installGlobalErrorHandlers } from '../shared/monitoring/global-error-handlers.ts';
import { reportError } from '../shared/monitoring/monitoring.ts';
import { setNavigator } from '../shared/navigation/navigator.ts';
import { createServices } from './create-services.ts';
import { mountApp, mountFatal } from './mount.tsx';
import { PLUGINS } from './plugins/index.ts';
import { runPlugins } from './run-plugins.ts';
import { waitForRouter } from './wait-for-router.ts';

/**
 * Spec §4 start-up: services (store, data cache, HTTP client) → plugins one by one → router →
 * wait for the router → mount. Only a failure of these core steps shows the crash screen.
 */
export async function boot(container: HTMLElement): Promise<void> {
  installGlobalErrorHandlers();
  try {
    const services = createServices();
    const slots = await runPlugins(services, PLUGINS);
    const router = createAppRouter();
    setNavigator((to) => void router.navigate(to));
    await waitForRouter(router);
    mountApp(container, { services, slots, router });
  } catch (error) {
    reportError(error, 'boot');
    mountFatal(container);
  }
}
