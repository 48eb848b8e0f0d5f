import type { SettledLine } from '@gp/common';
import type { CSSProperties } from 'react';
import { FormattedMessage } from 'react-intl';
import { NumberBalls } from '../../shared/keno/number-balls.tsx';
import { isSidePick, linesOfPlay, type KenoPlayView } from '../../shared/keno/order-plays.ts';

/**
 * How many rows of balls a play takes (five to a row in the table), so the play-type column can
 * keep each label level with its numbers.
 */
export const BALLS_PER_ROW = 5;
const rowsOf = (play: KenoPlayView): CSSProperties =>
  ({ '--rows': 'numbers' in play ? Math.max(1, Math.ceil(play.numbers.length / BALLS_PER_ROW)) : 1 }) as CSSProperties;

/** The plays shown in the numbers column: all but the super numbers (they have a column of their own), with their index in the order. */
export function numberPlays(plays: readonly KenoPlayView[]): { play: KenoPlayView; index: number }[] {
  return plays.map((play, index) => ({ play, index })).filter(({ play }) => play.type !== 'superNumber');
}

/** The super numbers the order chose, for the special-number column (none: an empty list). */
export function superNumbers(plays: readonly KenoPlayView[]): number[] {
  return plays.flatMap((play) => (play.type === 'superNumber' ? play.numbers : []));
}

/** The special-number column: the super numbers chosen, the drawn super number marked once the draw is in. */
export function SuperNumbers({ plays, drawn }: { plays: readonly KenoPlayView[]; drawn: number | null }) {
  const numbers = superNumbers(plays);
  if (numbers.length === 0) return <>—</>;
  return (
    <span data-testid="order-super-numbers">
      <NumberBalls numbers={numbers} highlight={drawn === null ? [] : [drawn]} size="tiny" />
    </span>
  );
}

/** What the member chose, one line per play, matched numbers marked once the draw is in. */
export function SelectedNumbers({ plays, lines }: { plays: KenoPlayView[]; lines: readonly SettledLine[] }) {
  return (
    <ul className="play-lines">
      {numberPlays(plays).map(({ play, index }) => {
        switch (play.type) {
          case 'pick': {
            const matched = linesOfPlay(lines, index).flatMap((line) => line.matched ?? []);
            return (
              <li key={index} style={rowsOf(play)}>
                <NumberBalls numbers={play.numbers} highlight={matched} size="tiny" />
              </li>
            );
          }
          case 'superNumber':
            return (
              <li key={index} style={rowsOf(play)}>
                <NumberBalls numbers={play.numbers} size="tiny" />
              </li>
            );
          case 'bigSmall':
          case 'oddEven':
            return (
              <li key={index} className="play-lines__pick">
                {isSidePick(play.pick) ? (
                  <FormattedMessage id={`results.outcome.${play.pick}`} />
                ) : (
                  play.pick
                )}
              </li>
            );
          default:
            return <li key={index}>—</li>;
        }
      })}
    </ul>
  );
}

/** The play type of each line of `SelectedNumbers`, in the same order. */
export function PlayTypes({ plays }: { plays: KenoPlayView[] }) {
  return (
    <ul className="play-lines">
      {numberPlays(plays).map(({ play, index }) => (
        <li key={index} className="play-lines__type" style={rowsOf(play)}>
          {play.type === 'pick' ? <FormattedMessage id="orders.play.pick" values={{ stars: play.stars }} /> : <FormattedMessage id={`orders.play.${play.type}`} />}
        </li>
      ))}
    </ul>
  );
}
