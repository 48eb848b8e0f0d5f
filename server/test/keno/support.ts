/** CAB01 every 4 s, sales closing 1 s before each draw: a whole draw happens within a test. */
export const FAST_CAB01 = { KENO_SCHEDULE_OVERRIDES: JSON.stringify({ CAB01: { intervalSeconds: 4, salesCloseSeconds: 1 } }) };
