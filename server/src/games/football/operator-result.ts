import type { FieldCode, MatchResult, MatchResultWire } from '@gp/common';
import type { Player } from './present.ts';

/* An operator's result (`POST /api/admin/results`, four eyes): what is wrong with it, and the result as stored. */

export interface ResultProblem {
  fields: Record<string, FieldCode>;
}

const absent = (value: unknown) => value === undefined || value === null;

/**
 * What is wrong with an operator's result for an event, beyond its shape: a played result needs
 * both scores (half time within full time), the corners, a first team to score exactly when
 * somebody scored (one that did score, in the first half if the first half had goals) and a
 * first scorer of that team or none; a void reason carries no scores, except that an abandoned
 * match may keep its completed first half.
 *
 * Example: `{ status: 'played', halfTime: 1-0, fullTime: 1-1, corners: 9, firstTeamToScore: 'A' }`
 * → `{ fields: { firstTeamToScore: 'invalid' } }` (the away side had not scored by half-time).
 */
export function resultProblems(result: MatchResultWire, players: readonly Player[]): ResultProblem | null {
  const fields: Record<string, FieldCode> = {};
  const known = new Map(players.map((p) => [p.code, p.team]));
  for (const code of result.refundedScorers ?? []) if (!known.has(code)) fields.refundedScorers = 'invalid';

  if (result.status !== 'played') {
    for (const key of ['fullTime', 'corners', 'firstTeamToScore', 'firstScorer'] as const) if (!absent(result[key])) fields[key] = 'invalid';
    if (!absent(result.halfTime) && result.status !== 'abandoned') fields.halfTime = 'invalid';
    return Object.keys(fields).length ? { fields } : null;
  }

  const { halfTime: ht, fullTime: ft } = result;
  if (!ht) fields.halfTime = 'required';
  if (!ft) fields.fullTime = 'required';
  if (absent(result.corners)) fields.corners = 'required';
  if (!ht || !ft) return { fields };
  if (ht.home > ft.home || ht.away > ft.away) fields.halfTime = 'invalid';

  const team = result.firstTeamToScore ?? null;
  if (ft.home + ft.away === 0) {
    if (team !== null) fields.firstTeamToScore = 'invalid';
    if (!absent(result.firstScorer)) fields.firstScorer = 'invalid';
  } else if (team === null) {
    fields.firstTeamToScore = 'required';
  } else {
    const scored = team === 'H' ? ft.home : ft.away;
    const scoredFirstHalf = team === 'H' ? ht.home : ht.away;
    if (scored === 0 || (ht.home + ht.away > 0 && scoredFirstHalf === 0)) fields.firstTeamToScore = 'invalid';
    if (!absent(result.firstScorer) && known.get(result.firstScorer!) !== team) fields.firstScorer = 'invalid';
  }
  return Object.keys(fields).length ? { fields } : null;
}

/** The result as stored: only the facts its status carries, in the shape common `MatchResult` reads. */
export function normalisedResult(result: MatchResultWire): MatchResult {
  const refunds = result.refundedScorers?.length ? { refundedScorers: [...result.refundedScorers] } : {};
  if (result.status !== 'played') return { status: result.status, ...(result.halfTime ? { halfTime: result.halfTime } : {}), ...refunds };
  const scored = result.fullTime!.home + result.fullTime!.away > 0;
  return {
    status: 'played',
    halfTime: result.halfTime!,
    fullTime: result.fullTime!,
    corners: result.corners!,
    firstTeamToScore: scored ? result.firstTeamToScore! : null,
    firstScorer: scored ? (result.firstScorer ?? null) : null,
    ...refunds,
  };
}
