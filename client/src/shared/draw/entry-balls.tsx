import '../keno/balls.css';
import './draw-balls.css';
import { useIntl } from 'react-intl';

const pad = (n: number) => String(n).padStart(2, '0');

export interface EntryWire {
  zones: readonly (readonly number[])[];
  bankers?: readonly (readonly number[])[];
}

/**
 * One entry of a draw ticket as balls, zone after zone: bankers (膽) first and marked, then the
 * legs. With a result, the numbers drawn are marked gold and the extra numbers the line holds
 * are ringed, so a member sees at a glance what matched.
 */
export function EntryBalls({ entry, drawn, extra = [], size = 'tiny' }: { entry: EntryWire; drawn?: readonly (readonly number[])[]; extra?: readonly number[]; size?: 'small' | 'tiny' }) {
  const intl = useIntl();
  const bankerLabel = intl.formatMessage({ id: 'draw.picker.bankerShort' });
  return (
    <span className="entry-balls" data-testid="entry-balls">
      {entry.zones.map((legs, z) => {
        const bankers = entry.bankers?.[z] ?? [];
        const hits = new Set(drawn?.[z] ?? []);
        const all = [...bankers.map((n) => ({ n, banker: true })), ...legs.map((n) => ({ n, banker: false }))];
        return (
          <ol key={z} className={`balls balls--${size}${z > 0 ? ' entry-balls__zone--second' : ''}`}>
            {all.map(({ n, banker }) => {
              const hit = hits.has(n);
              const isExtra = z === 0 && extra.includes(n);
              return (
                <li
                  key={`${banker ? 'b' : 'l'}${n}`}
                  className={`ball${hit ? ' ball--marked' : ''}${isExtra ? ' ball--extra' : ''}${banker ? ' ball--banker' : ''}`}
                  data-hit={hit || undefined}
                  title={banker ? intl.formatMessage({ id: 'draw.picker.bankerBall' }, { number: pad(n) }) : undefined}
                >
                  {pad(n)}
                  {banker && <span className="ball__banker-tag">{bankerLabel}</span>}
                </li>
              );
            })}
          </ol>
        );
      })}
    </span>
  );
}

/** A drawn result as balls: each zone's numbers, then the extra numbers apart. */
export function ResultBalls({ zones, extra, highlight }: { zones: readonly (readonly number[])[]; extra: readonly number[]; highlight?: readonly (readonly number[])[] }) {
  return (
    <span className="entry-balls" data-testid="result-balls">
      {zones.map((numbers, z) => (
        <ol key={z} className={`balls balls--small${z > 0 ? ' entry-balls__zone--second' : ''}`}>
          {numbers.map((n) => (
            <li key={n} className={`ball${highlight?.[z]?.includes(n) ? ' ball--marked' : ''}`}>
              {pad(n)}
            </li>
          ))}
        </ol>
      ))}
      {extra.length > 0 && (
        <ol className="balls balls--small entry-balls__extra">
          {extra.map((n) => (
            <li key={n} className="ball ball--extra">
              {pad(n)}
            </li>
          ))}
        </ol>
      )}
    </span>
  );
}
