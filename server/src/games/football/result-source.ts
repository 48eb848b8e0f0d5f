import crypto from 'node:crypto';
import type { MatchResult } from '@gp/common';
import type { Config } from '../../config.ts';
import { FIRST_HALF_SHARE } from './simulated/model.ts';
import { poisson, type Random } from './simulated/rng.ts';
import { asMatchModel } from './simulated/source.ts';
import type { FootballResultSource } from './source.ts';

/* Where results come from (FOOTBALL_RESULT_SOURCE): a simulated match played out from its model and its committed seed, or nowhere (`manual`: the operator enters each one). */

/**
 * The uniform stream a simulated result is drawn from, repeatable by anyone holding the revealed
 * seed: block n = HMAC-SHA256(key = the 32 seed bytes, message = n as 4-byte big-endian), read as
 * eight 4-byte big-endian unsigned integers, each divided by 2^32.
 */
export function seedStream(seedHex: string): Random {
  const key = Buffer.from(seedHex, 'hex');
  if (key.length !== 32) throw new RangeError('an event seed is 32 bytes');
  let counter = 0;
  let block = Buffer.alloc(0);
  let offset = 0;
  return () => {
    if (offset >= block.length) {
      const message = Buffer.alloc(4);
      message.writeUInt32BE(counter++);
      block = crypto.createHmac('sha256', key).update(message).digest();
      offset = 0;
    }
    const value = block.readUInt32BE(offset);
    offset += 4;
    return value / 4294967296;
  };
}

/**
 * A match played out from its final model and its seed, in this order of draws: whether it is
 * postponed (u < voidRate); home then away first-half goals, home then away second-half goals
 * (Poisson with 45 % / 55 % of each λ); the corners (Poisson, the model's mean); the first team to
 * score (among the first-half scorers if any, else the second-half ones, in proportion to their
 * goals); and the first scorer, drawn from that team's players by their shares.
 *
 * Example: a model with λ 1.5 / 1.2 and some seed → `{ status: 'played', halfTime: { home: 1, away: 0 },
 * fullTime: { home: 2, away: 1 }, corners: 10, firstTeamToScore: 'H', firstScorer: '102' }`.
 */
export function simulatedResult(modelValue: unknown, seedHex: string, voidRate: number): MatchResult {
  const model = asMatchModel(modelValue);
  if (!model) throw new RangeError('a simulated result needs the scoring model');
  const random = seedStream(seedHex);
  if (random() < voidRate) return { status: 'postponed' };
  const h1 = poisson(random, model.lambdaHome * FIRST_HALF_SHARE);
  const a1 = poisson(random, model.lambdaAway * FIRST_HALF_SHARE);
  const h2 = poisson(random, model.lambdaHome * (1 - FIRST_HALF_SHARE));
  const a2 = poisson(random, model.lambdaAway * (1 - FIRST_HALF_SHARE));
  const corners = poisson(random, model.cornersMean);
  const fullTime = { home: h1 + h2, away: a1 + a2 };
  if (fullTime.home + fullTime.away === 0) {
    return { status: 'played', halfTime: { home: h1, away: a1 }, fullTime, corners, firstTeamToScore: null, firstScorer: null };
  }
  const [home, away] = h1 + a1 > 0 ? [h1, a1] : [h2, a2];
  const team = random() < home / (home + away) ? 'H' : 'A';
  return {
    status: 'played',
    halfTime: { home: h1, away: a1 },
    fullTime,
    corners,
    firstTeamToScore: team,
    firstScorer: drawScorer(model.scorers, team === 'H' ? '1' : '2', random()),
  };
}

function drawScorer(scorers: Record<string, number>, prefix: string, u: number): string | null {
  const squad = Object.entries(scorers)
    .filter(([code]) => code.startsWith(prefix))
    .sort(([a], [b]) => a.localeCompare(b));
  const total = squad.reduce((sum, [, share]) => sum + share, 0);
  if (squad.length === 0 || total <= 0) return null;
  let cumulative = 0;
  for (const [code, share] of squad) {
    cumulative += share / total;
    if (u < cumulative) return code;
  }
  return squad[squad.length - 1]![0];
}

/**
 * FOOTBALL_RESULT_SOURCE. `simulated` results a simulated event (one with a model and a seed)
 * once `matchMinutes` have passed since kick-off; `manual` never does, and leaves every event to
 * `POST /api/admin/results`, four eyes.
 */
export function footballResultSource(config: Pick<Config, 'FOOTBALL_RESULT_SOURCE' | 'FOOTBALL_SIMULATION'>): FootballResultSource {
  if (config.FOOTBALL_RESULT_SOURCE === 'manual') return { kind: 'manual', resultOf: () => null };
  const { matchMinutes, voidRate } = config.FOOTBALL_SIMULATION;
  return {
    kind: 'simulated',
    resultOf(event, now) {
      if (now.getTime() < event.kickOffAt.getTime() + matchMinutes * 60_000) return null;
      if (!event.seed || !asMatchModel(event.model)) return null;
      return simulatedResult(event.model, event.seed, voidRate);
    },
  };
}
