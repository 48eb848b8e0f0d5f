/**
 * The platform's clock in an integration test (`platform.now`): it runs with the wall clock, and a
 * test moves it forward past a deadline (a sales cut-off, a draw time) instead of waiting for it.
 * It never goes back, so what the platform has already seen stays in its past.
 *
 * Work already handed to BullMQ with a delay still runs on the wall clock: after moving the clock,
 * a test promotes the job it is waiting for (`promoteJob`). Jobs queued after the move get their
 * delay from this clock (the outbox and the keno scheduler read `platform.now`).
 *
 * @example env.clock.advanceTo(draw.sales_close_at); // the draw's sales are closed, for the platform
 */
export class TestClock {
  private aheadMs = 0;

  /** The platform's time: the wall clock plus however far the test has moved it. */
  readonly now = (): Date => new Date(Date.now() + this.aheadMs);

  /** How far ahead of the wall clock the platform is. */
  get offsetMs(): number {
    return this.aheadMs;
  }

  advance(ms: number): void {
    if (ms < 0) throw new RangeError('the test clock cannot go backwards');
    this.aheadMs += ms;
  }

  /** Moves the clock to `at`; a time already passed changes nothing. */
  advanceTo(at: Date | number | string): void {
    const behind = new Date(at).getTime() - this.now().getTime();
    if (behind > 0) this.aheadMs += behind;
  }
}
