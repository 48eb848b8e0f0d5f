import type { Provenance } from '../products/types.ts';
import type { AddOn, DrawCalendar, DrawCode, DrawProduct, Division, DivisionPrize, MatchRule, PlayType, Zone } from './types.ts';

/**
 * The twelve draw lotteries of spec §1, from `../shared/reference/lotteries.md`. Amounts are in
 * minor units of the product's currency (cents; yen in whole yen). Every fact says how sure we are;
 * `unconfirmed` ones are seeds a deployment replaces with `withDrawOverrides`. System (multiple)
 * and banker entries of lotteries that do not sell them (the US games, EuroMillions) are bought
 * as the single plays they expand to, so their limits are ours, not the operator's.
 */

const confirmed = (source: string): Provenance => ({ confidence: 'confirmed', source });
const medium = (source: string): Provenance => ({ confidence: 'medium', source });
const unconfirmed = (source: string): Provenance => ({ confidence: 'unconfirmed', source });

/** A match rule: `hits(5, 1)` = 5 of zone 1 and 1 of zone 2; `extra` exactly `x` extra numbers, or at least `min`. */
const hits = (...counts: number[]): MatchRule => ({ hits: counts });
const withExtra = (counts: number[], min: number, max: number): MatchRule => ({ hits: counts, extra: { min, max } });

const fixed = (amount: number): DivisionPrize => ({ kind: 'fixed', amount });
const pool = (estimate: number | null, jackpot = false): DivisionPrize => (jackpot ? { kind: 'pool', estimate, jackpot } : { kind: 'pool', estimate });

function division(id: number, name: string, localName: string, match: MatchRule | MatchRule[], prize: DivisionPrize, more: Partial<Division> = {}): Division {
  return { id, name, localName, match: Array.isArray(match) ? match : [match], prize, ...more };
}

function zone(key: string, label: string, pick: number, poolSize: number, options: { system?: number | null; bankers?: number | null; drawCount?: number } = {}): Zone {
  const system = options.system === undefined ? Math.min(poolSize, pick + 6) : options.system;
  const bankers = options.bankers === undefined ? (pick > 1 ? pick - 1 : null) : options.bankers;
  return { key, label, pick, poolSize, drawCount: options.drawCount ?? pick, system: system === null ? null : { maxNumbers: system }, bankers: bankers === null ? null : { max: bankers } };
}

function calendar(fields: Omit<DrawCalendar, 'breaks' | 'moves' | 'cancelled' | 'unconfirmed' | 'confidence' | 'source'> & Partial<DrawCalendar> & Provenance): DrawCalendar {
  return { breaks: [], moves: [], cancelled: [], unconfirmed: [], ...fields };
}

const SEED_MULTI_DRAW = { max: 10, ...unconfirmed('Our seed: the operator’s own limit on consecutive draws was not checked.') };
const PROXY_SYSTEM_NOTE = 'System and banker entries are expanded into single plays, each bought separately.';
const FEE = 1_000; // 10% service fee: a deployment setting.
const ON_SALE = { onSale: true, reason: null, reasonCode: null } as const;

const AUA01: DrawProduct = {
  code: 'AUA01',
  family: 'draw',
  name: 'Powerball (Australia)',
  localName: 'Powerball',
  region: 'australia',
  operator: 'The Lottery Corporation (the Lott); Lotterywest in WA',
  currency: 'AUD',
  unitStake: { amount: 140, currency: 'AUD', ...medium('A$1.40 a game from Nov 2025 (the Nightly, PerthNow); agent commission varies by channel and is not included.') },
  partialUnit: null,
  serviceFeeBasisPoints: FEE,
  zones: [zone('main', 'Main', 7, 35), zone('powerball', 'Powerball', 1, 20, { system: 8 })],
  extra: null,
  drawOf: null,
  table: {
    ...medium('Nine pari-mutuel divisions (ozlotteries, Wikipedia); pool percentages unconfirmed, so every division is paid at the amount the operator announces.'),
    divisions: [
      division(1, 'Division 1', 'Division 1', hits(7, 1), pool(500_000_000, true)),
      division(2, 'Division 2', 'Division 2', hits(7, 0), pool(null)),
      division(3, 'Division 3', 'Division 3', hits(6, 1), pool(null)),
      division(4, 'Division 4', 'Division 4', hits(6, 0), pool(null)),
      division(5, 'Division 5', 'Division 5', hits(5, 1), pool(null)),
      division(6, 'Division 6', 'Division 6', hits(4, 1), pool(null)),
      division(7, 'Division 7', 'Division 7', hits(5, 0), pool(null)),
      division(8, 'Division 8', 'Division 8', hits(3, 1), pool(null)),
      division(9, 'Division 9', 'Division 9', hits(2, 1), pool(null)),
    ],
  },
  plays: null,
  addOns: [],
  builtInMultiplier: null,
  multiDraw: SEED_MULTI_DRAW,
  maxLines: 1_000,
  maxEntries: 20,
  calendar: calendar({
    timezone: 'Australia/Brisbane',
    weekdays: [4],
    time: '20:30',
    salesCloseMinutes: 65,
    unconfirmed: ['numbering'],
    ...medium('Thursday 20:30 AEST (21:30 AEDT in Sydney); online entries close about 19:25 AEST (2020 agent page).'),
  }),
  numbering: { kind: 'sequence', anchor: { number: 1305, date: '2021-06-03' }, display: 'draw' },
  baseJackpot: { amount: 500_000_000, currency: 'AUD', ...medium('Division 1 guaranteed A$5M since Nov 2025 (the Nightly).') },
  availability: ON_SALE,
  notes: ['Draw numbers count from an anchor (Draw 1305) whose date is our placeholder.', PROXY_SYSTEM_NOTE],
};

