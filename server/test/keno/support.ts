/** CAB01 every 4 s, sales closing 1 s before each draw: a whole draw happens within a test. */
export const FAST_CAB01 = { KENO_SCHEDULE_OVERRIDES: JSON.stringify({ CAB01: { intervalSeconds: 4, salesCloseSeconds: 1 } }) };

export async function waitForValue<T>(get: () => T | undefined | Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await get();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`nothing within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
