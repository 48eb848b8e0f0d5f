/**
 * The ledger postings of one withdrawal: its hold and its return, two causes, each posting once (the
 * ledger's unique cause index). A rejection, a cancellation and a bank's return all post the same
 * return cause, so a withdrawal's points come back at most once, whichever way.
 */
export const holdOf = (userId: number, id: number, amount: number) => ({ userId, account: 'real' as const, kind: 'withdrawal' as const, refType: 'withdrawal', refId: id, amount });
export const returnOf = (userId: number, id: number, amount: number) => ({ userId, account: 'real' as const, kind: 'withdrawal' as const, refType: 'withdrawal-return', refId: id, amount });