const POWER_PLAY: AddOn = {
  code: 'powerPlay',
  name: 'Power Play',
  stake: 100,
  multipliers: [
    { value: 2, weight: 24 },
    { value: 3, weight: 13 },
    { value: 4, weight: 3 },
    { value: 5, weight: 2 },
    { value: 10, weight: 1 },
  ],
  fixedPrizes: { 2: 200_000_000 },
  highestOnlyWhenJackpotAtMost: 15_000_000_000,
  ...confirmed('powerball.com prize chart: +US$1 multiplies non-jackpot prizes 2–5×, 10× only when the jackpot is at most US$150M; Match 5 with Power Play is always US$2M.'),
};

const USA01: DrawProduct = {
  code: 'USA01',
  family: 'draw',
  name: 'Powerball (US)',
  localName: 'Powerball',
  region: 'united-states',
  operator: 'Multi-State Lottery Association',
  currency: 'USD',
  unitStake: { amount: 200, currency: 'USD', ...confirmed('US$2 a play (powerball.com).') },
  partialUnit: null,
  serviceFeeBasisPoints: FEE,
  zones: [zone('white', 'White balls', 5, 69), zone('powerball', 'Powerball', 1, 26, { system: 8 })],
  extra: null,
  drawOf: null,
  table: {
    ...confirmed('powerball.com prize chart: fixed prizes except the jackpot (California pays all tiers pari-mutuel; not sold here).'),
    divisions: [
      division(1, 'Jackpot', 'Jackpot', hits(5, 1), pool(2_000_000_000, true)),
      division(2, 'Match 5', 'Match 5', hits(5, 0), fixed(100_000_000), { multiplied: true }),
      division(3, 'Match 4 + Powerball', 'Match 4 + PB', hits(4, 1), fixed(5_000_000), { multiplied: true }),
      division(4, 'Match 4', 'Match 4', hits(4, 0), fixed(10_000), { multiplied: true }),
      division(5, 'Match 3 + Powerball', 'Match 3 + PB', hits(3, 1), fixed(10_000), { multiplied: true }),
      division(6, 'Match 3', 'Match 3', hits(3, 0), fixed(700), { multiplied: true }),
      division(7, 'Match 2 + Powerball', 'Match 2 + PB', hits(2, 1), fixed(700), { multiplied: true }),
      division(8, 'Match 1 + Powerball', 'Match 1 + PB', hits(1, 1), fixed(400), { multiplied: true }),
      division(9, 'Powerball only', 'PB only', hits(0, 1), fixed(400), { multiplied: true }),
    ],
  },
  plays: null,
  addOns: [POWER_PLAY],
  builtInMultiplier: null,
  multiDraw: SEED_MULTI_DRAW,
  maxLines: 1_000,
  maxEntries: 20,
  calendar: calendar({
    timezone: 'America/New_York',
    weekdays: [1, 3, 6],
    time: '22:59',
    salesCloseMinutes: 60,
    unconfirmed: ['salesCloseMinutes'],
    ...confirmed('Mon, Wed, Sat 22:59 ET (powerball.com). Cut-off is set per state (“at least 59 minutes before”); 60 minutes is our choice.'),
  }),
  numbering: { kind: 'date' },
  baseJackpot: { amount: 2_000_000_000, currency: 'USD', ...confirmed('Starting jackpot US$20M (annuity).') },
  availability: ON_SALE,
  notes: ['Set prizes may be reduced if liability exceeds the prize fund.', 'Draws are identified by date.', PROXY_SYSTEM_NOTE],
};

