import type { OrderWire } from '@gp/common';
import type { AuthService } from '../auth/service.ts';
import type { Executor } from '../db/database.ts';
import type { OrderRow } from '../db/types.ts';
import { validate } from '../platform/http.ts';
import type { Workers } from '../platform/jobs.ts';
import type { AcceptedOrder, GameFamily, SheetTicket } from './family.ts';

export type { AcceptedOrder, GameFamily, PlacedOrder, PurchaseSheetSource, SheetTicket } from './family.ts';

export type GameRegistry = ReturnType<typeof createGameRegistry>;

/** The product code an order body names, as sent (anything: the family's schema checks it). */
const productCodeOf = (body: unknown): unknown => (typeof body === 'object' && body !== null && 'productCode' in body ? body.productCode : undefined);

/**
 * The one place a family is chosen: by the product code an order body names (`orderBody`, the
 * order routes) or by a stored order (`present`, every order the API shows). The families are
 * asked in the order given; the last must claim every code the others do not.
 */
export function createGameRegistry(families: readonly GameFamily[]) {
  if (families.length === 0) throw new Error('a game registry needs at least one family');

  const familyOfCode = (productCode: unknown) => families.find((family) => family.claims(productCode)) ?? families.at(-1)!;
  const familyOfOrder = (row: Pick<OrderRow, 'product_code' | 'plays'>) => families.find((family) => family.ownsOrder(row)) ?? families.at(-1)!;

  return {
    families,

    /** The schema of an order body, its family's (chosen by the product code it names): what it accepts can be quoted and placed. */
    orderBody: (body: unknown) => familyOfCode(productCodeOf(body)).orderBody,

    /** An order body validated by its family's schema (what the order route's `validateBody` hands over); throws `validation_failed`. */
    acceptOrder(body: unknown): AcceptedOrder {
      return validate(familyOfCode(productCodeOf(body)).orderBody, body);
    },

    /** Stored orders as the API shows them, in the order given: each family presents its own, reading what they need once. */
    async present(executor: Executor, rows: readonly OrderRow[], at: Date): Promise<OrderWire[]> {
      const out = new Array<OrderWire>(rows.length);
      const byFamily = new Map<GameFamily, number[]>();
      rows.forEach((row, i) => {
        const family = familyOfOrder(row);
        byFamily.set(family, [...(byFamily.get(family) ?? []), i]);
      });
      for (const [family, indexes] of byFamily) {
        const presented = await family.present(executor, indexes.map((i) => rows[i]!), at);
        indexes.forEach((index, k) => (out[index] = presented[k]!));
      }
      return out;
    },

    /**
     * The tickets still to buy of a draw (`per: 'draw'`, of `productCode`'s family) or an event
     * (the family whose sheets are per event); undefined when no family has such a draw or event.
     */
    async purchaseSheet(executor: Executor, per: 'draw' | 'event', id: number, productCode: string | null): Promise<SheetTicket[] | undefined> {
      const family = per === 'draw' ? familyOfCode(productCode) : families.find((candidate) => candidate.purchaseSheet?.per === 'event');
      if (!family?.purchaseSheet || family.purchaseSheet.per !== per) return undefined;
      return family.purchaseSheet.tickets(executor, id, productCode);
    },

    /** Every family's routes, in family order. */
    routes: (auth: AuthService) => families.flatMap((family) => family.routes(auth)),

    /** Every family's workers. */
    workers: (): Workers[] => families.flatMap((family) => family.workers()),
  };
}
