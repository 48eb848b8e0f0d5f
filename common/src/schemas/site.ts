import { z } from 'zod';

/** Which face of the platform a host shows: the keno sub-site, the sports sub-site or the main site. */
export const SITE_KINDS = ['main', 'keno', 'sports'] as const;
export type SiteKind = (typeof SITE_KINDS)[number];

/** Monitoring (Elastic APM RUM) settings, validated as spec §5 says. */
export const monitoringConfig = z.object({
  serverUrl: z.url(),
  serviceName: z.string().regex(/^[A-Za-z0-9 _-]+$/, { error: 'invalid' }),
  serviceVersion: z.string().optional(),
  environment: z.string().optional(),
  transactionSampleRate: z.number().min(0).max(1).default(1),
});
export type MonitoringConfig = z.infer<typeof monitoringConfig>;

/** `GET /api/site` — what the client needs to brand itself for the host it is served on. */
export const siteInfo = z.object({
  kind: z.enum(SITE_KINDS),
  brand: z.string(),
  title: z.string(),
  supportEmail: z.string(),
  monitoring: monitoringConfig.nullable(),
  /** The market rates prizes convert at, per currency: GP hundredths per minor unit (POINTS_RATES). */
  pointsRates: z.record(z.string(), z.object({ numerator: z.number().int(), denominator: z.number().int() })),
  /** Trial points (GP hundredths) a new account starts with (TRIAL_POINTS_ON_SIGNUP). */
  trialPointsOnSignup: z.number().int(),
});
export type SiteInfo = z.infer<typeof siteInfo>;