const USA02: DrawProduct = {
  code: 'USA02',
  family: 'draw',
  name: 'Mega Millions',
  localName: 'Mega Millions',
  region: 'united-states',
  operator: 'Mega Millions consortium',
  currency: 'USD',
  unitStake: { amount: 500, currency: 'USD', ...confirmed('US$5 a play since the 8 Apr 2025 draw (megamillions.com; was US$2).') },
  partialUnit: null,
  serviceFeeBasisPoints: FEE,
  zones: [zone('white', 'White balls', 5, 70), zone('megaBall', 'Mega Ball', 1, 24, { system: 8 })],
  extra: null,
  drawOf: null,
  table: {
    ...confirmed('megamillions.com (2025 game): base prizes times the multiplier printed on each play; fixed except the jackpot.'),
    divisions: [
      division(1, 'Jackpot', 'Jackpot', hits(5, 1), pool(5_000_000_000, true)),
      division(2, 'Match 5', 'Match 5', hits(5, 0), fixed(100_000_000), { multiplied: true }),
      division(3, 'Match 4 + Mega Ball', 'Match 4 + MB', hits(4, 1), fixed(1_000_000), { multiplied: true }),
      division(4, 'Match 4', 'Match 4', hits(4, 0), fixed(50_000), { multiplied: true }),
      division(5, 'Match 3 + Mega Ball', 'Match 3 + MB', hits(3, 1), fixed(20_000), { multiplied: true }),
      division(6, 'Match 3', 'Match 3', hits(3, 0), fixed(1_000), { multiplied: true }),
      division(7, 'Match 2 + Mega Ball', 'Match 2 + MB', hits(2, 1), fixed(1_000), { multiplied: true }),
      division(8, 'Match 1 + Mega Ball', 'Match 1 + MB', hits(1, 1), fixed(700), { multiplied: true }),
      division(9, 'Mega Ball only', 'MB only', hits(0, 1), fixed(500), { multiplied: true }),
    ],
  },
  plays: null,
  addOns: [],
  builtInMultiplier: {
    // 2× 1 in 2.13, 3× 1 in 3.2, 4× 1 in 8, 5× 1 in 16, 10× 1 in 32 → 15, 10, 4, 2, 1 of 32.
    values: [
      { value: 2, weight: 15 },
      { value: 3, weight: 10 },
      { value: 4, weight: 4 },
      { value: 5, weight: 2 },
      { value: 10, weight: 1 },
    ],
    ...confirmed('Since 8 Apr 2025 every play carries a 2×–10× multiplier assigned at purchase (megamillions.com); the old US$1 Megaplier is gone.'),
  },
  multiDraw: SEED_MULTI_DRAW,
  maxLines: 1_000,
  maxEntries: 20,
  calendar: calendar({
    timezone: 'America/New_York',
    weekdays: [2, 5],
    time: '23:00',
    salesCloseMinutes: 60,
    unconfirmed: ['salesCloseMinutes'],
    ...confirmed('Tue and Fri 23:00 ET (megamillions.com); cut-off set per state, 60 minutes is our choice.'),
  }),
  numbering: { kind: 'date' },
  baseJackpot: { amount: 5_000_000_000, currency: 'USD', ...confirmed('Starting jackpot US$50M since April 2025.') },
  availability: ON_SALE,
  notes: ['Until 4 Apr 2025: US$2, Mega Ball 1–25, optional US$1 Megaplier.', PROXY_SYSTEM_NOTE],
};

