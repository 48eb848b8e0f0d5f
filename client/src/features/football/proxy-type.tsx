import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { atLeastOptions, describeFormula, formulaMakeUp, formulaOptions } from './formula-options.ts';
import { maxAllUpLegs, resolveFormula, slipEvents, type ProxyMode, type Slip } from './slip.ts';

interface ProxyTypeProps {
  slip: Slip;
  update: (change: (slip: Slip) => Slip) => void;
}

/** The simple control's value: `all`, `atLeast:N`, or `custom` for a formula chosen in the full list. */
function conditionValue({ allUp }: Slip, legs: number): string {
  if (allUp.kind === 'all') return 'all';
  if (allUp.kind === 'atLeast') return allUp.wins >= legs ? 'all' : `atLeast:${allUp.wins}`;
  const formula = resolveFormula(allUp, legs);
  const simple = formula ? describeFormula(formula.code, legs) : null;
  if (!simple) return 'custom';
  return simple.kind === 'atLeast' ? `atLeast:${simple.wins}` : 'all';
}

/** Singles or all-up; for an all-up, "all must win" / "at least N win" and the full formula list for its number of matches. */
export function ProxyType({ slip, update }: ProxyTypeProps) {
  const intl = useIntl();
  const id = useId();
  const legs = slipEvents(slip).length;
  const formula = slip.mode === 'allup' ? resolveFormula(slip.allUp, legs) : null;
  const setMode = (mode: ProxyMode) => update((s) => ({ ...s, mode }));
  const condition = conditionValue(slip, legs);
  const missing = slip.allUp.kind === 'atLeast' && slip.allUp.wins < legs && !formula;

  return (
    <section className="card football-section proxy-type" aria-labelledby={`${id}-title`} data-testid="proxy-type">
      <h2 id={`${id}-title`} className="football-section__title">
        <FormattedMessage id="football.proxy.title" />
      </h2>
      <div className="segmented" role="radiogroup" aria-labelledby={`${id}-title`}>
        {(['single', 'allup'] as const).map((mode) => (
          <label key={mode} className={`segmented__option${slip.mode === mode ? ' segmented__option--on' : ''}`}>
            <input type="radio" name={`${id}-mode`} value={mode} checked={slip.mode === mode} onChange={() => setMode(mode)} data-testid={`mode-${mode}`} />
            <FormattedMessage id={mode === 'single' ? 'football.proxy.single' : 'football.proxy.allup'} />
          </label>
        ))}
      </div>
      <p className="field__hint">
        {slip.mode === 'single' ? (
          <FormattedMessage id="football.proxy.singleHint" />
        ) : (
          <FormattedMessage id="football.proxy.allupHint" values={{ legs, max: maxAllUpLegs(slip.picks) }} />
        )}
      </p>
      {slip.mode === 'allup' && legs >= 2 && (
        <div className="proxy-type__controls">
          <div className="field">
            <label htmlFor={`${id}-condition`} className="field__label">
              <FormattedMessage id="football.proxy.condition" />
            </label>
            <select
              id={`${id}-condition`}
              className="filter-select"
              value={condition}
              data-testid="allup-condition"
              onChange={(e) => {
                const value = e.target.value;
                if (value === 'all') update((s) => ({ ...s, allUp: { kind: 'all' } }));
                else if (value.startsWith('atLeast:')) update((s) => ({ ...s, allUp: { kind: 'atLeast', wins: Number(value.slice(8)) } }));
              }}
            >
              <option value="all">{intl.formatMessage({ id: 'football.proxy.allWin' })}</option>
              {atLeastOptions(legs).map((option) => (
                <option key={option.wins} value={`atLeast:${option.wins}`}>
                  {intl.formatMessage({ id: option.formula ? 'football.proxy.atLeast' : 'football.proxy.atLeastNone' }, { wins: option.wins, legs })}
                </option>
              ))}
              {condition === 'custom' && <option value="custom">{intl.formatMessage({ id: 'football.proxy.custom' })}</option>}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${id}-formula`} className="field__label">
              <FormattedMessage id="football.proxy.formula" />
            </label>
            <select
              id={`${id}-formula`}
              className="filter-select"
              value={formula?.code ?? ''}
              data-testid="allup-formula"
              onChange={(e) => update((s) => ({ ...s, allUp: { kind: 'formula', code: e.target.value } }))}
            >
              {!formula && <option value="">—</option>}
              {formulaOptions(legs).map((f) => (
                <option key={f.code} value={f.code}>
                  {`${f.code} · ${formulaMakeUp(f)
                    .map(({ fold, count }) => intl.formatMessage({ id: 'football.proxy.makeUp' }, { count, fold }))
                    .join(' + ')}`}
                </option>
              ))}
            </select>
          </div>
          {missing && (
            <p className="football-hint football-hint--warning" role="alert" data-testid="no-formula">
              <FormattedMessage id="football.problem.noFormula" values={{ wins: slip.allUp.kind === 'atLeast' ? slip.allUp.wins : legs, legs }} />
            </p>
          )}
          {formula && (
            <p className="field__hint" data-testid="allup-formula-note">
              <FormattedMessage id="football.proxy.formulaNote" values={{ code: formula.code, bets: formula.bets, wins: formula.minWins }} />
            </p>
          )}
        </div>
      )}
    </section>
  );
}
