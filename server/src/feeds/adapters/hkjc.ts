import { answerOf, fetchFromSource } from '../http.ts';
import { FeedFormatError, type DrawRef, type FeedAnswer, type FeedDivision, type FeedReading, type ResultFeed } from '../types.ts';
import { integerOf, integersOf, lotteryResult, minorUnitsOf } from '../validate.ts';

/**
 * HKJC's GraphQL gateway for Mark Six (reference §2, CONFIRMED): POST `<base>` (the trailing slash
 * matters) with `{ operationName, variables, query }`, operation `marksixResult` over the last N
 * draws. Final only when `status` is `Result` with 6 drawn numbers and the extra one (§10.3); pool
 * dividends (HK$ per HK$10 unit, types 1–7) come later the same night and are read when present.
 *
 * UNCONFIRMED: the gateway is said to accept only the exact query text the HKJC site sends
 * (`WHITELIST_ERROR` otherwise). The text below is built from the documented fragment; if the
 * gateway refuses it the answer is `down` with the gateway's error, and the text must be replaced
 * by a byte-for-byte capture of the site's. It is the one place to change.
 */
export const HKJC_URL = 'https://info.cld.hkjc.com/graphql/base/';

export const MARKSIX_RESULT_QUERY = `query marksixResult($lastNDraw: Int, $startDate: String, $endDate: String, $drawType: LotteryDrawType) {
  lotteryDraws(lastNDraw: $lastNDraw, startDate: $startDate, endDate: $endDate, drawType: $drawType) {
    ...lotteryDrawsFragment
  }
}

fragment lotteryDrawsFragment on LotteryDraw {
  id
  year
  no
  openDate
  closeDate
  drawDate
  status
  snowballCode
  snowballName_en
  snowballName_ch
  lotteryPool {
    sell
    status
    totalInvestment
    jackpot
    unitBet
    estimatedPrize
    derivedFirstPrizeDiv
    lotteryPrizes {
      type
      winningUnit
      dividend
    }
  }
  drawResult {
    drawnNo
    xDrawnNo
  }
}`;

type Draw = {
  id?: unknown;
  drawDate?: unknown;
  status?: unknown;
  drawResult?: { drawnNo?: unknown; xDrawnNo?: unknown } | null;
  lotteryPool?: { lotteryPrizes?: Array<{ type?: unknown; winningUnit?: unknown; dividend?: unknown }> | null } | null;
};

/** A draw with its result, or null while it has none (a pending or next draw). */
function readingOf(draw: Draw): FeedReading | null {
  if (typeof draw.id !== 'string' || !/^\d{2}\/\d{3}$/.test(draw.id)) throw new FeedFormatError(`draw id ${JSON.stringify(draw.id)} is not YY/NNN`);
  const drawn = draw.drawResult?.drawnNo;
  const extra = draw.drawResult?.xDrawnNo;
  if (draw.status !== 'Result') return null;
  if (!Array.isArray(drawn) || drawn.length === 0 || extra === null || extra === undefined) throw new FeedFormatError(`draw ${draw.id} is "Result" without its numbers`);
  const day = typeof draw.drawDate === 'string' ? draw.drawDate.slice(0, 10) : '';
  const divisions: FeedDivision[] = [];
  for (const prize of draw.lotteryPool?.lotteryPrizes ?? []) {
    const type = integerOf(prize.type, 'lotteryPrizes.type');
    if (type < 1 || type > 7) throw new FeedFormatError(`prize type ${type}`);
    if (prize.dividend === null || prize.dividend === undefined || prize.dividend === '') continue;
    // `winningUnit` counts HK$10 units (partial units make fractions): not a ticket count, so not kept as one.
    divisions.push({ division: type, amount: minorUnitsOf(prize.dividend, `dividend of type ${type}`), winners: null });
  }
  return {
    drawNumber: draw.id,
    drawnAt: /^\d{4}-\d{2}-\d{2}$/.test(day) ? new Date(`${day}T00:00:00+08:00`) : null,
    result: lotteryResult('HKA01', { zones: [integersOf(drawn, 'drawnNo')], extra: [integerOf(extra, 'xDrawnNo')] }),
    divisions,
    nextJackpot: null,
  };
}

export function hkjcFeed(options: { url?: string; timeoutMs: number }): ResultFeed {
  const url = options.url ?? HKJC_URL;
  async function lastDraws(count: number): Promise<Draw[]> {
    const body = JSON.stringify({ operationName: 'marksixResult', variables: { lastNDraw: count, startDate: null, endDate: null, drawType: 'All' }, query: MARKSIX_RESULT_QUERY });
    const answer = (await fetchFromSource(url, { method: 'POST', body, expect: 'json', timeoutMs: options.timeoutMs, headers: { 'Content-Type': 'application/json', Origin: 'https://bet.hkjc.com', Referer: 'https://bet.hkjc.com/' } })) as {
      data?: { lotteryDraws?: unknown };
      errors?: Array<{ message?: string; extensions?: { code?: string } }>;
    } | null;
    if (!answer) throw new FeedFormatError('empty answer');
    if (answer.errors?.length) throw new FeedFormatError(`gateway error: ${answer.errors.map((e) => e.extensions?.code ?? e.message).join(', ')}`);
    if (!Array.isArray(answer.data?.lotteryDraws)) throw new FeedFormatError('no data.lotteryDraws');
    return answer.data.lotteryDraws as Draw[];
  }

  return {
    source: 'hkjc',
    confirmed: true,
    products: ['HKA01'],
    latest: () =>
      answerOf(async (): Promise<FeedAnswer> => {
        const readings = (await lastDraws(3)).map(readingOf).filter((r): r is FeedReading => r !== null);
        if (readings.length === 0) return { state: 'not_yet' };
        const newest = readings.reduce((a, b) => (b.drawNumber > a.drawNumber ? b : a));
        return { state: 'reading', reading: newest };
      }),
    byDrawNumber: (_code, draw: DrawRef) =>
      answerOf(async (): Promise<FeedAnswer> => {
        const found = (await lastDraws(10)).filter((d) => d.id === draw.issue);
        if (found.length > 1) throw new FeedFormatError(`${found.length} draws ${draw.issue}`);
        const reading = found[0] ? readingOf(found[0]) : null;
        return reading ? { state: 'reading', reading } : { state: 'not_yet' };
      }),
  };
}
