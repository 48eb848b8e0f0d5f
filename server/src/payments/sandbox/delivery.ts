/**
 * How a sandbox delivers notifications: like the real providers, at least once. A delivery the
 * merchant does not acknowledge is retried after each of `retryDelaysMs`; `duplicates` sends every
 * notification that many extra times at once; `holdBack` keeps notifications and sends them only
 * when `flush` is called, newest first (out of order). Tests tune these; every delivery is logged
 * so a test can replay one.
 */
export interface DeliveryRules {
  retryDelaysMs: number[];
  duplicates: number;
  holdBack: boolean;
}

export interface Notification {
  seq: number;
  provider: string;
  url: string;
  headers: Record<string, string>;
  body: string;
  /** The HTTP statuses and bodies the merchant answered, one per attempt. */
  answers: Array<{ status: number; body: string }>;
}

export interface Deliverer {
  rules: DeliveryRules;
  log: Notification[];
  /** Sends now (or holds it); `sign` builds the headers and body of each attempt (a retry may differ, as ECPay's RtnMsg does). */
  send(provider: string, url: string, sign: (attempt: number) => { headers: Record<string, string>; body: string }, acknowledged: (status: number, body: string) => boolean): void;
  flush(): Promise<void>;
  /** Resolves once nothing is in flight (tests wait on it instead of sleeping). */
  idle(): Promise<void>;
  close(): void;
}

export function createDeliverer(rules: DeliveryRules, onError: (error: unknown) => void): Deliverer {
  const log: Notification[] = [];
  const held: Array<() => Promise<void>> = [];
  const inFlight = new Set<Promise<void>>();
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;

  const track = (promise: Promise<void>) => {
    inFlight.add(promise);
    void promise.finally(() => inFlight.delete(promise));
  };

  async function attempt(entry: Notification, sign: (attempt: number) => { headers: Record<string, string>; body: string }, acknowledged: (status: number, body: string) => boolean, n: number) {
    if (closed) return;
    const { headers, body } = sign(n);
    if (n === 0) Object.assign(entry, { headers, body });
    let ok = false;
    try {
      const response = await fetch(entry.url, { method: 'POST', headers, body, signal: AbortSignal.timeout(10_000) });
      const text = await response.text();
      entry.answers.push({ status: response.status, body: text });
      ok = acknowledged(response.status, text);
    } catch (error) {
      entry.answers.push({ status: 0, body: String(error) });
    }
    const delay = rules.retryDelaysMs[n];
    if (!ok && delay !== undefined && !closed) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        track(attempt(entry, sign, acknowledged, n + 1).catch(onError));
      }, delay);
      timer.unref();
      timers.add(timer);
    }
  }

  return {
    rules,
    log,
    send(provider, url, sign, acknowledged) {
      const copies = 1 + Math.max(0, rules.duplicates);
      const go = async () => {
        await Promise.all(
          Array.from({ length: copies }, () => {
            const entry: Notification = { seq: log.length + 1, provider, url, headers: {}, body: '', answers: [] };
            log.push(entry);
            return attempt(entry, sign, acknowledged, 0);
          }),
        );
      };
      if (rules.holdBack) held.push(go);
      else track(go().catch(onError));
    },
    async flush() {
      const batch = held.splice(0).reverse();
      for (const go of batch) await go().catch(onError);
    },
    async idle() {
      while (inFlight.size) await Promise.allSettled([...inFlight]);
    },
    close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
    },
  };
}
