import type { Standings } from '@gp/common';

export interface TournamentSummary {
  tournament: string;
  /** `tournament` in other languages, where the source has it. */
  names?: Record<string, string>;
  tournamentCode: string;
  matches: number;
  /** Matches a team won (home or away). */
  decided: number;
  drawn: number;
  goals: number;
  /** `null` before any match; display only. */
  goalsPerMatch: number | null;
}

/**
 * Per tournament, what its table says about its matches: each match appears in two rows, so a
 * match is two "played", a decided match one "won" and a draw two "drawn".
 * Example: A beat B 2-1 and C drew D 0-0 → `{ matches: 2, decided: 1, drawn: 1, goals: 3, goalsPerMatch: 1.5 }`.
 */
export function tournamentSummaries(standings: Standings): TournamentSummary[] {
  return standings.map(({ tournament, tournamentCode, names, rows }) => {
    const sum = (pick: (r: (typeof rows)[number]) => number) => rows.reduce((total, r) => total + pick(r), 0);
    const matches = sum((r) => r.played) / 2;
    const goals = sum((r) => r.goalsFor);
    return {
      tournament,
      ...(names ? { names } : {}),
      tournamentCode,
      matches,
      decided: sum((r) => r.won),
      drawn: sum((r) => r.drawn) / 2,
      goals,
      goalsPerMatch: matches > 0 ? goals / matches : null,
    };
  });
}

/** A signed goal difference as a table shows it: `+3`, `0`, `−2` (a real minus sign). */
export function formatGoalDifference(goalsFor: number, goalsAgainst: number): string {
  const gd = goalsFor - goalsAgainst;
  return gd > 0 ? `+${gd}` : gd < 0 ? `\u2212${-gd}` : '0';
}
