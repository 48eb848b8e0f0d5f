import { z } from 'zod';
import { paged } from './fields.ts';
import { ORDER_REFUND_CAUSES } from './orders.ts';

/** Every ledger entry names its cause; `kind` says what kind of cause it is. */
export const LEDGER_KINDS = ['deposit', 'pin', 'order', 'refund', 'prize', 'adjustment', 'withdrawal'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** Real points and trial-play points are separate accounts of one wallet. */
export const ACCOUNTS = ['real', 'trial'] as const;
export type Account = (typeof ACCOUNTS)[number];

/**
 * Why a `refund` entry was posted: its order's refund cause (`ORDER_REFUND_CAUSES`), or
 * `selection_void` — a settled football slip's stake back on void or push selections.
 */
export const LEDGER_REFUND_CAUSES = [...ORDER_REFUND_CAUSES, 'selection_void'] as const;
export type LedgerRefundCause = (typeof LEDGER_REFUND_CAUSES)[number];

export const ledgerEntry = z.object({
  id: z.string(),
  kind: z.enum(LEDGER_KINDS),
  account: z.enum(ACCOUNTS),
  amount: z.number().int(),
  balanceAfter: z.number().int(),
  refType: z.string(),
  refId: z.string(),
  /** The product of the order an entry belongs to (`order`, `refund`, `prize`), else null. */
  productCode: z.string().nullable(),
  /** A `refund` entry's cause (`LEDGER_REFUND_CAUSES`); null on other entries and on refunds older than causes. */
  refundCause: z.enum(LEDGER_REFUND_CAUSES).nullable(),
  createdAt: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntry>;
export const ledgerPage = paged(ledgerEntry);

export const balancePayload = z.object({
  balance: z.number().int(),
  trialBalance: z.number().int(),
  at: z.string(),
});
export type BalancePayload = z.infer<typeof balancePayload>;