const FRA01: DrawProduct = {
  code: 'FRA01',
  family: 'draw',
  name: 'EuroMillions',
  localName: 'EuroMillions – My Million',
  region: 'france',
  operator: 'Française des Jeux (FDJ)',
  currency: 'EUR',
  unitStake: { amount: 250, currency: 'EUR', ...confirmed('€2.50 a grid in France, My Million code included (FDJ press).') },
  partialUnit: null,
  serviceFeeBasisPoints: FEE,
  zones: [zone('main', 'Numbers', 5, 50), zone('stars', 'Lucky Stars', 2, 12, { system: 6, bankers: null })],
  extra: null,
  drawOf: null,
  table: {
    ...medium('13 pari-mutuel tiers (FDJ press); fund percentages unconfirmed, so each tier pays what FDJ announces.'),
    divisions: [
      division(1, 'Rank 1 (5 + 2)', 'Rang 1', hits(5, 2), pool(1_700_000_000, true)),
      division(2, 'Rank 2 (5 + 1)', 'Rang 2', hits(5, 1), pool(null)),
      division(3, 'Rank 3 (5 + 0)', 'Rang 3', hits(5, 0), pool(null)),
      division(4, 'Rank 4 (4 + 2)', 'Rang 4', hits(4, 2), pool(null)),
      division(5, 'Rank 5 (4 + 1)', 'Rang 5', hits(4, 1), pool(null)),
      division(6, 'Rank 6 (3 + 2)', 'Rang 6', hits(3, 2), pool(null)),
      division(7, 'Rank 7 (4 + 0)', 'Rang 7', hits(4, 0), pool(null)),
      division(8, 'Rank 8 (2 + 2)', 'Rang 8', hits(2, 2), pool(null)),
      division(9, 'Rank 9 (3 + 1)', 'Rang 9', hits(3, 1), pool(null)),
      division(10, 'Rank 10 (3 + 0)', 'Rang 10', hits(3, 0), pool(null)),
      division(11, 'Rank 11 (1 + 2)', 'Rang 11', hits(1, 2), pool(null)),
      division(12, 'Rank 12 (2 + 1)', 'Rang 12', hits(2, 1), pool(null)),
      division(13, 'Rank 13 (2 + 0)', 'Rang 13', hits(2, 0), pool(null)),
    ],
  },
  plays: null,
  addOns: [],
  builtInMultiplier: null,
  multiDraw: SEED_MULTI_DRAW,
  maxLines: 1_000,
  maxEntries: 20,
  calendar: calendar({
    timezone: 'Europe/Paris',
    weekdays: [2, 5],
    time: '21:00',
    salesCloseMinutes: 45,
    unconfirmed: ['time', 'numbering'],
    ...medium('Tuesday and Friday, results about 21:05 Paris time; French sales close 20:15 (FDJ press).'),
  }),
  numbering: { kind: 'date' },
  baseJackpot: { amount: 1_700_000_000, currency: 'EUR', ...medium('Minimum jackpot €17M; capped at €250M for up to 5 draws, then it must be won.') },
  jackpotCap: { amount: 25_000_000_000, currency: 'EUR', ...medium('Jackpot cap €250M (fixed since the 2020 rule change); what exceeds it goes to rank 2.') },
  availability: ON_SALE,
  notes: ['Jackpot cap €250M: at the cap for up to 5 draws, the excess goes to rank 2; on the 5th draw an unwon jackpot rolls down to the highest rank with winners.', 'FDJ’s draw-number format is unconfirmed; draws are identified by date.', PROXY_SYSTEM_NOTE],
};

const HKA01: DrawProduct = {
  code: 'HKA01',
  family: 'draw',
  name: 'Mark Six',
  localName: '六合彩',
  region: 'hong-kong',
  operator: 'The Hong Kong Jockey Club',
  currency: 'HKD',
  unitStake: { amount: 1_000, currency: 'HKD', ...confirmed('HK$10 a unit (lottery.hk rules).') },
  partialUnit: { stake: 500, prizeNumerator: 1, prizeDenominator: 2, ...confirmed('HK$5 partial unit for multiple and banker entries; prizes paid at half (lottery.hk rules).') },
  serviceFeeBasisPoints: FEE,
  zones: [zone('main', 'Numbers', 6, 49, { system: 12, bankers: 5 })],
  extra: { count: 1, label: 'Extra number' },
  drawOf: null,
  table: {
    ...medium('lottery.hk prizes: 1st–3rd pari-mutuel (1st guaranteed HK$8M), 4th–7th fixed. 2nd/3rd pool shares unconfirmed.'),
    divisions: [
      division(1, '1st Division', '頭獎', withExtra([6], 0, 1), pool(800_000_000, true)),
      division(2, '2nd Division', '二獎', withExtra([5], 1, 1), pool(null)),
      division(3, '3rd Division', '三獎', withExtra([5], 0, 0), pool(null)),
      division(4, '4th Division', '四獎', withExtra([4], 1, 1), fixed(960_000)),
      division(5, '5th Division', '五獎', withExtra([4], 0, 0), fixed(64_000)),
      division(6, '6th Division', '六獎', withExtra([3], 1, 1), fixed(32_000)),
      division(7, '7th Division', '七獎', withExtra([3], 0, 0), fixed(4_000)),
    ],
  },
  plays: null,
  addOns: [],
  builtInMultiplier: null,
  multiDraw: SEED_MULTI_DRAW,
  maxLines: 1_000,
  maxEntries: 20,
  calendar: calendar({
    timezone: 'Asia/Hong_Kong',
    weekdays: [2, 4, 6],
    time: '21:30',
    salesCloseMinutes: 15,
    unconfirmed: ['time', 'numbering'],
    ...medium('Tue, Thu, Sat (Sunday when Saturday is a race day: an operator move); sales stop 21:15 (lottery.hk); draw minute unconfirmed.'),
  }),
  numbering: { kind: 'year-running' },
  baseJackpot: { amount: 800_000_000, currency: 'HKD', ...medium('1st Division guaranteed at least HK$8M.') },
  availability: ON_SALE,
  notes: ['Draw numbers YY/NNN (e.g. 25/012) are widely used but not verified; Snowball draws are not modelled.', 'Unwon 1st and 2nd division money jackpots to the next draw.'],
};

