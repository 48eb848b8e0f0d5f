import '../../shared/styles/purchase-layout.css';
import './keno.css';
import './keno-board.css';
import '../../shared/styles/order-flow.css';
import type { ProductDetail } from '@gp/common';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../shared/api/api-error.ts';
import { usePageTitle } from '../../shared/site/use-page-title.ts';
import { LoadError, Loading } from '../../shared/ui/load-state.tsx';
import { ClockPanel } from './clock-panel.tsx';
import { useKenoProduct } from './keno-queries.ts';
import { LastResultCard } from './last-result.tsx';
import { OrderProblem } from './order-problem.tsx';
import { OrderStatus } from './order-status.tsx';
import { PickPlay } from './pick-play.tsx';
import { KENO_SCREENS, ProductSwitcher, type KenoScreenCode } from './product-switcher.tsx';
import { ResetPrompt } from '../../shared/orders/reset-prompt.tsx';
import { SideBets } from './side-bets.tsx';
import { SuperNumber } from './super-number.tsx';
import { followedOrdersAtom, useTicket } from './ticket-atoms.ts';
import { TicketOptions } from './ticket-options.tsx';
import { buyBlocker, canBuy, TicketSummary } from './ticket-summary.tsx';
import { EMPTY_TICKET, orderBody, sideMarkets, ticketUnits } from './ticket.ts';
import { KenoBar } from './keno-bar.tsx';
import { confirmPurchasesAtom } from '../../shared/orders/confirm-setting.ts';
import { useSpend } from '../../shared/orders/spend.tsx';
import { useMe } from '../../shared/account/me-query.ts';
import { COMPACT_PURCHASE_LAYOUT } from '../../shared/ui/sticky-buy-bar.tsx';
import { useMediaQuery } from '../../shared/ui/use-media-query.ts';
import { useGameClock, useIssueOnSale } from './use-game-clock.ts';
import { usePlaceOrder } from './use-place-order.ts';
import { useQuote } from './use-quote.ts';

const isSalesClosed = (error: unknown) => error instanceof ApiError && error.code === 'sales_closed';

