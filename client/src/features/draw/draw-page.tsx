import '../../shared/styles/purchase-layout.css';
import './draw.css';
import { drawLineCost, drawTicketCost, isDrawCode, quotedMaxPrize, validateDrawTicket, type DrawProduct } from '@gp/common';
import { formatPoints } from '@gp/common/money';
import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate, useParams } from 'react-router';
import { LOTTO_CHECKOUT_PATH, lottoPath, lottoResultsPath, numberMasterPath } from '../../shared/draw/draw-links.ts';
import { productNameId } from '../../shared/keno/keno-codes.ts';
import { useSpend } from '../../shared/orders/spend.tsx';
import { usePageTitle } from '../../shared/site/use-page-title.ts';
import { LoadError, Loading } from '../../shared/ui/load-state.tsx';
import { COMPACT_PURCHASE_LAYOUT } from '../../shared/ui/sticky-buy-bar.tsx';
import { useMediaQuery } from '../../shared/ui/use-media-query.ts';
import { DrawBar } from './draw-bar.tsx';
import { useDrawProduct, type DrawProductView } from './draw-queries.ts';
import { DrawSwitcher } from './draw-switcher.tsx';
import { ExpansionPreview } from './expansion-preview.tsx';
import { LinesEditor } from './lines-editor.tsx';
import { NextDraw } from './next-draw.tsx';
import { OffSale } from './off-sale.tsx';
import { linesForMode } from './picker.ts';
import { pickerZones } from './picker-zones.ts';
import { zoneName } from './product-text.ts';
import { ProductRules } from './product-rules.tsx';
import { useDrawTicket } from './ticket-atoms.ts';
import { TicketOptions } from './ticket-options.tsx';
import { ticketRequest } from './ticket-request.ts';
import { TicketProblemText, TicketSummary } from './ticket-summary.tsx';
import { useLiveDraws } from './use-live-draws.ts';

/** The purchase part of the screen, for a product on sale. */
function DrawPurchase({ data }: { data: DrawProductView }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const { product, rates, upcoming } = data;
  const [ticket, update] = useDrawTicket(product.code);
  const compact = useMediaQuery(COMPACT_PURCHASE_LAYOUT);
  const zones = pickerZones(product, ticket.play);
  const zoneLabels = product.zones.map((zone) => zoneName(intl, zone));
  const draws = Math.min(ticket.draws, product.multiDraw.max);
  const request = ticketRequest(product, ticket);
  const problem = request ? validateDrawTicket(product, request) : null;
  const cost = request && !problem && rates ? drawTicketCost(product, request, { numerator: rates.price.numerator, denominator: rates.price.denominator }, draws) : null;
  // The price of one line as the ledger would take it (stake and fee, rounded up as charged).
  const lineCost = rates ? drawLineCost(product, request ?? { partialUnit: ticket.partialUnit && ticket.mode !== 'standard', addOns: [...ticket.addOns], ...(ticket.play ? { play: ticket.play } : {}) }, { numerator: rates.price.numerator, denominator: rates.price.denominator }) : null;
  const spend = useSpend(cost?.totalPoints ?? null, false);
  const issue = upcoming[0]?.displayIssue ?? null;
  const canCheckout = cost !== null && issue !== null && upcoming.length >= draws && spend.shortBy === 0;
  const checkout = () => {
    if (canCheckout) void navigate(`${LOTTO_CHECKOUT_PATH}?product=${product.code}`);
  };

  return (
    <div className="purchase-layout">
      <div className="purchase-layout__play">
        <TicketOptions
          product={product}
          ticket={ticket}
          update={update}
          onMode={(mode) => update((t) => ({ ...t, mode, lines: linesForMode(t.lines, zones, mode), partialUnit: mode === 'standard' ? false : t.partialUnit }))}
        />
        <LinesEditor
          zones={zones}
          zoneLabels={zoneLabels}
          mode={ticket.mode}
          lines={ticket.lines}
          maxLines={product.maxEntries}
          linePrice={null}
          onChange={(lines) => update((t) => ({ ...t, lines }))}
          key={`${ticket.mode}-${ticket.play ?? ''}`}
        />
      </div>
      <aside className="purchase-layout__aside">
        <TicketSummary
          product={product}
          issue={issue}
          cost={cost}
          problem={problem}
          empty={request === null}
          lineCost={lineCost}
          maxPrize={request && !problem ? quotedMaxPrize(product, request) : null}
          play={request?.play}
          rates={rates}
          spend={spend}
          action={
            <button type="button" className="button button--primary button--large button--block" disabled={!canCheckout} onClick={checkout} data-testid="draw-checkout">
              <FormattedMessage id="draw.summary.checkout" />
            </button>
          }
        >
          {request && !problem && <ExpansionPreview product={product} request={request} partialUnit={request.partialUnit === true} prizeRate={rates?.prize} />}
        </TicketSummary>
      </aside>
      {compact && (
        <DrawBar
          lines={cost?.lines ?? null}
          draws={draws}
          total={cost?.totalPoints ?? null}
          canBuy={canCheckout}
          why={
            request === null ? (
              <FormattedMessage id="draw.why.empty" />
            ) : problem ? (
              <TicketProblemText problem={problem} />
            ) : issue === null ? (
              <FormattedMessage id="draw.summary.noDraw" />
            ) : spend.shortBy > 0 ? (
              <FormattedMessage id="order.why.short" values={{ missing: formatPoints(spend.shortBy, intl.locale) }} />
            ) : null
          }
          onBuy={checkout}
          action={<FormattedMessage id="draw.summary.checkout" />}
        />
      )}
    </div>
  );
}