const JAPAN_BREAK = [{ from: '12-31', to: '01-03' }];

const JPA01: DrawProduct = {
  code: 'JPA01',
  family: 'draw',
  name: 'Loto 6',
  localName: 'ロト6',
  region: 'japan',
  operator: 'Japanese prefectures and designated cities (Mizuho Bank)',
  currency: 'JPY',
  unitStake: { amount: 200, currency: 'JPY', ...confirmed('¥200 a play (Mizuho Bank via jppd.info).') },
  partialUnit: null,
  serviceFeeBasisPoints: FEE,
  zones: [zone('main', 'Numbers', 6, 43, { system: 12 })],
  extra: { count: 1, label: 'Bonus number' },
  drawOf: null,
  table: {
    ...confirmed('Mizuho Bank grades (jppd.info, loto6.info): 1st–4th pari-mutuel (theoretical ¥200M/¥10M/¥300,000/¥6,800), 5th ¥1,000 fixed in principle.'),
    divisions: [
      division(1, '1st prize', '1等', withExtra([6], 0, 0), pool(200_000_000, true)),
      division(2, '2nd prize', '2等', withExtra([5], 1, 1), pool(10_000_000)),
      division(3, '3rd prize', '3等', withExtra([5], 0, 0), pool(300_000)),
      division(4, '4th prize', '4等', hits(4), pool(6_800)),
      division(5, '5th prize', '5等', hits(3), fixed(1_000)),
    ],
  },
  plays: null,
  addOns: [],
  builtInMultiplier: null,
  multiDraw: SEED_MULTI_DRAW,
  maxLines: 1_000,
  maxEntries: 20,
  calendar: calendar({
    timezone: 'Asia/Tokyo',
    weekdays: [1, 4],
    time: '18:45',
    salesCloseMinutes: 15,
    breaks: JAPAN_BREAK,
    unconfirmed: ['numbering'],
    ...confirmed('Mon and Thu 18:45 JST, no draws 31 Dec–3 Jan; sales for the day’s draw close 18:30.'),
  }),
  numbering: { kind: 'sequence', anchor: { number: 1937, date: '2024-10-31' }, display: 'jp' },
  baseJackpot: null,
  jackpotCap: { amount: 600_000_000, currency: 'JPY', ...confirmed('1st prize up to ¥600M with carry-over (¥200M without).') },
  availability: ON_SALE,
  notes: ['Draw numbers 第NNNN回 count from 第1937回; the date we anchor it on is a placeholder.', 'Unwon money and amounts over the per-unit cap carry over to the next 1st prize.'],
};

