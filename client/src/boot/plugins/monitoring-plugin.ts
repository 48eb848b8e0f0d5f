import { startMonitoring } from '../../shared/monitoring/monitoring.ts';
import { FALLBACK_SITE, siteQueryOptions } from '../../shared/site/site-query.ts';
import type { BootPlugin } from '../boot-context.ts';

/** Elastic APM RUM, only for hosts whose /api/site carries a valid `monitoring` block. */
export const monitoringPlugin: BootPlugin = {
  name: 'monitoring',
  async install({ queryClient, http }) {
    const site = await queryClient
      .fetchQuery({ ...siteQueryOptions(http), retry: false })
      .catch(() => FALLBACK_SITE);
    await startMonitoring(site.monitoring);
  },
};
