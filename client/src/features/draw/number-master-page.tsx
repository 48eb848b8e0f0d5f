import './draw.css';
import { DRAW_CODES, type DrawProduct, type DrawStats } from '@gp/common';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { lottoPath, lottoResultsPath, numberMasterPath } from '../../shared/draw/draw-links.ts';
import { EntryBalls } from '../../shared/draw/entry-balls.tsx';
import { productNameId } from '../../shared/keno/keno-codes.ts';
import type { MessageId } from '../../shared/i18n/message-ids.ts';
import { usePageTitle } from '../../shared/site/use-page-title.ts';
import { ChoiceChips } from '../../shared/ui/choice-chips.tsx';
import { ColumnHeads } from '../../shared/ui/column-heads.tsx';
import { LoadError, Loading } from '../../shared/ui/load-state.tsx';
import { useDrawProduct, useDrawStats } from './draw-queries.ts';
import { DrawSwitcher } from './draw-switcher.tsx';
import { FrequencyChart } from './frequency-chart.tsx';
import { coldest, distribution, generateLine, hottest, NO_FILTERS, overdue, type Bias, type GeneratorFilters } from './number-stats.ts';
import { isBlank } from './picker.ts';
import { pickerZones } from './picker-zones.ts';
import { zoneName } from './product-text.ts';
import { useDrawTicket } from './ticket-atoms.ts';
import { pad } from './zone-board.tsx';

const WINDOWS = [50, 100, 200, 500] as const;
const TOP = 6;

const codeFrom = (value: string | null) => DRAW_CODES.find((code) => code === value?.trim().toUpperCase()) ?? 'HKA01';

