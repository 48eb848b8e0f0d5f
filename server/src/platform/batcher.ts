/**
 * Coalesces concurrent calls into batches (group commit): `run(key)` joins the batch being formed
 * and resolves with that key's own outcome. A batch goes as soon as fewer than `maxInFlight`
 * batches are running (next turn of the event loop, so the calls of one turn travel together);
 * otherwise calls wait for one to finish and then go together — so under light load a call waits
 * for nobody, and under heavy load the batches grow instead of the round trips.
 *
 * A key already waiting is not added twice to one batch: the second call rides in the next, so
 * each batch holds distinct keys and sees the first's effects. Keys are told apart by
 * `options.identity` when given (the member of an order), else as they are.
 */
export function createBatcher<K, R>(
  handle: (keys: K[]) => Promise<Array<PromiseSettledResult<R>>>,
  options: { maxBatch: number; maxInFlight: number; identity?: (key: K) => unknown },
) {
  const identity = options.identity ?? ((key: K) => key);
  type Waiter = { key: K; resolve: (value: R) => void; reject: (reason: unknown) => void };
  let waiting: Waiter[] = [];
  let inFlight = 0;
  let scheduled = false;

  function schedule() {
    if (scheduled || waiting.length === 0 || inFlight >= options.maxInFlight) return;
    scheduled = true;
    setImmediate(flush);
  }

  function flush() {
    scheduled = false;
    if (waiting.length === 0 || inFlight >= options.maxInFlight) return;
    const batch: Waiter[] = [];
    const rest: Waiter[] = [];
    const keys = new Set<unknown>();
    for (const waiter of waiting) {
      if (batch.length < options.maxBatch && !keys.has(identity(waiter.key))) {
        keys.add(identity(waiter.key));
        batch.push(waiter);
      } else rest.push(waiter);
    }
    waiting = rest;
    inFlight++;
    void handle(batch.map((w) => w.key))
      .then(
        (outcomes) =>
          batch.forEach((waiter, i) => {
            const outcome = outcomes[i];
            if (!outcome) waiter.reject(new Error('the batch returned no outcome for this call'));
            else if (outcome.status === 'fulfilled') waiter.resolve(outcome.value);
            else waiter.reject(outcome.reason);
          }),
        (error: unknown) => batch.forEach((waiter) => waiter.reject(error)),
      )
      .finally(() => {
        inFlight--;
        schedule();
      });
    schedule();
  }

  return {
    run(key: K): Promise<R> {
      return new Promise<R>((resolve, reject) => {
        waiting.push({ key, resolve, reject });
        schedule();
      });
    },
  };
}
