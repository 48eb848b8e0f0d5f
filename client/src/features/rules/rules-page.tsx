import '../../shared/styles/rules.css';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { usePageTitle } from '../../shared/site/use-page-title.ts';
import { kenoCodeFrom, PURCHASE_PATHS, roadmapPath, rulesPath } from '../../shared/keno/keno-codes.ts';
import { ProductSwitcher } from '../../shared/keno/product-switcher.tsx';
import { CapsSection } from './caps-section.tsx';
import { HowToPlay } from './how-to-play.tsx';
import { PrizeTable } from './prize-table.tsx';
import { useProduct } from '../../shared/keno/product-query.ts';
import { RulesFacts } from './rules-facts.tsx';
import { SideBets } from './side-bets.tsx';
import { SectionCard } from '../../shared/ui/section-card.tsx';

/** `/main/keno/rules?product=CAB01`: how a keno product is played, what it pays, and which facts are unconfirmed. */
export function RulesPage() {
  usePageTitle('rules.pageTitle');
  const intl = useIntl();
  const [params] = useSearchParams();
  const code = kenoCodeFrom(params.get('product'));
  const purchase = PURCHASE_PATHS[code];
  const product = useProduct(code);
  const name = intl.formatMessage({ id: `product.${code}` });

  return (
    <div className="container page rules-page">
      <header className="page__header">
        <h1>
          <FormattedMessage id="rules.title" values={{ product: name }} />
        </h1>
        <p className="muted">
          <FormattedMessage id="rules.subtitle" />
        </p>
      </header>
      <ProductSwitcher current={code} hrefFor={rulesPath} />
      <div className="button-row rules-page__links">
        {purchase && (
          <Link to={purchase} className="button button--primary button--small" data-testid="rules-play">
            <FormattedMessage id="results.links.play" values={{ product: name }} />
          </Link>
        )}
        <Link to={roadmapPath(code)} className="button button--ghost button--small">
          <FormattedMessage id="results.title" />
        </Link>
      </div>

      {product.isError && !product.data ? (
        <div className="notice notice--error" role="alert">
          <p>
            <FormattedMessage id="rules.error" />
          </p>
          <button type="button" className="button button--ghost button--small" onClick={() => void product.refetch()}>
            <FormattedMessage id="app.retry" />
          </button>
        </div>
      ) : !product.data ? (
        <p className="muted" aria-busy="true">
          <FormattedMessage id="app.loading" />
        </p>
      ) : (
        <>
          {product.data.rules.unconfirmed.length > 0 && (
            <p className="notice notice--info rules-page__notice">
              <FormattedMessage id="rules.unconfirmedNotice" />
            </p>
          )}
          <SectionCard titleId="facts-title" title="rules.facts.title">
            <RulesFacts product={product.data} />
            <p className="rules-note muted">
              <FormattedMessage id="rules.currencyNote" values={{ currency: product.data.currency }} />
            </p>
          </SectionCard>
          <HowToPlay product={product.data} />
          <PrizeTable product={product.data} />
          <SideBets product={product.data} />
          <CapsSection product={product.data} />
        </>
      )}
    </div>
  );
}
