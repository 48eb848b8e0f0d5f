import '../../shared/styles/purchase-layout.css';
import './draw.css';
import { MaxFixedPrize } from './ticket-summary.tsx';
import { validateDrawTicket, type DrawOrderBody, type DrawQuoteResponse, type OrderWire } from '@gp/common';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError } from '../../shared/api/api-error.ts';
import { useSetAtom } from 'jotai';
import { FormattedMessage } from 'react-intl';
import { Moment } from '../../shared/time/moment.tsx';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useHttp } from '../../shared/api/services.tsx';
import { EntryBalls } from '../../shared/draw/entry-balls.tsx';
import { LOTTO_RESULT_PATH, lottoPath } from '../../shared/draw/draw-links.ts';
import { productNameId } from '../../shared/keno/keno-codes.ts';
import { LocalWithPoints, RateNote } from '../../shared/money/money-pair.tsx';
import { Points } from '../../shared/money/points.tsx';
import { ShortBalance, useSpend } from '../../shared/orders/spend.tsx';
import { usePageTitle } from '../../shared/site/use-page-title.ts';
import { LoadError, Loading } from '../../shared/ui/load-state.tsx';
import { COMPACT_PURCHASE_LAYOUT } from '../../shared/ui/sticky-buy-bar.tsx';
import { useMediaQuery } from '../../shared/ui/use-media-query.ts';
import { DrawBar } from './draw-bar.tsx';
import { DrawProblem } from './draw-problem.tsx';
import { drawKeys, useDrawProduct, type DrawProductView } from './draw-queries.ts';
import { ExpansionPreview } from './expansion-preview.tsx';
import { bodyFingerprint, orderBody } from './order-body.ts';
import { lastPurchaseAtom, useDrawTicket } from './ticket-atoms.ts';
import { ticketRequest } from './ticket-request.ts';
import { usePlaceDrawOrder } from './use-place-draw-order.ts';

/** The server's price of the exact body on screen: every draw it buys, per draw and in total. */
function useDrawQuote(body: DrawOrderBody | null) {
  const http = useHttp();
  const fingerprint = body ? bodyFingerprint(body) : null;
  return useQuery({
    queryKey: drawKeys.quote(fingerprint),
    queryFn: ({ signal }) => http.post<DrawQuoteResponse>('/api/orders/quote', body, { signal }),
    enabled: body !== null,
    retry: false,
    staleTime: 15_000,
  });
}