function DrawScreen({ code }: { code: string }) {
  const intl = useIntl();
  const query = useDrawProduct(code);
  useLiveDraws(code);
  const data = query.data ?? null;
  const product: DrawProduct | undefined = data?.product;
  const onSale = product?.availability.onSale === true;
  return (
    <div className="container page draw" data-testid="draw-page" data-code={code}>
      <header className="page__header purchase-header">
        <DrawSwitcher current={code} hrefFor={lottoPath} label={intl.formatMessage({ id: 'draw.switcher.label' })} />
        <h1>
          <FormattedMessage id={productNameId(code)} />
          {product && !intl.formatMessage({ id: productNameId(code) }).includes(product.localName) && (
            <span className="muted" lang={product.region === 'japan' ? 'ja' : product.region === 'taiwan' || product.region === 'hong-kong' ? 'zh-Hant' : undefined}>
              {' '}
              {product.localName}
            </span>
          )}
        </h1>
        {product && <NextDraw product={product} draw={data?.upcoming[0] ?? null} prizeRate={data?.rates?.prize} />}
        <p className="draw__links">
          <Link to={lottoResultsPath(code)} className="button button--ghost button--small">
            <FormattedMessage id="draw.links.results" />
          </Link>{' '}
          <Link to={numberMasterPath(code)} className="button button--ghost button--small">
            <FormattedMessage id="draw.links.numberMaster" />
          </Link>{' '}
          <a href="#draw-rules" className="button button--ghost button--small">
            <FormattedMessage id="draw.links.rules" />
          </a>
        </p>
      </header>
      {data && product ? (
        <>
          {onSale ? <DrawPurchase key={code} data={data} /> : <OffSale product={product} />}
          <ProductRules product={product} prizeRate={data.rates?.prize} />
        </>
      ) : query.isError ? (
        <LoadError icon message="draw.loadError" onRetry={() => void query.refetch()} />
      ) : (
        <Loading />
      )}
    </div>
  );
}

/** `/main/lotto/:code`: the purchase screen of one draw lottery (an unknown code: the product-not-found message). */
export function DrawPage() {
  const { code = '' } = useParams();
  const upper = code.toUpperCase();
  usePageTitle(isDrawCode(upper) ? productNameId(upper) : 'error.product_not_found');
  const navigate = useNavigate();
  // `/main/lotto/hka01` → the canonical upper-case address.
  useEffect(() => {
    if (code !== upper && isDrawCode(upper)) void navigate(lottoPath(upper), { replace: true });
  }, [code, upper, navigate]);
  if (!isDrawCode(upper)) {
    return (
      <div className="container page">
        <LoadError icon message="error.product_not_found" testId="draw-unknown" />
      </div>
    );
  }
  return <DrawScreen code={upper} />;
}