const JPA02: DrawProduct = {
  code: 'JPA02',
  family: 'draw',
  name: 'Loto 7',
  localName: 'ロト7',
  region: 'japan',
  operator: 'Japanese prefectures and designated cities (Mizuho Bank)',
  currency: 'JPY',
  unitStake: { amount: 300, currency: 'JPY', ...confirmed('¥300 a play (Rakuten Bank, lotonum-web).') },
  partialUnit: null,
  serviceFeeBasisPoints: FEE,
  zones: [zone('main', 'Numbers', 7, 37, { system: 12 })],
  extra: { count: 2, label: 'Bonus numbers' },
  drawOf: null,
  table: {
    ...confirmed('Six pari-mutuel grades (Rakuten Bank, lotonum-web); theoretical amounts shown as estimates.'),
    divisions: [
      division(1, '1st prize', '1等', hits(7), pool(600_000_000, true)),
      division(2, '2nd prize', '2等', withExtra([6], 1, 2), pool(7_300_000)),
      division(3, '3rd prize', '3等', withExtra([6], 0, 0), pool(730_000)),
      division(4, '4th prize', '4等', hits(5), pool(9_100)),
      division(5, '5th prize', '5等', hits(4), pool(1_400)),
      division(6, '6th prize', '6等', withExtra([3], 1, 2), pool(1_000)),
    ],
  },
  plays: null,
  addOns: [],
  builtInMultiplier: null,
  multiDraw: SEED_MULTI_DRAW,
  maxLines: 1_000,
  maxEntries: 20,
  calendar: calendar({
    timezone: 'Asia/Tokyo',
    weekdays: [5],
    time: '18:45',
    salesCloseMinutes: 15,
    breaks: JAPAN_BREAK,
    unconfirmed: ['time', 'breaks'],
    ...medium('Friday 18:45 JST (some pages say 18:30), sales close 18:30; the year-end break is Loto 6’s, assumed for Loto 7.'),
  }),
  // Loto 7 began on Friday 5 Apr 2013, weekly; with the three year-end Fridays skipped, draw 198 is 3 Feb 2017 — the
  // reference's "since draw 198, Feb 2017" agrees.
  numbering: { kind: 'sequence', anchor: { number: 198, date: '2017-02-03' }, display: 'jp' },
  baseJackpot: null,
  jackpotCap: { amount: 1_000_000_000, currency: 'JPY', ...confirmed('1st prize up to ¥1bn with carry-over (¥600M without), since draw 198.') },
  availability: ON_SALE,
  notes: ['1st prize cap ¥600M, ¥1bn with carry-over (since draw 198).'],
};

const TAIWAN_CLOSE = 'Sales close 20:00 (威力彩 confirmed; assumed the same for the other games).';

const taiwanCalendar = (weekdays: number[], source: Provenance, unconfirmedFacts: DrawCalendar['unconfirmed'] = []) =>
  calendar({ timezone: 'Asia/Taipei', weekdays, time: '20:30', salesCloseMinutes: 30, unconfirmed: unconfirmedFacts, ...source });

const TWA01: DrawProduct = {
  code: 'TWA01',
  family: 'draw',
  name: 'Super Lotto 638',
  localName: '威力彩',
  region: 'taiwan',
  operator: '台灣彩券 Taiwan Lottery',
  currency: 'TWD',
  unitStake: { amount: 10_000, currency: 'TWD', ...confirmed('NT$100 a play (taiwanlottery.com).') },
  partialUnit: null,
  serviceFeeBasisPoints: FEE,
  zones: [zone('first', 'Zone 1', 6, 38, { system: 12 }), zone('second', 'Zone 2', 1, 8, { system: 8 })],
  extra: null,
  drawOf: null,
  table: {
    ...confirmed('Taiwan Lottery: 頭獎/貳獎 pari-mutuel (after fixed prizes, 89%/11% of the pool; 頭獎 guaranteed NT$200M), the rest fixed.'),
    divisions: [
      division(1, '1st prize', '頭獎', hits(6, 1), pool(20_000_000_000, true)),
      division(2, '2nd prize', '貳獎', hits(6, 0), pool(null)),
      division(3, '3rd prize', '參獎', hits(5, 1), fixed(15_000_000)),
      division(4, '4th prize', '肆獎', hits(5, 0), fixed(2_000_000)),
      division(5, '5th prize', '伍獎', hits(4, 1), fixed(400_000)),
      division(6, '6th prize', '陸獎', hits(4, 0), fixed(80_000)),
      division(7, '7th prize', '柒獎', hits(3, 1), fixed(40_000)),
      division(8, '8th prize', '捌獎', hits(2, 1), fixed(20_000)),
      division(9, '9th prize', '玖獎', hits(3, 0), fixed(10_000)),
      division(10, 'General prize', '普獎', hits(1, 1), fixed(10_000)),
    ],
  },
  plays: null,
  addOns: [],
  builtInMultiplier: null,
  multiDraw: SEED_MULTI_DRAW,
  maxLines: 1_000,
  maxEntries: 20,
  calendar: taiwanCalendar([1, 4], confirmed('Mon and Thu 20:30 Asia/Taipei; sales close 20:00 (NOWNEWS, Yahoo TW).')),
  numbering: { kind: 'roc-year-running' },
  baseJackpot: { amount: 20_000_000_000, currency: 'TWD', ...confirmed('頭獎 guaranteed NT$200M (Yahoo TW 2025).') },
  availability: ON_SALE,
  notes: ['What happens to fixed prizes when winners are too many is unconfirmed for 威力彩.'],
};

