/**
 * Waiting in tests, on conditions only: a test never sleeps for a fixed time to "let things
 * settle". It polls for the state it needs (`eventually`), waits for a pushed value (`firstMatching`),
 * or bounds a promise (`within`). The timeouts are upper bounds for a failure message, never a pace.
 */

/**
 * Polls `check` every 20 ms until it returns something other than `undefined` or `false`, and
 * resolves with that. A check that throws counts as "not yet" (its last error is in the failure).
 * Fails after `timeoutMs` naming `what`.
 *
 * @example const order = await eventually('the order to be purchased', async () => { const o = await read(id); return o.status === 2 && o; });
 */
export async function eventually<T>(
  what: string,
  check: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined && value !== false) return value as T;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${last ? ` (last error: ${String(last)})` : ''}`);
    await new Promise<void>((resolve) => setTimeout(resolve, 20));
  }
}

/** `list` (events a socket recorded, say) once it holds at least `count` items: `eventually` on its length. */
export function atLeast<T>(list: T[], count = 1, timeoutMs = 5_000): Promise<T[]> {
  return eventually(`${count} item(s)`, () => {
    if (list.length < count) throw new Error(`${list.length} so far`);
    return list;
  }, timeoutMs);
}

/** `promise`, or a rejection naming `what` if it takes longer than `timeoutMs`. */
export function within<T>(promise: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}`)), timeoutMs);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Resolves with the first value `register` delivers that matches, or rejects after `timeoutMs`. */
export function firstMatching<T>(what: string, register: (deliver: (value: T) => void) => () => void, matches: (value: T) => boolean = () => true, timeoutMs = 10_000): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let stop: () => void = () => undefined;
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}`));
    }, timeoutMs);
    stop = register((value) => {
      if (!matches(value)) return;
      clearTimeout(timer);
      stop();
      resolve(value);
    });
  });
}
