/**
 * Where the draw lotteries' pages are, for any page that links to them (home, header, roadmap,
 * orders list). `lottoPath('HKA01')` → `/main/lotto/HKA01`.
 */
export const LOTTO_INDEX_PATH = '/main/lotto';
export const lottoPath = (code: string) => `${LOTTO_INDEX_PATH}/${encodeURIComponent(code)}`;
/** A draw product's results: every draw, the member's own lines highlighted. */
export const lottoResultsPath = (code: string) => `/roadmap/${encodeURIComponent(code)}`;
/** The number master (statistics and generator) of a product. */
export const numberMasterPath = (code: string) => `/lotto-number-master?product=${encodeURIComponent(code)}`;
/** The checkout of a draw ticket (spec §2 `/payment-lotto-combination`) and its outcome. */
export const LOTTO_CHECKOUT_PATH = '/payment-lotto-combination';
export const LOTTO_RESULT_PATH = '/payment-result-lotto-combination';
