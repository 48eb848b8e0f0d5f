import type { Config } from '../config.ts';
import { bclcFeed } from './adapters/bclc.ts';
import { d423fFeed } from './adapters/d423f.ts';
import { fdjFeed } from './adapters/fdj.ts';
import { hkjcFeed } from './adapters/hkjc.ts';
import { megamillionsFeed } from './adapters/megamillions.ts';
import { mizuhoFeed } from './adapters/mizuho.ts';
import { sodaFeed } from './adapters/soda.ts';
import { thelottFeed } from './adapters/thelott.ts';
import { tlcFeed } from './adapters/tlc.ts';
import { uknlFeed } from './adapters/uknl.ts';
import type { ResultFeed } from './types.ts';

/**
 * Why a product has no feed (the console says so, and four-eyes entry stays its way in):
 * - `no_feed_exists`: no programmatic source was found at all (Korea Speedkeno, reference §9);
 * - `no_adapter`: a source is known but no adapter is built (none today; kept for a product added
 *   before its adapter);
 * - `settles_on_other`: 39樂合彩 has no draws of its own; it settles on 今彩539's.
 */
export type NoFeedReason = 'no_feed_exists' | 'no_adapter' | 'settles_on_other';

export const NO_FEED: Record<string, NoFeedReason> = {
  KRB01: 'no_feed_exists',
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
    fdjFeed({ ...(urls.fdj ? { baseUrl: urls.fdj } : {}), timeoutMs }),
    uknlFeed({ ...(urls.uknl ? { baseUrl: urls.uknl } : {}), timeoutMs }),
    mizuhoFeed({ ...(urls.mizuho ? { baseUrl: urls.mizuho } : {}), timeoutMs }),
    thelottFeed({ ...(urls.thelott ? { baseUrl: urls.thelott } : {}), timeoutMs }),
    bclcFeed({ ...(urls.bclc ? { baseUrl: urls.bclc } : {}), timeoutMs }),
  ];
}

/** The feeds of one product, in priority order. */
export const feedsOf = (feeds: readonly ResultFeed[], productCode: string) => feeds.filter((feed) => feed.products.includes(productCode));

