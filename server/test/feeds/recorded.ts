/**
 * Payloads in each source's documented format (docs/result-feeds.md; field names from
 * /work/shared/reference/result-feeds.md §1–4), written from the field names since nothing here
 * may reach the real operators. Values are illustrative, shapes are the documented ones.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** TLCAPI `LatestBingoResult`: `content.lotteryBingoLatestPost`, twenty zero-padded strings in draw order, the 20th being the super number (bullEye). */
export function tlcBingoLatest(term: string, inOrder: number[], dDate = '2026-08-13T10:05:00') {
  return {
    rtCode: 0,
    rtMsg: '',
    content: {
      lotteryBingoLatestPost: {
        drawTerm: Number(term),
        dDate,
        bigShowOrder: [...inOrder].sort((a, b) => a - b).map(pad),
        openShowOrder: inOrder.map(pad),
        prizeNum: { bullEye: pad(inOrder.at(-1)!), highLow: '－', oddEven: '－' },
      },
    },
  };
}

/** TLCAPI `BingoResult?openDate=`: `content.bingoQueryResult[]` with `bullEyeTop` (the history's own name). */
export function tlcBingoHistory(rows: Array<{ term: string; inOrder: number[] }>) {
  return {
    rtCode: 0,
    rtMsg: '',
    content: {
      totalSize: rows.length,
      bingoQueryResult: rows.map((r) => ({ drawTerm: Number(r.term), bigShowOrder: [...r.inOrder].sort((a, b) => a - b).map(pad), openShowOrder: r.inOrder.map(pad), bullEyeTop: pad(r.inOrder.at(-1)!), highLowTop: '－', oddEvenTop: '－' })),
    },
  };
}

/** TLCAPI lotto rows (大樂透 `lotto649Res`): `drawNumberSize` ascending with the special number last, `drawNumberAppear` in draw order. */
export function tlcLotto649(period: string, main: number[], special: number, extra: Record<string, unknown> = {}) {
  return {
    rtCode: 0,
    rtMsg: '',
    content: {
      totalSize: 1,
      lotto649Res: [{ period, lotteryDate: '2026-08-14T00:00:00', redeemableDate: '2026-11-14', drawNumberSize: [...[...main].sort((a, b) => a - b), special], drawNumberAppear: [...main].reverse().concat(special), sellAmount: 120_000_000, ...extra }],
    },
  };
}

/** TLCAPI 威力彩 (`superLotto638Res`): the last element is the second-zone number. */
export function tlcSuperLotto(period: string, first: number[], second: number) {
  return { rtCode: 0, rtMsg: '', content: { totalSize: 1, superLotto638Res: [{ period: Number(period), lotteryDate: '2026-08-13', drawNumberSize: [...[...first].sort((a, b) => a - b), second], drawNumberAppear: [...first, second] }] } };
}

/** D423F CSV (header names of the number columns UNCONFIRMED: see the adapter). */
export function d423fCsv(rows: Array<{ game: string; period: string; date: string; numbers: number[]; superNumber?: number; special?: number }>) {
  const width = Math.max(...rows.map((r) => r.numbers.length));
  const header = ['遊戲名稱', '期別', '開獎日期', '銷售金额', '總獎金', ...Array.from({ length: width }, (_, i) => `獎號${i + 1}`), '特別號', '超級獎號', '猜大小', '猜單雙'];
  const lines = rows.map((r) => [r.game, r.period, r.date, '1000000', '500000', ...Array.from({ length: width }, (_, i) => (r.numbers[i] === undefined ? '' : pad(r.numbers[i]!))), r.special ? pad(r.special) : '', r.superNumber ? pad(r.superNumber) : '', '－', '－'].join(','));
  return `\uFEFF${header.join(',')}\r\n${lines.join('\r\n')}\r\n`;
}

/** HKJC GraphQL `marksixResult`: `data.lotteryDraws[]`, the newest first, a pending next draw without numbers. */
export function hkjcMarkSix(draws: Array<{ id: string; date: string; numbers?: number[]; extra?: number; dividends?: Array<[number, string]> }>) {
  return {
    data: {
      lotteryDraws: draws.map((d) => ({
        id: d.id,
        year: `20${d.id.slice(0, 2)}`,
        no: Number(d.id.slice(3)),
        openDate: `${d.date}+08:00`,
        closeDate: `${d.date}T21:15:00+08:00`,
        drawDate: `${d.date}+08:00`,
        status: d.numbers ? 'Result' : 'Defined',
        snowballCode: null,
        snowballName_en: null,
        snowballName_ch: null,
        lotteryPool: { sell: null, status: null, totalInvestment: '45,123,456', jackpot: '0', unitBet: 10, estimatedPrize: '18,000,000', derivedFirstPrizeDiv: null, lotteryPrizes: (d.dividends ?? []).map(([type, dividend]) => ({ type, winningUnit: 12.5, dividend })) },
        drawResult: { drawnNo: d.numbers ?? [], xDrawnNo: d.numbers ? d.extra : null },
      })),
    },
  };
}

/** NY Open Data SODA Powerball (`d6yy-54nr`): six space-separated numbers, the Powerball last; `multiplier` the Power Play. */
export const sodaPowerball = (day: string, numbers: number[], multiplier: string) => [{ draw_date: `${day}T00:00:00.000`, winning_numbers: numbers.map(pad).join(' '), multiplier }];
/** SODA Mega Millions (`5xaw-6ayf`): five white numbers, `mega_ball` apart. */
export const sodaMegaMillions = (day: string, white: number[], megaBall: number) => [{ draw_date: `${day}T00:00:00.000`, winning_numbers: white.map(pad).join(' '), mega_ball: pad(megaBall), multiplier: '03' }];

/** megamillions.com `GetLatestDrawData` answered to a JSON POST: `{ d: "<JSON text>" }`. */
export function megamillionsLatest(day: string, white: number[], megaBall: number, verified = true) {
  const inner = {
    Drawing: { PlayDate: `${day}T00:00:00`, N1: white[0], N2: white[1], N3: white[2], N4: white[3], N5: white[4], MBall: megaBall, Megaplier: -1, UpdatedBy: 'SERVICE', UpdatedTime: `${day}T23:30:00` },
    Jackpot: { PlayDate: `${day}T00:00:00`, CurrentPrizePool: 743000000, NextPrizePool: 800000000, CurrentCashValue: 341000000, NextCashValue: 367000000, Winners: 0, Verified: verified },
    PrizeTiers: [{ PlayDate: `${day}T00:00:00`, Tier: 0, IsMegaplier: false, Winners: 0 }],
  };
  return { d: JSON.stringify(inner) };
}
