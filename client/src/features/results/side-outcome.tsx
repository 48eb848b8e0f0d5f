import { FormattedMessage } from 'react-intl';

export type SideOutcome = 'big' | 'small' | 'odd' | 'even' | null;

/** A side-market outcome as a coloured tag; `null` (no side reached 13) reads "no winner". */
export function SideOutcomeTag({ outcome }: { outcome: SideOutcome }) {
  return (
    <span className={`side-tag side-tag--${outcome ?? 'none'}`}>
      <FormattedMessage id={`results.outcome.${outcome ?? 'none'}`} />
    </span>
  );
}