const TWA02: DrawProduct = {
  code: 'TWA02',
  family: 'draw',
  name: 'Lotto 6/49',
  localName: '大樂透',
  region: 'taiwan',
  operator: '台灣彩券 Taiwan Lottery',
  currency: 'TWD',
  unitStake: { amount: 5_000, currency: 'TWD', ...confirmed('NT$50 a play (taiwanlottery.com).') },
  partialUnit: null,
  serviceFeeBasisPoints: FEE,
  zones: [zone('main', 'Numbers', 6, 49, { system: 12 })],
  extra: { count: 1, label: 'Special number' },
  drawOf: null,
  table: {
    ...confirmed('Official tier table (public code, taiwanlottery.com): 頭獎–肆獎 pari-mutuel, 伍獎–普獎 fixed; pool percentages unconfirmed.'),
    divisions: [
      division(1, '1st prize', '頭獎', withExtra([6], 0, 0), pool(10_000_000_000, true)),
      division(2, '2nd prize', '貳獎', withExtra([5], 1, 1), pool(null)),
      division(3, '3rd prize', '參獎', withExtra([5], 0, 0), pool(null)),
      division(4, '4th prize', '肆獎', withExtra([4], 1, 1), pool(null)),
      division(5, '5th prize', '伍獎', withExtra([4], 0, 0), fixed(200_000)),
      division(6, '6th prize', '陸獎', withExtra([3], 1, 1), fixed(100_000)),
      division(7, '7th prize', '柒獎', withExtra([2], 1, 1), fixed(40_000)),
      division(8, 'General prize', '普獎', withExtra([3], 0, 0), fixed(40_000)),
    ],
  },
  plays: null,
  addOns: [],
  builtInMultiplier: null,
  multiDraw: SEED_MULTI_DRAW,
  maxLines: 1_000,
  maxEntries: 20,
  calendar: taiwanCalendar([2, 5], medium(`Tue and Fri 20:30 Asia/Taipei. ${TAIWAN_CLOSE}`), ['salesCloseMinutes']),
  numbering: { kind: 'roc-year-running' },
  baseJackpot: { amount: 10_000_000_000, currency: 'TWD', ...confirmed('頭獎 guaranteed NT$100M.') },
  availability: ON_SALE,
  notes: ['If 伍獎–普獎 winners are excessive those tiers switch to equal sharing (third-party note; not applied).'],
};

const TWA03: DrawProduct = {
  code: 'TWA03',
  family: 'draw',
  name: 'Daily Cash 539',
  localName: '今彩539',
  region: 'taiwan',
  operator: '台灣彩券 Taiwan Lottery',
  currency: 'TWD',
  unitStake: { amount: 5_000, currency: 'TWD', ...confirmed('NT$50 a play.') },
  partialUnit: null,
  serviceFeeBasisPoints: FEE,
  zones: [zone('main', 'Numbers', 5, 39, { system: 12 })],
  extra: null,
  drawOf: null,
  table: {
    ...confirmed('All fixed (lottery.com.tw, official rule text): 頭獎 NT$8M, 貳獎 NT$20,000, 參獎 NT$300, 肆獎 NT$50.'),
    divisions: [
      division(1, '1st prize', '頭獎', hits(5), fixed(800_000_000), {
        cap: { total: 2_400_000_000, roundTo: 100, ...confirmed('If 頭獎 would pay more than NT$24M in total, NT$24M is shared equally (fractions of a dollar dropped).') },
      }),
      division(2, '2nd prize', '貳獎', hits(4), fixed(2_000_000)),
      division(3, '3rd prize', '參獎', hits(3), fixed(30_000)),
      division(4, '4th prize', '肆獎', hits(2), fixed(5_000)),
    ],
  },
  plays: null,
  addOns: [],
  builtInMultiplier: null,
  multiDraw: SEED_MULTI_DRAW,
  maxLines: 1_000,
  maxEntries: 20,
  calendar: taiwanCalendar([1, 2, 3, 4, 5, 6], medium(`Mon–Sat 20:30 Asia/Taipei. ${TAIWAN_CLOSE}`), ['salesCloseMinutes']),
  numbering: { kind: 'roc-year-running' },
  baseJackpot: null,
  availability: ON_SALE,
  notes: ['Caps for tiers other than 頭獎 are unconfirmed.'],
};

const lotto39 = (code: string, localName: string, pick: number, amount: number): PlayType => ({
  code,
  name: `${pick} of 5`,
  localName,
  pick,
  table: {
    ...medium(`NT$${(amount / 100).toLocaleString('en-US')} per NT$25 when all ${pick} are among 今彩539’s five (one third-party code source; returns computed plausible).`),
    divisions: [division(1, `${pick} of 5`, localName, hits(pick), fixed(amount))],
  },
});


