import type { Provenance } from '../products/types.ts';

/**
 * The settlement conventions the rules below read, as data with their provenance
 * (`../shared/reference/hkjc-football.md`). Several are the usual Asian-bookmaker convention
 * with no HKJC wording found: those are `unconfirmed`, and a deployment that learns the
 * operator's rule changes the value here (or passes its own `FootballConventions`) rather than
 * the code.
 */
export interface FootballConventions {
  /**
   * HDC/HIL/FHL/CHL lines (§1.3, §1.4): a split line `a/b` stakes half on `a` and half on `b`;
   * a count landing exactly on a whole-number component refunds that component. The only value
   * the five line outcomes model: an operator that settled it otherwise would need new outcomes.
   */
  lines: { onWholeLine: 'push' } & Provenance;
  /**
   * What each leg outcome is worth, as shares (in halves) of the odds and of the stake: a leg's
   * factor is `(odds × oddsHalves + 1 × stakeHalves) / 2`. A win is the odds; a half win half
   * the odds plus half the stake; a push or a void leg the stake; a half loss half the stake.
   * Singles and all-ups use the same factors (§2.2: void legs count as odds 1).
   */
  outcomeShares: { [K in LegOutcome]: { oddsHalves: 0 | 1 | 2; stakeHalves: 0 | 1 | 2 } } & { provenance: Provenance };
  /** OOE: whether 0-0 is even (§1.2). */
  zeroGoals: { parity: 'E' | 'O' } & Provenance;
  /** §4: a match abandoned after half-time still settles its first-half markets on the first half. */
  abandonedAfterHalfTime: { firstHalfMarketsStand: boolean } & Provenance;
  /** §1.5: how the "others" of a correct-score grid split (2026 feed: five ways; older: home/draw/away). */
  correctScoreOthers: { CRS: OthersScheme; FCS: OthersScheme } & Provenance;
  /** §1.6: an FGS selection for a player who did not take part. */
  nonRunnerScorer: { rule: 'refund' | 'loss' } & Provenance;
  /** §0, §2.2: dividends go to the nearest 10 cents, halves up; per sub-bet or once per ticket. */
  rounding: { step: number; scope: 'perBet' | 'perTicket' } & Provenance;
}

export type OthersScheme = 'fiveWay' | 'threeWay';

/** How one selection of a leg ended. `void` is a refunded selection (match void, abandoned, non-runner). */
export type LegOutcome = 'win' | 'halfWin' | 'push' | 'halfLoss' | 'loss' | 'void';

const unconfirmed = (source: string): Provenance => ({ confidence: 'unconfirmed', source });

export const HKJC_CONVENTIONS: FootballConventions = {
  lines: {
    onWholeLine: 'push',
    ...unconfirmed(
      'Asian-handicap convention, not found in HKJC wording (reference §1.3, §1.4): split lines stake half on each component, a whole-number line equalled refunds that half.',
    ),
  },
  outcomeShares: {
    win: { oddsHalves: 2, stakeHalves: 0 },
    halfWin: { oddsHalves: 1, stakeHalves: 1 },
    push: { oddsHalves: 0, stakeHalves: 2 },
    halfLoss: { oddsHalves: 0, stakeHalves: 1 },
    loss: { oddsHalves: 0, stakeHalves: 0 },
    void: { oddsHalves: 0, stakeHalves: 2 },
    provenance: unconfirmed(
      'HKJC states void legs count as odds 1 for FHA (reference §2.2, [S1]); the split-line factors win = O, half win = (O+1)/2, push = 1, half loss = ½ are convention, unconfirmed for HKJC.',
    ),
  },
  zeroGoals: { parity: 'E', ...unconfirmed('0-0 counts as even by convention; no HKJC wording found (reference §1.2, OOE).') },
  abandonedAfterHalfTime: {
    firstHalfMarketsStand: true,
    ...unconfirmed(
      'HKJC states it for FHA (reference §4, [S1]); applied to FHL and FCS by the same logic, unconfirmed.',
    ),
  },
  correctScoreOthers: {
    CRS: 'fiveWay',
    FCS: 'threeWay',
    ...unconfirmed(
      'CRS: the five "others" of the 2025–26 HKJC feed (reference §1.5). FCS: home/draw/away others as in the old feed; whether FCS has the five-way split is unconfirmed.',
    ),
  },
  nonRunnerScorer: {
    rule: 'refund',
    ...unconfirmed('HKJC refunded AGS selections for players who did not play; the same for FGS is likely but unconfirmed (reference §1.6).'),
  },
  rounding: {
    step: 10,
    scope: 'perBet',
    ...unconfirmed(
      'Nearest 10 cents is HKJC’s (reference §0, [S1]); halves round up as in HKJC’s calculator (round(x*10)/10, [S10]); per sub-bet rather than per ticket is unconfirmed.',
    ),
  },
};