/** The purchase screen of one product, once its rules are loaded. */
function KenoPurchase({ product }: { product: ProductDetail }) {
  const { code } = product;
  const clock = useGameClock(code);
  const issue = useIssueOnSale(clock);
  const intl = useIntl();
  const me = useMe();
  const startOnTrial = me.data !== undefined && me.data.balance === 0 && me.data.trialBalance > 0;
  const [ticket, update] = useTicket(code, { minimumUnits: product.rules.minimumUnits, maxMultiplier: product.rules.maxMultiplier.value, trial: startOnTrial });
  const body = orderBody(ticket, code, issue, product.rules.minimumUnits);
  const quote = useQuote(body);
  const order = usePlaceOrder(code);
  const followed = useAtomValue(followedOrdersAtom)[code] ?? null;
  const [asking, setAsking] = useState(false);
  const markets = sideMarkets(product.rules);
  const askFirst = useAtomValue(confirmPurchasesAtom) === 'on';
  const [confirming, setConfirming] = useState(false);
  const compact = useMediaQuery(COMPACT_PURCHASE_LAYOUT);
  const total = quote.current && quote.data ? quote.data.total : null;
  const spend = useSpend(total, ticket.trial);
  const buyable = canBuy({ product, issue, ticket, quote, spend, placing: order.pending, held: asking });
  const why = buyBlocker({ product, issue, ticket, spend, placing: order.pending, held: asking }, intl.locale);

  // Nothing left to confirm (the ticket was emptied, its issue closed): the confirm step closes.
  const unpriceable = body === null;
  useEffect(() => {
    if (unpriceable) setConfirming(false);
  }, [unpriceable]);
  const buy = () => {
    if (!body || !buyable) return;
    if (askFirst) setConfirming(true);
    else order.place(body);
  };
  const confirm = () => {
    if (!body || total === null || spend.shortBy > 0) return;
    setConfirming(false);
    order.place(body);
  };

  // The issue closed while the member was choosing: re-read the clock, which moves the ticket on.
  const { refresh } = clock;
  useEffect(() => {
    if (isSalesClosed(quote.error) || isSalesClosed(order.error)) refresh();
  }, [quote.error, order.error, refresh]);

  const { placed, reset: resetOrder } = order;
  useEffect(() => {
    if (placed) setAsking(true);
  }, [placed]);

  const answer = (clear: boolean) => {
    setAsking(false);
    resetOrder();
    if (clear) update((t) => ({ ...EMPTY_TICKET, trial: t.trial }));
  };

  return (
    <div className="purchase-layout keno__layout">
      <div className="keno__top">
        <ClockPanel clock={clock} />
        <LastResultCard
          result={clock.snapshot?.lastResult}
          code={code}
          showSuper={product.rules.superNumber?.offered === true}
          showSides={markets.bigSmall.length + markets.oddEven.length > 0}
        />
      </div>
      <div className="purchase-layout__play keno__play">
        <PickPlay product={product} ticket={ticket} update={update} />
        <SideBets product={product} ticket={ticket} update={update} />
        <SuperNumber product={product} ticket={ticket} update={update} />
        <TicketOptions product={product} ticket={ticket} update={update} />
      </div>
      <aside className="purchase-layout__aside keno__aside">
        <TicketSummary
          product={product}
          ticket={ticket}
          issue={issue}
          quote={quote}
          spend={spend}
          placing={order.pending}
          held={asking}
          confirming={confirming && !compact}
          onBuy={buy}
          onConfirm={confirm}
          onCancel={() => setConfirming(false)}
          onReset={() => {
            resetOrder();
            setConfirming(false);
            update((t) => ({ ...EMPTY_TICKET, trial: t.trial }));
          }}
        />
        {order.error != null && <OrderProblem error={order.error} issue={order.variables?.body.issue ?? issue} context="order" />}
        {asking && <ResetPrompt onAnswer={answer} />}
        {followed && <OrderStatus id={followed} resultIssue={clock.snapshot?.lastResult?.issue ?? null} />}
      </aside>
      {compact && (
        <KenoBar
          clock={clock}
          units={ticketUnits(ticket)}
          total={total}
          trial={ticket.trial}
          spend={spend}
          canBuy={buyable}
          why={why}
          placing={order.pending}
          confirming={confirming}
          onBuy={buy}
          onConfirm={confirm}
          onCancel={() => setConfirming(false)}
        />
      )}
    </div>
  );
}

/** Loads the product's rules (prize tables, side bets, super number, multiplier) for the screen. */
function KenoScreen({ code }: { code: KenoScreenCode }) {
  usePageTitle(`product.${code}`);
  const product = useKenoProduct(code);
  return (
    <div className="container page keno">
      <header className="page__header purchase-header">
        <ProductSwitcher current={code} />
        <h1>
          <FormattedMessage id={`product.${code}`} />
        </h1>
        <p className="muted">
          <FormattedMessage id="keno.lead" />
        </p>
      </header>
      {product.data ? (
        <KenoPurchase key={code} product={product.data} />
      ) : product.isError ? (
        <LoadError icon message="keno.loadError" onRetry={() => void product.refetch()} />
      ) : (
        <Loading />
      )}
    </div>
  );
}

/** `/main/keno`: BINGO BINGO, or another keno game named by `?product=` (Speed Keno: `?product=KRB01`). */
export function BingoPage() {
  const [params] = useSearchParams();
  const asked = params.get('product');
  const code = KENO_SCREENS.find((screen) => screen.code === asked)?.code ?? 'TWB01';
  return <KenoScreen code={code} />;
}

/** `/main/keno/keno24h`: the 24-hour Canada Keno. */
export function Keno24hPage() {
  return <KenoScreen code="CAB01" />;
}
