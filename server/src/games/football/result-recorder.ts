import { isFinalEventStatus, type FootballEventStatusWire, type FootballEventWire, type MatchResult, type MatchResultWire } from '@gp/common';
import type { FootballEventRow, FootballEventStatus } from '../../db/types.ts';
import { AppError } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { normalisedResult, resultProblems } from './operator-result.ts';
import { marketChange } from './odds-diff.ts';
import { playersOf, presentEvent } from './present.ts';
import { oddsPayload, publishOdds } from './publish.ts';
import type { FootballResultSource } from './source.ts';
import { eventsRepo } from './events-repo.ts';
import { marketsRepo } from './markets-repo.ts';

const eventStatusOf = (result: MatchResult): FootballEventStatus => (result.status === 'played' ? 'resulted' : result.status);

/** The refusals of an operator's result, in order: already resulted, a result that does not add up, a score before the close. */
function checkOperatorResult(event: FootballEventRow, body: MatchResultWire, now: Date) {
  if (isFinalEventStatus(event.status)) throw new AppError('result_exists');
  const problem = resultProblems(body, playersOf(event));
  if (problem) throw new AppError('validation_failed', { fields: problem.fields });
  if (body.status === 'played' && now < event.sales_close_at) {
    throw new AppError('validation_failed', { fields: { event: 'invalid' }, details: { rule: 'salesOpen' } });
  }
}

/**
 * Records results: the results job's pass (the result source's results of matches that should be
 * over, see ./result-source.ts) and the operator's entry (checked by ./operator-result.ts). Either
 * way the status moves by a conditional update, the markets close, the `afterResulted` hook queues
 * the settlement, and an `odds` event tells watchers the new status.
 */
export function createResultRecorder(
  platform: Pick<Platform, 'db' | 'bus' | 'logger' | 'config'>,
  source: FootballResultSource,
  afterResulted: (eventId: number) => Promise<void>,
) {
  const { db, bus, logger, config } = platform;

  /** After the result is stored: settlement first (the sweep repairs a failure), then members are told. */
  async function announce(row: FootballEventRow, now: Date) {
    const eventId = row.id;
    const closed = await marketsRepo.close(db, { eventIds: [eventId] }, now);
    try {
      await afterResulted(eventId);
    } catch (error) {
      logger.error({ err: error, eventId }, 'could not queue the settlement of a resulted event');
    }
    const changes = closed.map((m) => marketChange(m, 'closed', m.odds, m.odds));
    // `row` is the row markFinal returned: its status is final, a wire status as it stands.
    await publishOdds(bus, oddsPayload(eventId, changes, now, row.status as FootballEventStatusWire));
    logger.info({ eventId, code: row.code, status: row.status, source: row.result_source }, 'football result published');
  }

  return {
    /**
     * The results job: every closed event whose match should be over gets its result from the
     * source (nothing with `manual`). Returns how many were resulted.
     */
    async resultDue(now: Date): Promise<number> {
      if (source.kind === 'manual') return 0;
      const due = await eventsRepo.dueForResult(db, new Date(now.getTime() - config.FOOTBALL_SIMULATION.matchMinutes * 60_000));
      let resulted = 0;
      for (const event of due) {
        const result = source.resultOf({ id: event.id, kickOffAt: event.kick_off_at, model: event.model, seed: event.seed }, now);
        if (!result) continue;
        const row = await eventsRepo.markFinal(db, event.id, { status: eventStatusOf(result), result, source: 'simulated', from: ['closed'] }, now);
        if (!row) continue;
        resulted += 1;
        await announce(row, now);
      }
      return resulted;
    },

    /**
     * An operator's result or void reason (whatever FOOTBALL_RESULT_SOURCE is: a correction before
     * the simulated result lands). A played result only once sales have closed; a void reason any
     * time; never a second time (409 `result_exists`).
     */
    checkResult: checkOperatorResult,

    async enterResult(event: FootballEventRow, body: MatchResultWire, now: Date): Promise<FootballEventWire> {
      const id = event.id;
      const alreadyResulted = () => new AppError('result_exists');
      checkOperatorResult(event, body, now);
      const result = normalisedResult(body);
      const row = await eventsRepo.markFinal(db, id, { status: eventStatusOf(result), result, source: 'manual', from: ['scheduled', 'closed'] }, now);
      if (!row) throw alreadyResulted();
      await announce(row, now);
      return presentEvent(row, await marketsRepo.ofEvents(db, [id]), now);
    },
  };
}
