import './balls.css';
import { useIntl } from 'react-intl';
import { ball } from './order-plays.ts';

/**
 * Drawn or chosen numbers as small balls. `highlight` marks numbers that matter (the super
 * number, or the player's matches); `superNumber` names it for screen readers too.
 */
export function NumberBalls({ numbers, highlight = [], superNumber, size = 'small' }: { numbers: readonly number[]; highlight?: readonly number[]; superNumber?: number; size?: 'small' | 'tiny' }) {
  const intl = useIntl();
  return (
    <ol className={`balls balls--${size}`}>
      {numbers.map((n) => {
        const isSuper = n === superNumber;
        const marked = isSuper || highlight.includes(n);
        return (
          <li
            key={n}
            className={`ball${marked ? ' ball--marked' : ''}${isSuper ? ' ball--super' : ''}`}
            title={isSuper ? intl.formatMessage({ id: 'results.superShort' }, { number: ball(n) }) : undefined}
          >
            {ball(n)}
          </li>
        );
      })}
    </ol>
  );
}
