/** Every query key in one place, so invalidation (the header's update button, socket events) stays in step. */
export const queryKeys = {
  site: ['site'] as const,
  me: ['me'] as const,
  wallet: ['wallet'] as const,
  ledger: (page: number, pageSize: number) => ['wallet', 'ledger', page, pageSize] as const,
  orders: ['orders'] as const,
};
