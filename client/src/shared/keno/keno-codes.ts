import type { KenoCode } from '@gp/common';
import type { MessageId } from '../i18n/message-ids.ts';

/** The keno products with results, a roadmap and rules pages, in the order the switcher shows them. */
export const KENO_CODES: readonly KenoCode[] = ['TWB01', 'CAB01', 'KRB01'];

/** `?product=` of a results or rules page: a known keno code, else BINGO BINGO. `kenoCodeFrom('cab01')` → `'CAB01'`. */
export function kenoCodeFrom(value: string | null): KenoCode {
  const code = value?.trim().toUpperCase();
  return KENO_CODES.find((known) => known === code) ?? 'TWB01';
}

/** Where each product is bought: BINGO on the keno screen, Canada Keno on the 24-hour one, Speed Keno on the keno screen by name. */
export const PURCHASE_PATHS: Readonly<Record<KenoCode, string | null>> = {
  TWB01: '/main/keno',
  CAB01: '/main/keno/keno24h',
  KRB01: '/main/keno?product=KRB01',
};

/** The Hong Kong football purchase screen. */
export const FOOTBALL_PURCHASE_PATH = '/main/sports/hkjc-football';

export const roadmapPath = (code: KenoCode) => `/roadmap?product=${code}`;
export const rulesPath = (code: KenoCode) => `/main/keno/rules?product=${code}`;

/** The catalogue's name of any product code (`product.TWB01` → "BINGO BINGO"); every code of spec §1 has one. */
export const productNameId = (code: string) => `product.${code}` as MessageId;
