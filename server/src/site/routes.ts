import { Router } from 'express';
import type { SiteInfo, SiteKind } from '@gp/common';
import type { Config } from '../config.ts';

const hostList = (value: string) => value.split(',').map((h) => h.trim().toLowerCase()).filter(Boolean);

/** Which face a host shows: a keno sub-site, a sports sub-site or the main site (spec §1). */
export function siteKindForHost(config: Config, host: string | undefined): SiteKind {
  const name = (host ?? '').toLowerCase().replace(/:\d+$/, '');
  const matches = (hosts: string[]) => hosts.includes(name);
  if (matches(hostList(config.KENO_HOSTS))) return 'keno';
  if (matches(hostList(config.SPORTS_HOSTS))) return 'sports';
  return 'main';
}

export function siteInfo(config: Config, host: string | undefined): SiteInfo {
  const kind = siteKindForHost(config, host);
  const brand = { main: config.BRAND_MAIN, keno: config.BRAND_KENO, sports: config.BRAND_SPORTS }[kind];
  const tagline = { main: 'Lottery & football proxy purchase', keno: 'Live keno every 5 minutes', sports: 'Hong Kong football' }[kind];
  return {
    kind,
    brand,
    title: `${brand} · ${tagline}`,
    supportEmail: config.SUPPORT_EMAIL,
    pointsRates: Object.fromEntries(
      Object.entries(config.POINTS_RATES).map(([currency, text]) => {
        const [numerator = 0, denominator = 1] = text.split('/').map(Number);
        return [currency, { numerator, denominator }];
      }),
    ),
    trialPointsOnSignup: config.TRIAL_POINTS_ON_SIGNUP,
    monitoring: config.APM_SERVER_URL
      ? {
          serverUrl: config.APM_SERVER_URL,
          serviceName: config.APM_SERVICE_NAME,
          environment: config.NODE_ENV,
          transactionSampleRate: config.APM_SAMPLE_RATE,
        }
      : null,
  };
}

export function siteRoutes(config: Config) {
  const router = Router();
  router.get('/site', (req, res) => {
    res.json(siteInfo(config, req.headers['x-forwarded-host']?.toString() ?? req.headers.host));
  });
  return router;
}
