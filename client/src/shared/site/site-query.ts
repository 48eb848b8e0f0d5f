import type { PointsRateWire, SiteInfo, SiteKind } from '@gp/common';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HttpClient } from '../api/http-client.ts';
import { queryKeys } from '../api/query-keys.ts';
import { useHttp } from '../api/services.tsx';

/** What the app shows when /api/site cannot be reached: it still renders, unbranded and without a mailbox. */
export const FALLBACK_SITE: SiteInfo = {
  kind: 'main',
  brand: 'GPoints',
  title: 'GPoints',
  supportEmail: '',
  monitoring: null,
  pointsRates: {},
  trialPointsOnSignup: 0,
};

/** Exhaustive by type: a kind added to SiteKind in common fails to compile here until handled. */
const KNOWN_KINDS: Record<SiteKind, true> = { main: true, keno: true, sports: true };
const isSiteKind = (value: unknown): value is SiteKind => typeof value === 'string' && Object.hasOwn(KNOWN_KINDS, value);

const text = (value: unknown, fallback: string) => (typeof value === 'string' && value.trim() ? value : fallback);
const count = (value: unknown) => (Number.isSafeInteger(value) && Number(value) >= 0 ? Number(value) : 0);

/** Only well-formed positive fractions: a rate that would divide by zero is left out. */
function rates(value: unknown): SiteInfo['pointsRates'] {
  if (typeof value !== 'object' || value === null) return {};
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).flatMap(([currency, rate]) => {
      const { numerator, denominator } = (rate ?? {}) as { numerator?: unknown; denominator?: unknown };
      return count(numerator) > 0 && count(denominator) > 0 ? [[currency, { numerator: Number(numerator), denominator: Number(denominator) }]] : [];
    }),
  );
}

/**
 * Takes what is usable from the reply field by field, so one odd field does not throw the whole
 * branding away. `monitoring` stays raw: the monitoring plugin validates it with its own schema.
 */
export function normalizeSite(raw: unknown): SiteInfo {
  const site = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  return {
    kind: isSiteKind(site.kind) ? site.kind : FALLBACK_SITE.kind,
    brand: text(site.brand, FALLBACK_SITE.brand),
    title: text(site.title, text(site.brand, FALLBACK_SITE.title)),
    supportEmail: text(site.supportEmail, ''),
    monitoring: (site.monitoring ?? null) as SiteInfo['monitoring'],
    pointsRates: rates(site.pointsRates),
    trialPointsOnSignup: count(site.trialPointsOnSignup),
  };
}

export const siteQueryOptions = (http: HttpClient) =>
  queryOptions({
    queryKey: queryKeys.site,
    queryFn: async () => normalizeSite(await http.get<unknown>('/api/site')),
    // Brand and title depend only on the host, which does not change while the page is open.
    staleTime: 10 * 60_000,
    retry: 1,
  });

/** The market rate prizes in `currency` convert at (POINTS_RATES), as a wire rate; null when the server did not say. */
export function usePrizeRate(currency: string | undefined): PointsRateWire | null {
  const rate = useSite().pointsRates[currency ?? ''];
  return rate && currency ? { currency, ...rate } : null;
}

export function useSite(): SiteInfo {
  const { data } = useQuery(siteQueryOptions(useHttp()));
  return data ?? FALLBACK_SITE;
}
