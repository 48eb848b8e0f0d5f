/** One piece of an entered result as staff read it: a number (or a football figure) or a separator. */
export interface ResultToken {
  text: string;
  /** What the piece is compared by (a zone's number is `z<zone>:<n>`); null for separators. */
  key: string | null;
}

type Score = { home: number; away: number } | null | undefined;
type AnyResult = {
  numbers?: number[];
  zones?: number[][];
  extra?: number[];
  multiplier?: number;
  status?: string;
  halfTime?: Score;
  fullTime?: Score;
  corners?: number | null;
  firstTeamToScore?: string | null;
  firstScorer?: string | null;
};

const sep = (text: string): ResultToken => ({ text, key: null });

/**
 * An entry as tokens, in the order staff read it off the sheet: keno "3 13 23 …", a draw lottery
 * "3 13 | 7 + 9 ×2", a match "2:1 · HT 1:0 · C 11 · H · 102".
 *
 * @example resultTokens({ numbers: [3, 13] }) → [{ text: '3', key: 'n:3' }, { text: ' ', key: null }, { text: '13', key: 'n:13' }]
 */
export function resultTokens(result: unknown): ResultToken[] {
  const r = (result ?? {}) as AnyResult;
  const out: ResultToken[] = [];
  const push = (token: ResultToken) => {
    if (out.length > 0) out.push(sep(' '));
    out.push(token);
  };
  if (r.numbers) {
    for (const n of r.numbers) push({ text: String(n), key: `n:${n}` });
    return out;
  }
  if (r.zones) {
    r.zones.forEach((zone, z) => {
      if (z > 0) push(sep('|'));
      for (const n of zone) push({ text: String(n), key: `z${z}:${n}` });
    });
    if (r.extra?.length) {
      push(sep('+'));
      for (const n of r.extra) push({ text: String(n), key: `x:${n}` });
    }
    if (r.multiplier) push({ text: `×${r.multiplier}`, key: `m:${r.multiplier}` });
    return out;
  }
  if (r.status && r.status !== 'played') return [{ text: r.status, key: `s:${r.status}` }];
  const score = (s: Score) => (s ? `${s.home}:${s.away}` : '–');
  push({ text: score(r.fullTime), key: `ft:${score(r.fullTime)}` });
  push({ text: `HT ${score(r.halfTime)}`, key: `ht:${score(r.halfTime)}` });
  push({ text: `C ${r.corners ?? '–'}`, key: `c:${r.corners ?? '–'}` });
  push({ text: r.firstTeamToScore ?? '–', key: `f:${r.firstTeamToScore ?? '–'}` });
  if (r.firstScorer) push({ text: r.firstScorer, key: `p:${r.firstScorer}` });
  return out;
}

/**
 * Each entry's tokens with the pieces the other entries do not have marked `differs` — the numbers
 * one person read and another did not. With a single entry nothing differs.
 */
export function markDifferences(results: readonly unknown[]): Array<Array<ResultToken & { differs: boolean }>> {
  const tokens = results.map(resultTokens);
  const keySets = tokens.map((list) => new Set(list.map((t) => t.key).filter((k): k is string => k !== null)));
  return tokens.map((list, i) =>
    list.map((token) => ({ ...token, differs: token.key !== null && keySets.some((others, j) => j !== i && !others.has(token.key!)) })),
  );
}
