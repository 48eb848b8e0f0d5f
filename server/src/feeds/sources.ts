import type { Config } from '../config.ts';
import { d423fFeed } from './adapters/d423f.ts';
import { hkjcFeed } from './adapters/hkjc.ts';
import { megamillionsFeed } from './adapters/megamillions.ts';
import { sodaFeed } from './adapters/soda.ts';
import { tlcFeed } from './adapters/tlc.ts';
import type { FeedSource, ResultFeed } from './types.ts';

/**
 * Why a product has no feed (the console says so, and four-eyes entry stays its way in):
 * - `no_feed_exists`: no programmatic source was found at all (Korea Speedkeno, reference §9);
 * - `no_adapter`: a source is known but no adapter is built yet (its facts are unconfirmed or it is
 *   HTML only): Canada Keno (BCLC JSON of 2014–2018, availability unconfirmed; WCLC HTML only),
 *   EuroMillions (FDJ, UK National Lottery), Loto 6 / Loto 7 (Mizuho CSV), AU Powerball (The Lott);
 * - `settles_on_other`: 39樂合彩 has no draws of its own; it settles on 今彩539's.
 */
export type NoFeedReason = 'no_feed_exists' | 'no_adapter' | 'settles_on_other';

export const NO_FEED: Record<string, NoFeedReason> = {
  KRB01: 'no_feed_exists',
  CAB01: 'no_adapter',
  AUA01: 'no_adapter',
  FRA01: 'no_adapter',
  JPA01: 'no_adapter',
  JPA02: 'no_adapter',
  TWA04: 'settles_on_other',
};

/** Every adapter, each on its base URL from RESULT_FEED_URLS (else the official address), in priority order (the operator's own feed first). */
export function resultFeeds(config: Pick<Config, 'RESULT_FEED_URLS' | 'RESULT_FEED_TIMEOUT_MS' | 'SODA_APP_TOKEN'>, now: () => Date): ResultFeed[] {
  const urls = config.RESULT_FEED_URLS;
  const timeoutMs = config.RESULT_FEED_TIMEOUT_MS;
  return [
    tlcFeed({ ...(urls.tlc ? { baseUrl: urls.tlc } : {}), timeoutMs, now }),
    hkjcFeed({ ...(urls.hkjc ? { url: urls.hkjc } : {}), timeoutMs }),
    megamillionsFeed({ ...(urls.megamillions ? { baseUrl: urls.megamillions } : {}), timeoutMs }),
    sodaFeed({ ...(urls.soda ? { baseUrl: urls.soda } : {}), ...(config.SODA_APP_TOKEN ? { appToken: config.SODA_APP_TOKEN } : {}), timeoutMs }),
    d423fFeed({ ...(urls.d423f ? { url: urls.d423f } : {}), timeoutMs }),
  ];
}

/** The feeds of one product, in priority order. */
export const feedsOf = (feeds: readonly ResultFeed[], productCode: string) => feeds.filter((feed) => feed.products.includes(productCode));

/** The sources a product is read from (the console lists them even before a first fetch). */
export const sourcesOf = (feeds: readonly ResultFeed[], productCode: string): FeedSource[] => feedsOf(feeds, productCode).map((feed) => feed.source);
