import { z } from 'zod';
import { paged } from './fields.ts';

/** Every ledger entry names its cause; `kind` says what kind of cause it is. */
export const LEDGER_KINDS = ['deposit', 'pin', 'order', 'refund', 'prize', 'adjustment', 'withdrawal'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** Real points and trial-play points are separate accounts of one wallet. */
export const ACCOUNTS = ['real', 'trial'] as const;
export type Account = (typeof ACCOUNTS)[number];

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
