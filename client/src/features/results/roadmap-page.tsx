import './results.css';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { usePageTitle } from '../../shared/site/use-page-title.ts';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { Pagination } from '../../shared/ui/pagination.tsx';
import { useProducts } from '../../shared/keno/product-query.ts';
import { kenoCodeFrom, PURCHASE_PATHS, roadmapPath, rulesPath } from '../../shared/keno/keno-codes.ts';
import { ProductSwitcher } from '../../shared/keno/product-switcher.tsx';
import { RESULTS_PAGE_SIZE, useLiveResults, useResults } from './results-query.ts';
import { ResultsTable } from './results-table.tsx';
import { RoadmapPanel } from './roadmap-panel.tsx';
import { hasSideMarkets } from './roadmap.ts';
import { DrawResultsLinks } from '../../shared/draw/draw-results-links.tsx';

// Until /api/products answers: 20 of 80 for BINGO and Canada Keno, 22 of 70 for Speed Keno.
const FALLBACK_MATRIX = { drawCount: 20, poolSize: 80 };
const SPEED_KENO_MATRIX = { drawCount: 22, poolSize: 70 };

/** `/roadmap?product=TWB01&page=2`: the latest results of a keno product and their trends, live. */
export function RoadmapPage() {
  usePageTitle('results.pageTitle');
  const intl = useIntl();
  const [params, setParams] = useSearchParams();
  const code = kenoCodeFrom(params.get('product'));
  const purchase = PURCHASE_PATHS[code];
  const page = Math.max(1, Math.trunc(Number(params.get('page'))) || 1);
  const results = useResults(code, page);
  const products = useProducts();
  const [latest, setLatest] = useState<{ code: string; issue: string } | null>(null);
  useLiveResults(code, (issue) => setLatest({ code, issue }));

  const matrix = products.data?.find((p) => p.code === code)?.rules.matrix ?? (code === 'KRB01' ? SPEED_KENO_MATRIX : FALLBACK_MATRIX);
  const sideMarkets = hasSideMarkets(matrix);
  const draws = results.data?.items ?? [];
  const pageCount = results.data ? Math.max(1, Math.ceil(results.data.total / RESULTS_PAGE_SIZE)) : 1;
  const product = intl.formatMessage({ id: `product.${code}` });
  const goTo = (next: number) => setParams({ product: code, ...(next > 1 ? { page: String(next) } : {}) });

  return (
    <div className="container page results-page">
      <PageHeader title="results.title" lead="results.subtitle" />
      <ProductSwitcher current={code} hrefFor={roadmapPath} />
      <div className="results-page__links">
        <Link to={rulesPath(code)} className="button button--ghost button--small">
          <FormattedMessage id="results.links.rules" />
        </Link>
        {purchase && (
          <Link to={purchase} className="button button--primary button--small">
            <FormattedMessage id="results.links.play" values={{ product }} />
          </Link>
        )}
        <span className="live-chip" role="status" aria-live="polite">
          <span className="live-chip__dot" aria-hidden="true" />
          {latest?.code === code ? <FormattedMessage id="results.newDraw" values={{ issue: latest.issue }} /> : <FormattedMessage id="results.live" />}
        </span>
      </div>

      <section className="card section-card" aria-labelledby="results-title">
        <h2 id="results-title">
          <FormattedMessage id="results.latest" values={{ product }} />
        </h2>
        {results.isError && !results.data ? (
          <div className="notice notice--error" role="alert">
            <p>
              <FormattedMessage id="results.error" />
            </p>
            <button type="button" className="button button--ghost button--small" onClick={() => void results.refetch()}>
              <FormattedMessage id="app.retry" />
            </button>
          </div>
        ) : results.data && draws.length === 0 ? (
          <p className="empty-state" data-testid="results-empty">
            <FormattedMessage id="results.empty" values={{ product }} />
          </p>
        ) : results.data ? (
          <>
            <ResultsTable code={code} draws={draws} sideMarkets={sideMarkets} busy={results.isFetching} />
            <Pagination page={page} pageCount={pageCount} onChange={goTo} />
          </>
        ) : (
          <p className="muted">
            <span className="skeleton skeleton--row" />
          </p>
        )}
      </section>

      {draws.length > 0 && <RoadmapPanel code={code} draws={draws} poolSize={matrix.poolSize} sideMarkets={sideMarkets} />}
      {/* Draw lotteries (issue 12) have a results page each. */}
      <DrawResultsLinks />
    </div>
  );
}
