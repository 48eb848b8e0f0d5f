import './draw.css';
import { DRAW_CODES } from '@gp/common';
import { FormattedDate, FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { useDrawSummaries } from '../../shared/draw/draw-summaries.ts';
import { lottoPath, lottoResultsPath } from '../../shared/draw/draw-links.ts';
import { productNameId } from '../../shared/keno/keno-codes.ts';
import { LocalWithPoints } from '../../shared/money/money-pair.tsx';
import { Points } from '../../shared/money/points.tsx';
import { usePageTitle } from '../../shared/site/use-page-title.ts';
import { PageHeader } from '../../shared/ui/page-header.tsx';

/** `/main/lotto`: every draw lottery with its next draw, jackpot and price, each a link to its purchase screen. */
export function LottoIndexPage() {
  usePageTitle('draw.index.title');
  const summaries = useDrawSummaries();
  const byCode = new Map(summaries.data?.map((s) => [s.code, s]));
  return (
    <div className="container page draw" data-testid="lotto-index">
      <PageHeader title="draw.index.title" lead="draw.index.lead" />
      <ul className="draw-index">
        {DRAW_CODES.map((code) => {
          const summary = byCode.get(code);
          const onSale = summary?.availability.onSale ?? false;
          return (
            <li key={code} className={`card draw-index__item${onSale ? '' : ' draw-index__item--off'}`} data-testid={`lotto-${code}`}>
              <h2>
                <Link to={lottoPath(code)}>
                  <FormattedMessage id={productNameId(code)} />
                </Link>
              </h2>
              {summary ? (
                <dl className="draw-facts">
                  {summary.jackpot && (
                    <div>
                      <dt>
                        <FormattedMessage id="draw.next.jackpot" />
                      </dt>
                      <dd className="draw-jackpot">
                        <LocalWithPoints value={summary.jackpot} rate={summary.rates.prize} />
                      </dd>
                    </div>
                  )}
                  <div>
                    <dt>
                      <FormattedMessage id="draw.summary.linePrice" />
                    </dt>
                    <dd>
                      <Points value={summary.unitPrice} />
                    </dd>
                  </div>
                  <div>
                    <dt>
                      <FormattedMessage id="draw.next.issue" />
                    </dt>
                    <dd>
                      {!onSale ? (
                        <FormattedMessage id="draw.offSale.title" />
                      ) : summary.nextDraw ? (
                        <>
                          <span className="mono">{summary.nextDraw.displayIssue}</span>{' '}
                          <FormattedDate value={summary.nextDraw.drawAt} weekday="short" hour="2-digit" minute="2-digit" timeZone={summary.timezone} timeZoneName="short" />
                        </>
                      ) : (
                        '—'
                      )}
                    </dd>
                  </div>
                </dl>
              ) : (
                <p className="muted">
                  {summaries.isError ? <FormattedMessage id="draw.loadError" /> : summaries.isPending ? <FormattedMessage id="app.loading" /> : <FormattedMessage id="draw.offSale.generic" />}
                </p>
              )}
              <p className="button-row">
                <Link to={lottoPath(code)} className={`button button--small ${onSale ? 'button--primary' : 'button--ghost'}`}>
                  <FormattedMessage id={onSale ? 'draw.index.play' : 'draw.index.rules'} />
                </Link>
                <Link to={lottoResultsPath(code)} className="button button--ghost button--small">
                  <FormattedMessage id="draw.links.results" />
                </Link>
              </p>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
