import type { BootPlugin } from '../boot-context.ts';
import { i18nPlugin } from './i18n-plugin.ts';
import { monitoringPlugin } from './monitoring-plugin.ts';
import { sessionPlugin } from './session-plugin.ts';
import { progressBarPlugin, pwaPlugin, realtimePlugin, toastsPlugin } from './shell-plugins.ts';

/** The start-up order of spec §4, adapted to this client. */
export const PLUGINS: readonly BootPlugin[] = [
  i18nPlugin,
  toastsPlugin,
  progressBarPlugin,
  sessionPlugin,
  realtimePlugin,
  monitoringPlugin,
  pwaPlugin,
];