function Checkout({ view }: { view: DrawProductView }) {
  const { product, upcoming } = view;
  const navigate = useNavigate();
  const compact = useMediaQuery(COMPACT_PURCHASE_LAYOUT);
  const [ticket] = useDrawTicket(product.code);
  const setLast = useSetAtom(lastPurchaseAtom);
  const request = ticketRequest(product, ticket);
  const problem = request ? validateDrawTicket(product, request) : null;
  const first = upcoming[0] ?? null;
  const draws = Math.min(ticket.draws, product.multiDraw.max);
  const body = request && !problem && first ? orderBody(product, request, first.issue, draws) : null;
  const quote = useDrawQuote(body);
  const priced = quote.data && !quote.isError ? quote.data : null;
  const spend = useSpend(priced?.total ?? null, false);
  const order = usePlaceDrawOrder((orders: OrderWire[]) => {
    setLast({ code: product.code, orderIds: orders.map((o) => o.id) });
    void navigate(`${LOTTO_RESULT_PATH}?product=${product.code}&orders=${orders.map((o) => encodeURIComponent(o.id)).join(',')}`);
  });
  // The first draw closed while the member was here: re-read the product, which moves the ticket to the next draws.
  const queryClient = useQueryClient();
  const closed = [quote.error, order.error].some((error) => error instanceof ApiError && error.code === 'sales_closed');
  useEffect(() => {
    if (closed) void queryClient.invalidateQueries({ queryKey: drawKeys.product(product.code) });
  }, [closed, queryClient, product.code]);
  const canConfirm = body !== null && priced !== null && !quote.isFetching && spend.after !== null && !order.pending;
  const confirm = () => {
    if (canConfirm) order.place(body);
  };

  if (!request || problem || !body) {
    return (
      <section className="card draw-summary" data-testid="checkout-empty">
        <p>
          <FormattedMessage id="draw.checkout.nothing" />
        </p>
        <Link to={lottoPath(product.code)} className="button button--primary">
          <FormattedMessage id="draw.checkout.back" />
        </Link>
      </section>
    );
  }

  const currency = product.currency;
  return (
    <div className="purchase-layout">
      <div className="purchase-layout__play">
        <section className="card draw-summary" aria-labelledby="checkout-lines-title">
          <h2 id="checkout-lines-title">
            <FormattedMessage id="draw.checkout.entries" />
          </h2>
          <ol className="draw-mine" data-testid="checkout-entries">
            {request.entries.map((entry, i) => (
              <li key={i}>
                <EntryBalls entry={entry} size="small" />
              </li>
            ))}
          </ol>
          <ExpansionPreview product={product} request={request} partialUnit={request.partialUnit === true} prizeRate={view.rates?.prize} />
        </section>
        <section className="card draw-summary" aria-labelledby="checkout-draws-title">
          <h2 id="checkout-draws-title">
            <FormattedMessage id="draw.checkout.draws" values={{ count: draws }} />
          </h2>
          <ol className="draw-mine" data-testid="checkout-draws">
            {(priced?.draws ?? upcoming.slice(0, draws)).map((draw) => (
              <li key={draw.id}>
                <strong className="mono">{draw.displayIssue}</strong>
                <span className="muted">
                  <Moment value={draw.drawAt} timeZone={product.calendar.timezone} weekday testId="checkout-draw-time" />
                </span>
              </li>
            ))}
          </ol>
        </section>
      </div>
      <aside className="purchase-layout__aside">
        <section className="card draw-summary" aria-labelledby="checkout-pay-title" data-testid="checkout-summary">
          <h2 id="checkout-pay-title">
            <FormattedMessage id="draw.checkout.pay" />
          </h2>
          <dl className={`draw-figures${quote.isFetching ? ' draw-figures--stale' : ''}`} aria-busy={quote.isFetching}>
            <div>
              <dt>
                <FormattedMessage id="draw.summary.lines" />
              </dt>
              <dd data-testid="checkout-lines">{priced ? priced.bets : '—'}</dd>
            </div>
            <div>
              <dt>
                <FormattedMessage id="draw.summary.perDraw" />
              </dt>
              <dd data-testid="checkout-per-draw">
                {priced ? <LocalWithPoints value={{ amount: priced.stake.amount + priced.fee.amount, currency }} rate={null} points={priced.perDraw} /> : '—'}
                <RateNote rate={priced?.rates.price} kind="same" />
              </dd>
            </div>
            <div>
              <dt>
                <FormattedMessage id="draw.summary.draws" />
              </dt>
              <dd>× {draws}</dd>
            </div>
            <div>
              <dt>
                <strong>
                  <FormattedMessage id="order.confirm.spend" />
                </strong>
              </dt>
              <dd data-testid="checkout-total">{priced ? <Points value={priced.total} /> : '—'}</dd>
            </div>
            <div>
              <dt>
                <FormattedMessage id="order.confirm.after" />
              </dt>
              <dd data-testid="checkout-balance-after">{spend.after !== null ? <Points value={spend.after} /> : '—'}</dd>
            </div>
            <MaxFixedPrize product={product} play={body?.play} amount={priced?.maxPrize ?? null} rate={priced?.rates.prize} testId="checkout-max-prize" />
          </dl>
          {quote.isError && <DrawProblem error={quote.error} context="quote" />}
          {order.error != null && <DrawProblem error={order.error} context="order" />}
          <ShortBalance spend={spend} trial={false} />
          <button type="button" className="button button--primary button--large button--block" disabled={!canConfirm} onClick={confirm} data-testid="checkout-confirm">
            <FormattedMessage id={order.pending ? 'keno.summary.placing' : 'order.confirm.button'} />
          </button>
          <Link to={lottoPath(product.code)} className="button button--ghost button--block" data-testid="checkout-edit">
            <FormattedMessage id="draw.checkout.edit" />
          </Link>
        </section>
      </aside>
      {compact && <DrawBar lines={priced?.bets ?? null} draws={draws} total={priced?.total ?? null} canBuy={canConfirm} onBuy={confirm} action={<FormattedMessage id="order.confirm.button" />} />}
    </div>
  );
}

/** `/payment-lotto-combination?product=HKA01`: the checkout of the ticket built on the purchase screen. */
export function LottoCheckoutPage() {
  usePageTitle('draw.checkout.title');
  const [params] = useSearchParams();
  const code = (params.get('product') ?? '').toUpperCase();
  const query = useDrawProduct(code);
  return (
    <div className="container page draw" data-testid="checkout-page">
      <header className="page__header">
        <h1>
          <FormattedMessage id="draw.checkout.title" />
        </h1>
        <p className="muted">{code && <FormattedMessage id={productNameId(code)} />}</p>
      </header>
      {query.data ? (
        <Checkout view={query.data} />
      ) : query.isError || (query.isSuccess && !query.data) ? (
        <LoadError message="error.product_not_found" />
      ) : (
        <Loading />
      )}
    </div>
  );
}
