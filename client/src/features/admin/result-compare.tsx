import { FormattedMessage } from 'react-intl';

/** A result's numbers as groups: keno's numbers; a lottery's zones, then its extra numbers; with the super number or multiplier. */
interface Groups {
  groups: number[][];
  tail: string;
}

function groupsOf(result: unknown): Groups {
  const r = (result ?? {}) as { numbers?: number[]; superNumber?: number; zones?: number[][]; extra?: number[]; multiplier?: number };
  if (r.numbers) return { groups: [[...r.numbers].sort((a, b) => a - b)], tail: `★ ${r.superNumber ?? r.numbers.at(-1) ?? '–'}` };
  return { groups: [...(r.zones ?? []), ...(r.extra?.length ? [r.extra] : [])], tail: r.multiplier ? `×${r.multiplier}` : '' };
}

/** A result on one line, "3 13 23 | 7 ×2" (keno: ascending, then ★ the super number). */
export function resultLine(result: unknown): string {
  const { groups, tail } = groupsOf(result);
  return [groups.map((g) => g.join(' ')).join(' | '), tail].filter(Boolean).join(' ');
}

/** One version, its numbers not in `other` marked (a <mark>, underlined and bold: not by colour only). */
function Version({ label, mine, other }: { label: string; mine: Groups; other: Groups }) {
  return (
    <div className="admin-compare__version">
      <span className="field__label">{label}</span>{' '}
      <span className="mono">
        {mine.groups.map((group, g) => (
          <span key={g}>
            {g > 0 && ' | '}
            {group.map((n, i) => {
              const differs = !(other.groups[g] ?? []).includes(n);
              return (
                <span key={`${n}-${i}`}>
                  {i > 0 && ' '}
                  {differs ? <mark className="admin-compare__diff" data-differs="true">{n}</mark> : n}
                </span>
              );
            })}
          </span>
        ))}
        {mine.tail && (mine.tail === other.tail ? ` ${mine.tail}` : <> <mark className="admin-compare__diff" data-differs="true">{mine.tail}</mark></>)}
      </span>
    </div>
  );
}

/** Two versions of a draw's result side by side, with the numbers that differ marked in each. */
export function ResultCompare({ left, right, leftLabel, rightLabel }: { left: unknown; right: unknown; leftLabel: string; rightLabel: string }) {
  const a = groupsOf(left);
  const b = groupsOf(right);
  return (
    <div className="admin-compare" data-testid="result-compare">
      <Version label={leftLabel} mine={a} other={b} />
      <Version label={rightLabel} mine={b} other={a} />
      <p className="muted"><FormattedMessage id="admin.feeds.diffLegend" /></p>
    </div>
  );
}
