import { FOOTBALL_PRODUCT_CODE, isKenoCode } from '@gp/common';
// The codes alone (not the product data), so the home chunk stays small.
import { DRAW_CODES } from '@gp/common/draw/types';
import { lottoPath } from '../../shared/draw/draw-links.ts';
import { FOOTBALL_PURCHASE_PATH, PURCHASE_PATHS } from '../../shared/keno/keno-codes.ts';
import type { ComponentType } from 'react';
import type { MessageId } from '../../shared/i18n/message-ids.ts';
import { BallIcon, GridIcon, TicketIcon } from '../../shared/ui/icons.tsx';

/** The product codes of spec §1, grouped by family (API.md `family`). Names come from the catalogue. */
export type ProductCode =
  | 'TWB01' | 'CAB01' | 'KRB01'
  | 'USA01' | 'USA02' | 'AUA01' | 'FRA01' | 'HKA01' | 'JPA01' | 'JPA02'
  | 'TWA01' | 'TWA02' | 'TWA03' | 'TWA04' | 'TWA05'
  | typeof FOOTBALL_PRODUCT_CODE;

export interface ProductFamily {
  id: 'keno' | 'lotto' | 'football';
  title: MessageId;
  body: MessageId;
  Icon: ComponentType<{ size?: number }>;
  products: ProductCode[];
}

export const PRODUCT_FAMILIES: ProductFamily[] = [
  {
    id: 'keno',
    title: 'home.family.keno.title',
    body: 'home.family.keno.body',
    Icon: GridIcon,
    products: ['TWB01', 'CAB01', 'KRB01'],
  },
  {
    id: 'lotto',
    title: 'home.family.lotto.title',
    body: 'home.family.lotto.body',
    Icon: TicketIcon,
    products: ['USA01', 'USA02', 'AUA01', 'FRA01', 'HKA01', 'JPA01', 'JPA02', 'TWA01', 'TWA02', 'TWA03', 'TWA04', 'TWA05'],
  },
  {
    id: 'football',
    title: 'home.family.football.title',
    body: 'home.family.football.body',
    Icon: BallIcon,
    products: [FOOTBALL_PRODUCT_CODE],
  },
];

/** Where a product is bought: `purchasePath('CAB01')` → `/main/keno/keno24h`; `purchasePath('HKA01')` → `/main/lotto/HKA01`. */
export function purchasePath(code: ProductCode): string | null {
  if (code === FOOTBALL_PRODUCT_CODE) return FOOTBALL_PURCHASE_PATH;
  if ((DRAW_CODES as readonly string[]).includes(code)) return lottoPath(code);
  return isKenoCode(code) ? PURCHASE_PATHS[code] : null;
}
