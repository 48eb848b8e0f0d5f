/**
 * Payloads in the documented formats of the sources for EuroMillions (FDJ, UK National Lottery),
 * Loto 6 / Loto 7 (Mizuho Bank), AU Powerball (The Lott) and Canada Keno (BCLC), written from
 * the field names of /work/shared/reference/result-feeds.md §5–§8 (nothing here may reach the
 * operators). Values are illustrative, shapes are the documented ones.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** FDJ `games/euromillions/draws?include=results,addons`: a list of draws, `results[]` of `{ type, value }` (type strings unconfirmed: `number` / `star` here). */
export function fdjDraws(draws: Array<{ drawnAt: string; numbers?: number[]; stars?: number[]; types?: [string, string] }>) {
  return draws.map((d, i) => ({
    id: `draw-${i}`,
    drawn_at: d.drawnAt,
    results: d.numbers ? [...d.numbers.map((value) => ({ type: d.types?.[0] ?? 'number', value })), ...(d.stars ?? []).map((value) => ({ type: d.types?.[1] ?? 'star', value }))] : [],
    addons: d.numbers ? [{ type: 'my_million', value: 'AB 123 4567' }] : [],
  }));
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** UK National Lottery `results/euromillions/draw-history/csv`: DrawDate `DD-Mon-YYYY`, Ball 1–5, Lucky Star 1–2, UK Millionaire Maker, DrawNumber; newest first. */
export function uknlCsv(rows: Array<{ day: string; numbers: number[]; stars: number[]; drawNumber?: number }>) {
  const header = 'DrawDate,Ball 1,Ball 2,Ball 3,Ball 4,Ball 5,Lucky Star 1,Lucky Star 2,UK Millionaire Maker,DrawNumber';
  const lines = rows.map((r, i) => {
    const [y, m, d] = r.day.split('-');
    return [`${d}-${MONTHS[Number(m) - 1]}-${y}`, ...r.numbers, ...r.stars, `"XKDL${12345 + i}"`, r.drawNumber ?? 1900 + rows.length - i].join(',');
  });
  return `${header}\r\n${lines.join('\r\n')}\r\n`;
}

/** ASCII digits as full-width ones, as Mizuho writes them. */
const wide = (text: string) => text.replace(/[0-9]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));

let sjis: Map<string, number[]> | null = null;
/** Text as Shift_JIS bytes (Node encodes only UTF-8: the table is built by decoding every two-byte code). */
export function shiftJis(text: string): Buffer {
  if (!sjis) {
    sjis = new Map();
    const decoder = new TextDecoder('shift_jis', { fatal: true });
    for (let lead = 0x81; lead <= 0xfc; lead++) {
      if (lead > 0x9f && lead < 0xe0) continue;
      for (let trail = 0x40; trail <= 0xfc; trail++) {
        if (trail === 0x7f) continue;
        try {
          const ch = decoder.decode(new Uint8Array([lead, trail]));
          if (ch.length === 1 && !sjis.has(ch)) sjis.set(ch, [lead, trail]);
        } catch {
          // not a character in Shift_JIS
        }
      }
    }
  }
  const bytes: number[] = [];
  for (const ch of text) {
    if (ch.charCodeAt(0) < 0x80) bytes.push(ch.charCodeAt(0));
    else {
      const code = sjis.get(ch);
      if (!code) throw new Error(`no Shift_JIS code for ${ch}`);
      bytes.push(...code);
    }
  }
  return Buffer.from(bytes);
}

/** Mizuho's index `loto6.csv` / `loto7.csv`: one row per recent draw (title, game, era date, venue), no numbers. */
export function mizuhoIndex(game: 'ロト６' | 'ロト７', draws: Array<{ number: number; date: string }>) {
  const rows = draws.map((d) => `第${wide(String(d.number))}回${game},数字選択式全国自治宝くじ,${d.date},東京 宝くじドリーム館`);
  return shiftJis(`A50,${game}\r\n${rows.join('\r\n')}\r\n`);
}

/**
 * Mizuho's per-draw file `A102NNNN.CSV` / `A103NNNN.CSV`: the title row with the era date, the
 * claim period, `本数字` … `ボーナス数字` (the bonus in brackets), then per grade the winning
 * units and the amount per unit (`該当なし` when nobody won), carry-over and sales.
 */
export function mizuhoDraw(game: 'ロト６' | 'ロト７', draw: { number: number; date: string; main: number[]; bonus: number[]; grades: Array<[number, number | null, number | null]> }) {
  const yen = (n: number) => `"${n.toLocaleString('en-US')}円"`;
  const lines = [
    `A52,${game}`,
    `第${wide(String(draw.number))}回${game},数字選択式全国自治宝くじ,${draw.date},東京 宝くじドリーム館`,
    `支払期間,${draw.date}から1年間`,
    `本数字,${draw.main.map((n) => wide(pad(n))).join(',')},ボーナス数字,${draw.bonus.map((n) => `（${wide(pad(n))}）`).join(',')}`,
    ...draw.grades.map(([grade, units, amount]) => `${wide(String(grade))}等,${units === null ? '該当なし' : `"${units.toLocaleString('en-US')}口"`},${amount === null ? '該当なし' : yen(amount)}`),
    `キャリーオーバー,${yen(512_345_678)}`,
    `販売実績額,${yen(1_234_567_800)}`,
  ];
  return shiftJis(`${lines.join('\r\n')}\r\n`);
}

/** The Lott `latestresults`: `{ DrawResults[], ErrorInfo, Success }`; `Dividends` per division with the national (Bloc) winners and dividend in AUD. */
export function thelottResults(draws: Array<{ number: number; date: string; primary: number[]; powerball: number; dividends?: Array<[number, number, number]> }>, success = true) {
  return {
    DrawResults: draws.map((d) => ({
      ProductId: 'Powerball',
      DrawNumber: d.number,
      DrawDate: `${d.date}T00:00:00`,
      DrawDisplayName: `Powerball Draw ${d.number}`,
      DrawLogoUrl: 'https://media.thelott.com/powerball.png',
      PrimaryNumbers: d.primary,
      SecondaryNumbers: [d.powerball],
      TicketNumbers: null,
      Dividends: (d.dividends ?? []).map(([Division, winners, dividend]) => ({ Division, BlocNumberOfWinners: winners, BlocDividend: dividend, CompanyId: 'GoldenCasket', CompanyNumberOfWinners: 0, CompanyDividend: dividend, PoolTransferType: 'None', PoolTransferredTo: 0, PrizeBoostValue: 0 })),
    })),
    ErrorInfo: success ? null : { DisplayMessage: 'Service unavailable', ErrorNo: 500 },
    Success: success,
  };
}

/** BCLC `services2/keno/draw/latest/today`: today's draws newest first, `drawNbr`, `drawDate`, `drawTime` (Pacific), `drawNbrs` (20 of 1–80). */
export const bclcDraws = (draws: Array<{ number: number; date: string; time: string; numbers: number[] }>) => draws.map((d) => ({ drawNbr: d.number, drawDate: d.date, drawTime: d.time, drawNbrs: d.numbers, drawBonus: 1 }));