/** A titled list of numbers with how often each came (hot, cold) or how long ago (overdue). */
function NumberList({ title, testId, items, unit }: { title: MessageId; testId: string; items: { number: number; value: number }[]; unit: 'times' | 'draws' }) {
  return (
    <div data-testid={testId}>
      <h3>
        <FormattedMessage id={title} />
      </h3>
      <ol className="draw-mine">
        {items.map(({ number, value }) => (
          <li key={number}>
            <span className="ball">{pad(number)}</span>
            <span className="muted">
              <FormattedMessage id={unit === 'times' ? 'draw.master.times' : 'draw.master.drawsAgo'} values={{ count: value }} />
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** One zone's statistics: the chart, hot, cold, overdue, common pairs, odd/even and high/low splits. */
function ZoneStats({ product, stats, index }: { product: DrawProduct; stats: DrawStats; index: number }) {
  const intl = useIntl();
  const zone = stats.zones[index]!;
  const spec = product.zones[index]!;
  const name = zoneName(intl, spec);
  const history = { poolSize: zone.poolSize, frequency: zone.frequency, sinceLast: zone.sinceLast };
  const hot = hottest(history, Math.min(TOP, zone.poolSize));
  const per = spec.drawCount;
  const odd = distribution(zone.splits.map((s) => s.odd), per);
  const high = distribution(zone.splits.map((s) => s.high), per);
  const total = Math.max(1, zone.splits.length);
  const percent = (n: number) => intl.formatNumber(n / total, { style: 'percent', maximumFractionDigits: 0 });
  return (
    <section className="card section-card" aria-labelledby={`zone-stats-${index}`} data-testid={`zone-stats-${index}`}>
      <h2 id={`zone-stats-${index}`}>{name}</h2>
      <FrequencyChart frequency={zone.frequency} hot={new Set(hot.map((h) => h.number))} label={intl.formatMessage({ id: 'draw.master.chartLabel' }, { zone: name, draws: stats.draws })} />
      <div className="draw-stat-grid">
        <NumberList title="draw.master.hot" testId="hot-numbers" items={hot} unit="times" />
        <NumberList title="draw.master.cold" testId="cold-numbers" items={coldest(history, Math.min(TOP, zone.poolSize))} unit="times" />
        <NumberList title="draw.master.overdue" testId="overdue-numbers" items={overdue(history, Math.min(TOP, zone.poolSize))} unit="draws" />
        {zone.pairs.length > 0 && (
          <div data-testid="common-pairs">
            <h3>
              <FormattedMessage id="draw.master.pairs" />
            </h3>
            <ol className="draw-mine">
              {zone.pairs.slice(0, 8).map((pair) => (
                <li key={`${pair.a}-${pair.b}`}>
                  <span className="ball">{pad(pair.a)}</span>
                  <span className="ball">{pad(pair.b)}</span>
                  <span className="muted">
                    <FormattedMessage id="draw.master.times" values={{ count: pair.count }} />
                  </span>
                </li>
              ))}
            </ol>
          </div>
        )}
        {per > 1 && (
          <div data-testid="splits">
            <h3>
              <FormattedMessage id="draw.master.splits" />
            </h3>
            <table className="table">
              <ColumnHeads columns={[{ label: 'draw.master.split' }, { label: 'draw.master.oddEven', numeric: true }, { label: 'draw.master.highLow', numeric: true }]} />
              <tbody>
                {odd.map((_, k) => (
                  <tr key={k}>
                    <th scope="row">
                      {k} : {per - k}
                    </th>
                    <td className="numeric">{percent(odd[k]!)}</td>
                    <td className="numeric">{percent(high[k]!)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </section>
  );
}

/** One of the generator's filters: how many of the line's numbers are odd (or high), or any count. */
function CountFilter({ label, any, counts, value, onChange, testId }: { label: MessageId; any: string; counts: readonly number[]; value: number | null; onChange: (value: number | null) => void; testId: string }) {
  return (
    <label className="field">
      <span className="field__label">
        <FormattedMessage id={label} />
      </span>
      <select className="field__input" value={value ?? ''} onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))} data-testid={testId}>
        <option value="">{any}</option>
        {counts.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The generator: filters per the first zone, quick pick for the others; the line goes into the purchase screen. */
function Generator({ product, stats }: { product: DrawProduct; stats: DrawStats }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const [ticket, update] = useDrawTicket(product.code);
  const zones = pickerZones(product, ticket.play);
  const [filters, setFilters] = useState<GeneratorFilters>(NO_FILTERS);
  const [line, setLine] = useState<number[][] | null>(null);
  const [failed, setFailed] = useState(false);
  const first = zones[0]!;
  const counts = Array.from({ length: first.pick + 1 }, (_, i) => i);
  const any = intl.formatMessage({ id: 'draw.master.any' });

  const generate = () => {
    const lines = zones.map((zone, i) => {
      const history = stats.zones[i];
      const base = { poolSize: zone.to, frequency: history?.frequency ?? [], sinceLast: history?.sinceLast ?? [] };
      return generateLine(base, zone.pick, i === 0 ? filters : { ...NO_FILTERS, bias: filters.bias });
    });
    if (lines.some((l) => l === null)) {
      setFailed(true);
      setLine(null);
      return;
    }
    setFailed(false);
    setLine(lines as number[][]);
  };

  const use = () => {
    if (!line) return;
    const generated = { numbers: line, bankers: zones.map(() => []) };
    update((t) => {
      const kept = t.mode === 'standard' ? t.lines.filter((l) => !isBlank(l)) : [];
      return { ...t, mode: 'standard', lines: [...kept, generated].slice(-product.maxEntries) };
    });
    void navigate(lottoPath(product.code));
  };

  return (
    <section className="card section-card draw-generator" aria-labelledby="generator-title" data-testid="generator">
      <h2 id="generator-title">
        <FormattedMessage id="draw.master.generator" />
      </h2>
      <ChoiceChips<Bias>
        compact
        legend={<FormattedMessage id="draw.master.bias" />}
        name="bias"
        options={(['any', 'hot', 'cold', 'overdue'] as const).map((value) => ({ value, label: <FormattedMessage id={`draw.master.bias.${value}`} /> }))}
        value={filters.bias}
        onChange={(bias) => setFilters((f) => ({ ...f, bias }))}
        testId="bias"
      />
      <div className="draw-options__row">
        <CountFilter label="draw.master.oddCount" any={any} counts={counts} value={filters.odd} onChange={(odd) => setFilters((f) => ({ ...f, odd }))} testId="odd-filter" />
        <CountFilter label="draw.master.highCount" any={any} counts={counts} value={filters.high} onChange={(high) => setFilters((f) => ({ ...f, high }))} testId="high-filter" />
      </div>
      <div className="draw-generator__result">
        <button type="button" className="button button--primary" onClick={generate} data-testid="generate">
          <FormattedMessage id="draw.master.generate" />
        </button>
        {line && (
          <>
            <span data-testid="generated-line">
              <EntryBalls entry={{ zones: line }} size="small" />
            </span>
            <button type="button" className="button button--ghost" onClick={use} data-testid="use-line">
              <FormattedMessage id="draw.master.use" />
            </button>
          </>
        )}
        {failed && (
          <p className="draw-warning" role="status">
            <FormattedMessage id="draw.master.noLine" />
          </p>
        )}
      </div>
      <p className="muted">
        <FormattedMessage id="draw.master.disclaimer" />
      </p>
    </section>
  );
}

/** `/lotto-number-master?product=HKA01&draws=100`: a draw lottery's number statistics and a generator feeding the purchase screen. */
export function NumberMasterPage() {
  usePageTitle('draw.master.title');
  const intl = useIntl();
  const [params, setParams] = useSearchParams();
  const code = codeFrom(params.get('product'));
  const asked = Number(params.get('draws'));
  const window = WINDOWS.find((w) => w === asked) ?? 100;
  const product = useDrawProduct(code);
  const stats = useDrawStats(code, window);
  const view = product.data;
  return (
    <div className="container page draw" data-testid="number-master">
      <header className="page__header">
        <h1>
          <FormattedMessage id="draw.master.title" />
        </h1>
        <p className="muted">
          <FormattedMessage id="draw.master.lead" />
        </p>
        <DrawSwitcher current={code} hrefFor={numberMasterPath} label={intl.formatMessage({ id: 'draw.switcher.label' })} />
        <p className="draw__links">
          <Link to={lottoPath(code)} className="button button--primary button--small">
            <FormattedMessage id="draw.index.play" />
          </Link>
          <Link to={lottoResultsPath(code)} className="button button--ghost button--small">
            <FormattedMessage id="draw.links.results" />
          </Link>
        </p>
        <ChoiceChips
          compact
          legend={<FormattedMessage id="draw.master.window" />}
          name="window"
          options={WINDOWS.map((w) => ({ value: w, label: String(w) }))}
          value={window}
          onChange={(w) => setParams({ product: code, draws: String(w) })}
          testId="window"
        />
      </header>
      {view && stats.data ? (
        <>
          <p className="muted" data-testid="stats-window">
            <FormattedMessage id="draw.master.basedOn" values={{ count: stats.data.draws, product: intl.formatMessage({ id: productNameId(code) }) }} />
          </p>
          {stats.data.draws === 0 ? (
            <p className="empty-state">
              <FormattedMessage id="draw.results.empty" />
            </p>
          ) : (
            <>
              {view.product.availability.onSale && <Generator key={code} product={view.product} stats={stats.data} />}
              {stats.data.zones.map((_, i) => (
                <ZoneStats key={`${code}-${i}`} product={view.product} stats={stats.data} index={i} />
              ))}
            </>
          )}
        </>
      ) : stats.isError || product.isError ? (
        <LoadError message="draw.loadError" />
      ) : (
        <Loading />
      )}
    </div>
  );
}


