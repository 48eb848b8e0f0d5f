import { formatOdds, HKJC_CONVENTIONS, outcomeFactor, parseOdds, singles, structurePayout, type LegOutcome } from '@gp/common';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatLocalMoney } from '../../shared/money/local-money.ts';
import { ConfidenceLabel } from '../../shared/ui/confidence-label.tsx';
import { DOC_SECTIONS } from '../../shared/football/doc-links.ts';
import { ColumnHeads } from '../../shared/ui/column-heads.tsx';
import { DocProse, DocSection, DocTable } from './doc-section.tsx';

const OUTCOMES: readonly LegOutcome[] = ['win', 'halfWin', 'push', 'halfLoss', 'loss', 'void'];
const STAKE = 10_000; // HK$100 in cents
const SAMPLE_ODDS = '1.90';

/** What a single returns for `factor` thousandths per unit, with the settlement's rounding. */
const returned = (factor: number) => structurePayout(STAKE, singles(1), [[factor]]).amount;

/** Normal time, first halves, decimal odds and rounding: the facts every bet type shares. */
export function BasicsSection() {
  const intl = useIntl();
  const money = (amount: number) => formatLocalMoney(amount, 'HKD', intl.locale);
  const odds = '2.10';
  return (
    <DocSection anchor={DOC_SECTIONS.basics} title="footballDoc.basics.title">
      <ul className="how-to doc-list">
        <li>
          <FormattedMessage id="footballDoc.basics.normalTime" />
        </li>
        <li>
          <FormattedMessage id="footballDoc.basics.firstHalf" />
        </li>
        <li>
          <FormattedMessage id="footballDoc.basics.odds" values={{ stake: money(STAKE), odds, returned: money(returned(parseOdds(odds)!)) }} />
        </li>
        <li>
          <FormattedMessage id="footballDoc.basics.rounding" values={{ step: money(HKJC_CONVENTIONS.rounding.step) }} />
          <ConfidenceLabel fact={HKJC_CONVENTIONS.rounding} />
        </li>
      </ul>
    </DocSection>
  );
}

/** The six ways a selection can end and what HK$100 at 1.90 returns on each, by common's factors. */
export function LineOutcomesSection() {
  const intl = useIntl();
  const money = (amount: number) => formatLocalMoney(amount, 'HKD', intl.locale);
  const odds = parseOdds(SAMPLE_ODDS)!;
  return (
    <DocSection anchor={DOC_SECTIONS.lines} title="footballDoc.lines.title" mark={<ConfidenceLabel fact={HKJC_CONVENTIONS.outcomeShares.provenance} />}>
      <DocProse id="footballDoc.lines.lead" />
      <DocTable testId="outcome-table">
        <ColumnHeads
          columns={[
            { label: 'footballDoc.lines.outcome' },
            { label: 'footballDoc.lines.factor' },
            {
              label: { key: 'sample', text: <FormattedMessage id="footballDoc.lines.sample" values={{ stake: money(STAKE), odds: SAMPLE_ODDS }} /> },
              numeric: true,
            },
          ]}
        />
        <tbody>
          {OUTCOMES.map((outcome) => {
            const factor = outcomeFactor(outcome, odds);
            return (
              <tr key={outcome}>
                <th scope="row">
                  <span className={`doc-outcome doc-outcome--${outcome}`}>
                    <FormattedMessage id={`footballDoc.outcome.${outcome}`} />
                  </span>
                </th>
                <td className="doc-table__wrap">
                  <FormattedMessage id={`footballDoc.lines.returns.${outcome}`} />
                </td>
                <td className="numeric" title={`× ${formatOdds(factor)}`}>
                  {money(returned(factor))}
                </td>
              </tr>
            );
          })}
        </tbody>
      </DocTable>
      <DocProse id="footballDoc.lines.allUp" muted />
    </DocSection>
  );
}

/** Cancelled, postponed, abandoned and void matches (reference §4, spec §4). */
export function VoidRulesSection() {
  return (
    <DocSection anchor={DOC_SECTIONS.voids} title="footballDoc.void.title">
      <ul className="how-to doc-list">
        <li>
          <FormattedMessage id="footballDoc.void.singles" />
        </li>
        <li>
          <FormattedMessage id="footballDoc.void.allUp" />
          <ConfidenceLabel fact={HKJC_CONVENTIONS.outcomeShares.provenance} />
        </li>
        <li>
          <FormattedMessage id="footballDoc.void.halfTime" />
          <ConfidenceLabel fact={HKJC_CONVENTIONS.abandonedAfterHalfTime} />
        </li>
        <li>
          <FormattedMessage id="footballDoc.void.postponed" />
        </li>
        <li>
          <FormattedMessage id="footballDoc.void.abandoned" />
        </li>
      </ul>
    </DocSection>
  );
}
