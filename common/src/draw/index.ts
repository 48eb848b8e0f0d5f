export * from './types.ts';
export * from './products.ts';
export * from './calendar.ts';
export * from './ticket.ts';
export * from './settle.ts';
export * from './overrides.ts';
