import type { AdminDrawRow, DrawFigureEntry, DrawFigureTarget } from '@gp/common';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Money } from './admin-format.tsx';
import { useDescribeError } from './describe.ts';
import { DRAWS_KEY, useDrawFigureEntry } from './feeds-api.ts';
import { At } from './orders-page.tsx';

type Division = { division: number; amount?: number; winners?: number };
type Figures = { divisions?: Division[]; amount?: number };

/** "1,234.50" in the currency → 123450 minor units; null when it is not an amount. */
function minorUnits(text: string): number | null {
  const clean = text.replace(/[\s,]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return null;
  return Math.round(Number(clean) * 100);
}

/** What a mismatch or a waiting entry shows: each person's figures by name, the divisions (or amount) that differ marked. */
function EntriesTable({ entries, row }: { entries: Array<Pick<DrawFigureEntry, 'staffName' | 'mine' | 'at' | 'figures'>>; row: AdminDrawRow }) {
  const currency = row.currency ?? '';
  const shown = entries.map((e) => ({ ...e, figures: e.figures as Figures | null }));
  const divisions = [...new Set(shown.flatMap((e) => e.figures?.divisions?.map((d) => d.division) ?? []))].sort((a, b) => a - b);
  const amountOf = (e: (typeof shown)[number], division: number) => e.figures?.divisions?.find((d) => d.division === division);
  const differs = (values: Array<number | undefined>) => new Set(values.map(String)).size > 1;
  const cell = (value: number | undefined, marked: boolean) => {
    const text = value === undefined ? '—' : <Money amount={value} currency={currency} />;
    return marked ? <mark className="admin-compare__diff" data-differs="true">{text}</mark> : text;
  };
  return (
    <ul className="admin-figures__entries" data-testid="figure-entries">
      {shown.map((e) => (
        <li key={`${e.staffName}-${e.at}`}>
          <strong>{e.mine ? <FormattedMessage id="admin.draws.yourEntry" /> : e.staffName}</strong> · <At value={e.at} />
          {e.figures === null && (
            <>
              {' '}
              <span className="muted"><FormattedMessage id="admin.draws.figuresHidden" /></span>
            </>
          )}
          {e.figures?.amount !== undefined && <> · {cell(e.figures.amount, differs(shown.map((x) => x.figures?.amount)))}</>}
          {divisions.length > 0 && e.figures?.divisions && (
            <span>
              {divisions.map((division) => {
                const mine = amountOf(e, division);
                const marked = differs(shown.filter((x) => x.figures).map((x) => amountOf(x, division)?.amount)) || differs(shown.filter((x) => x.figures).map((x) => amountOf(x, division)?.winners));
                return (
                  <span key={division}>
                    {' · '}
                    {row.pools.find((p) => p.division === division)?.name ?? division}: {cell(mine?.amount, marked)}
                    {mine?.winners !== undefined && <> (<FormattedMessage id="admin.draws.winnersN" values={{ n: mine.winners }} />)</>}
                  </span>
                );
              })}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * The pool-amount form of a drawn lottery draw (its divisions without an amount) and the jackpot
 * form of a coming one. Four eyes: an entry is recorded and waits; a different colleague entering
 * the same figures publishes them; different figures are shown to both, the differences marked.
 */
export function DrawFiguresForm({ row }: { row: AdminDrawRow }) {
  const intl = useIntl();
  const describe = useDescribeError();
  const queryClient = useQueryClient();
  const enter = useDrawFigureEntry();
  const formId = useId();
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error' | 'info'; text: string; entries?: DrawFigureEntry[] } | null>(null);
  const [busy, setBusy] = useState(false);
  const kind: DrawFigureTarget | null = row.status === 'drawn' && row.pools.some((p) => p.amount === null) ? 'lottery_prizes' : row.status === 'scheduled' ? 'lottery_jackpot' : null;
  const outcomeNotice = outcome && (
    <div className={`notice notice--${outcome.tone}`} role={outcome.tone === 'error' ? 'alert' : 'status'} data-testid="figures-outcome">
      <p>{outcome.text}</p>
      {outcome.entries && <EntriesTable entries={outcome.entries} row={row} />}
    </div>
  );
  if (row.targetType !== 'lottery_draw') return null;
  // Published: the form has nothing left to take, its last word stays.
  if (!kind) return outcomeNotice || null;
  const pending = row.pools.filter((p) => p.amount === null);
  const waiting = row.figureEntries.filter((e) => e.kind === kind);

  async function submit(event: FormEvent<HTMLFormElement>, kind: DrawFigureTarget) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    let body: { divisions: Division[] } | { amount: number };
    if (kind === 'lottery_prizes') {
      const divisions: Division[] = [];
      for (const pool of pending) {
        const amountText = String(data.get(`amount.${pool.division}`) ?? '').trim();
        const winnersText = String(data.get(`winners.${pool.division}`) ?? '').trim();
        if (!amountText) continue;
        const amount = minorUnits(amountText);
        if (amount === null) return setOutcome({ tone: 'error', text: intl.formatMessage({ id: 'admin.draws.badAmount' }, { what: pool.name }) });
        divisions.push({ division: pool.division, amount, ...(winnersText ? { winners: Number(winnersText) } : {}) });
      }
      if (divisions.length === 0) return setOutcome({ tone: 'error', text: intl.formatMessage({ id: 'admin.draws.noAmounts' }) });
      body = { divisions };
    } else {
      const amount = minorUnits(String(data.get('jackpot') ?? ''));
      if (amount === null) return setOutcome({ tone: 'error', text: intl.formatMessage({ id: 'admin.draws.badAmount' }, { what: intl.formatMessage({ id: 'admin.draws.jackpot' }) }) });
      body = { amount };
    }
    setBusy(true);
    try {
      const res = await enter(kind, row.productCode, row.id, body);
      setOutcome({ tone: res.state === 'mismatch' ? 'error' : res.state === 'published' ? 'success' : 'info', text: intl.formatMessage({ id: `admin.draws.entry.${res.state}` }), ...(res.state === 'mismatch' ? { entries: res.entries } : {}) });
      if (res.state !== 'mismatch') form.reset();
    } catch (error) {
      setOutcome({ tone: 'error', text: describe(error) });
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: DRAWS_KEY });
    }
  }

  const title = kind === 'lottery_prizes' ? 'admin.draws.poolForm' : 'admin.draws.jackpotForm';
  return (
    <form className="admin-figures" aria-labelledby={`${formId}-title`} onSubmit={(e) => void submit(e, kind)} data-testid="figures-form" data-kind={kind}>
      <h3 id={`${formId}-title`}><FormattedMessage id={title} values={{ currency: row.currency ?? '' }} /></h3>
      <p className="muted"><FormattedMessage id="admin.draws.fourEyesHint" /></p>
      {waiting.length > 0 && (
        <div role="status">
          <p className={row.figureMismatch.includes(kind) ? 'admin-urgent' : undefined}>
            <FormattedMessage id={row.figureMismatch.includes(kind) ? 'admin.draws.entriesDiffer' : 'admin.draws.entriesWaiting'} values={{ names: waiting.map((e) => (e.mine ? intl.formatMessage({ id: 'admin.draws.you' }) : e.staffName)).join(', ') }} />
          </p>
          <EntriesTable entries={waiting} row={row} />
        </div>
      )}
      {kind === 'lottery_prizes' ? (
        <div className="admin-figures__grid">
          {pending.map((pool) => (
            <fieldset key={pool.division} className="admin-figures__division">
              <legend>{pool.name}</legend>
              <label className="field field--inline">
                <span className="field__label"><FormattedMessage id="admin.draws.amountPerUnit" values={{ currency: row.currency ?? '' }} /></span>
                <input className="field__input" name={`amount.${pool.division}`} inputMode="decimal" autoComplete="off" size={14} />
              </label>
              <label className="field field--inline">
                <span className="field__label"><FormattedMessage id="admin.draws.winners" /></span>
                <input className="field__input" name={`winners.${pool.division}`} type="number" min={0} step={1} autoComplete="off" size={6} />
              </label>
            </fieldset>
          ))}
        </div>
      ) : (
        <label className="field field--inline">
          <span className="field__label"><FormattedMessage id="admin.draws.jackpotAmount" values={{ currency: row.currency ?? '' }} /></span>
          <input className="field__input" name="jackpot" inputMode="decimal" autoComplete="off" size={16} required />
        </label>
      )}
      <button type="submit" className="button button--primary button--small" disabled={busy}><FormattedMessage id="admin.draws.enterFigures" /></button>
      {outcomeNotice}
    </form>
  );
}
