import './worked-examples.css';
import { FOOTBALL_MARKETS, formatOdds, outcomeFactor, parseOdds } from '@gp/common';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatLocalMoney } from '../../shared/money/local-money.ts';
import { DocProse, DocSection } from './doc-section.tsx';
import { DOC_SECTIONS } from '../../shared/football/doc-links.ts';
import { printLine } from '../../shared/football/print-line.ts';
import { useSelectionLabel } from '../../shared/football/use-selection-label.ts';
import { workedExamples, type WorkedExample, type WorkedExampleId, type WorkedLeg } from './worked-examples.ts';

/** HKJC's own worked examples (reference §2.2); the others illustrate rules HKJC shows no example of. */
const OFFICIAL: ReadonlySet<WorkedExampleId> = new Set(['fhaAllUp', 'crs3x1', 'crs3x7']);
const NOTES: Partial<Record<WorkedExampleId, true>> = { crs3x7: true, halfWin: true, voidLeg: true };

function LegResult({ leg }: { leg: WorkedLeg }) {
  const { result } = leg;
  if (result.status !== 'played') return <FormattedMessage id={`footballDoc.examples.status.${result.status}`} />;
  const firstHalf = FOOTBALL_MARKETS[leg.market].period === 'firstHalf';
  const score = firstHalf ? result.halfTime! : result.fullTime!;
  return <FormattedMessage id={firstHalf ? 'footballDoc.examples.ht' : 'footballDoc.examples.ft'} values={{ score: `${score.home}:${score.away}` }} />;
}

/** `HK$1,000 × 1.40 × 1.95 × 2.40 = HK$6,552`: each leg's factor (odds, 1 for a void, (1 + odds) / 2 for a half win). */
function Calculation({ example, money }: { example: WorkedExample; money: (amount: number) => string }) {
  if (example.byFold.length > 1) {
    return (
      <ul className="doc-example__folds">
        {example.byFold.map((f) => (
          <li key={f.fold}>
            <FormattedMessage id="footballDoc.examples.foldAmount" values={{ fold: f.fold, amount: money(f.amount) }} />
          </li>
        ))}
      </ul>
    );
  }
  const factors = example.legs.map((leg) => formatOdds(outcomeFactor(leg.outcome, parseOdds(leg.odds)!)));
  return <p className="doc-example__calc">{`${money(example.unitStake.amount)} × ${factors.join(' × ')} = ${money(example.payout.amount)}`}</p>;
}

function ExampleCard({ example }: { example: WorkedExample }) {
  const intl = useIntl();
  const label = useSelectionLabel();
  const money = (amount: number) => formatLocalMoney(amount, example.stake.currency, intl.locale);
  return (
    <article className="doc-example" data-testid="worked-example" data-example={example.id}>
      <header className="doc-example__head">
        <h3>
          <FormattedMessage id={`footballDoc.examples.${example.id}.title`} />
        </h3>
        {OFFICIAL.has(example.id) && (
          <span className="doc-tag">
            <FormattedMessage id="footballDoc.examples.official" />
          </span>
        )}
      </header>
      <p className="muted doc-example__meta">
        {example.formula ? (
          <FormattedMessage id="footballDoc.examples.allUp" values={{ formula: example.formula }} />
        ) : (
          <FormattedMessage id="footballDoc.examples.single" />
        )}
        {' · '}
        <FormattedMessage
          id="footballDoc.examples.cost"
          values={{ unit: money(example.unitStake.amount), bets: example.bets, stake: money(example.stake.amount) }}
        />
      </p>
      <ol className="doc-example__legs">
        {example.legs.map((leg, i) => (
          <li key={i}>
            <span className="bet-type__code">{leg.market}</span>{' '}
            {`${label(leg.market, leg.selection)}${leg.line ? ` ${printLine(leg.line)}` : ''} @ ${leg.odds}`}
            <span className="muted">
              {' · '}
              <LegResult leg={leg} />
            </span>{' '}
            <span className={`doc-outcome doc-outcome--${leg.outcome}`}>
              <FormattedMessage id={`footballDoc.outcome.${leg.outcome}`} />
            </span>
          </li>
        ))}
      </ol>
      <Calculation example={example} money={money} />
      {NOTES[example.id] && (
        <p className="doc-example__note">
          <FormattedMessage id={`footballDoc.examples.${example.id as 'crs3x7' | 'halfWin' | 'voidLeg'}.note`} />
        </p>
      )}
      <p className="doc-example__total">
        <FormattedMessage id="footballDoc.examples.returns" /> <strong data-testid="example-payout">{money(example.payout.amount)}</strong>
      </p>
    </article>
  );
}

/** HKJC's worked examples and ours, computed live by the settlement functions the orders use. */
export function WorkedExamplesSection() {
  const examples = workedExamples();
  return (
    <DocSection anchor={DOC_SECTIONS.examples} title="footballDoc.examples.title">
      <DocProse id="footballDoc.examples.lead" muted />
      <div className="doc-examples">
        {examples.map((e) => (
          <ExampleCard key={e.id} example={e} />
        ))}
      </div>
    </DocSection>
  );
}