const TWA04: DrawProduct = {
  code: 'TWA04',
  family: 'draw',
  name: '39 Lotto',
  localName: '39樂合彩',
  region: 'taiwan',
  operator: '台灣彩券 Taiwan Lottery',
  currency: 'TWD',
  unitStake: { amount: 2_500, currency: 'TWD', ...medium('NT$25 per combination (go539.com).') },
  partialUnit: null,
  serviceFeeBasisPoints: FEE,
  zones: [zone('main', 'Numbers', 2, 39, { system: 12, bankers: 3, drawCount: 5 })],
  extra: null,
  drawOf: 'TWA03',
  table: { ...medium('Fixed prizes per play; see the plays.'), divisions: [] },
  plays: [lotto39('2', '二合', 2, 112_500), lotto39('3', '三合', 3, 1_125_000), lotto39('4', '四合', 4, 21_250_000)],
  addOns: [],
  builtInMultiplier: null,
  multiDraw: SEED_MULTI_DRAW,
  maxLines: 1_000,
  maxEntries: 20,
  calendar: taiwanCalendar([1, 2, 3, 4, 5, 6], medium(`Settles on the 今彩539 draw, Mon–Sat 20:30. ${TAIWAN_CLOSE}`), ['salesCloseMinutes']),
  numbering: { kind: 'roc-year-running' },
  baseJackpot: null,
  availability: ON_SALE,
  notes: ['Each play (二合/三合/四合) is sold and pooled separately. Caps or sharing when winners are excessive are unconfirmed.'],
};

const TWA05: DrawProduct = {
  code: 'TWA05',
  family: 'draw',
  name: 'Lotto 12/24',
  localName: '雙贏彩',
  region: 'taiwan',
  operator: '台灣彩券 Taiwan Lottery',
  currency: 'TWD',
  unitStake: { amount: 5_000, currency: 'TWD', ...medium('NT$50 a play (NOWNEWS).') },
  partialUnit: null,
  serviceFeeBasisPoints: FEE,
  zones: [zone('main', 'Numbers', 12, 24, { system: 14, bankers: 11 })],
  extra: null,
  drawOf: null,
  table: {
    ...medium('Fixed, mirrored prizes (NOWNEWS): 12 or 0 hits NT$15M; 11 or 1 NT$100,000; 10 or 2 NT$500; 9 or 3 NT$100.'),
    divisions: [
      division(1, '1st prize', '頭獎', [hits(12), hits(0)], fixed(1_500_000_000)),
      division(2, '2nd prize', '貳獎', [hits(11), hits(1)], fixed(10_000_000), {
        cap: { total: 2_000_000_000, roundTo: 100, ...medium('From 11 Jun 2018 貳獎 pays at most NT$20M a draw in total, shared equally above that (NOWNEWS).') },
      }),
      division(3, '3rd prize', '參獎', [hits(10), hits(2)], fixed(50_000)),
      division(4, '4th prize', '肆獎', [hits(9), hits(3)], fixed(10_000)),
    ],
  },
  plays: null,
  addOns: [],
  builtInMultiplier: null,
  multiDraw: SEED_MULTI_DRAW,
  maxLines: 1_000,
  maxEntries: 20,
  calendar: taiwanCalendar([1, 2, 3, 4, 5, 6], unconfirmed('Mon–Sat 20:30 per one third-party source; the game ended in 2023.'), ['weekdays', 'time', 'salesCloseMinutes']),
  numbering: { kind: 'roc-year-running' },
  baseJackpot: null,
  availability: {
    onSale: false,
    reason: 'Taiwan Lottery stopped 雙贏彩 at the end of 2023; an operator may sell it again on simulated draws.',
    reasonCode: 'discontinued',
  },
  notes: ['頭獎 cap unconfirmed.', 'No official draws since December 2023: any draw here is our own (simulated).'],
};

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/** The draw lotteries as shipped, before deployment overrides. Frozen: derive, never mutate. */
export const DRAW_PRODUCTS: Readonly<Record<DrawCode, DrawProduct>> = deepFreeze({ AUA01, USA01, USA02, FRA01, HKA01, JPA01, JPA02, TWA01, TWA02, TWA03, TWA04, TWA05 });

export function isDrawCode(code: string): code is DrawCode {
  return Object.hasOwn(DRAW_PRODUCTS, code);
}

/** `drawProduct('HKA01')` → Mark Six; anything else → `null` (`product_not_found`). */
export function drawProduct(code: string): DrawProduct | null {
  return isDrawCode(code) ? DRAW_PRODUCTS[code] : null;
}
