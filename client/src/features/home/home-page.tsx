import './home.css';
import { useAtomValue } from 'jotai';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { isLoggedInAtom } from '../../shared/session/session-atoms.ts';
import { useSite } from '../../shared/site/site-query.ts';
import { usePageTitle } from '../../shared/site/use-page-title.ts';
import { HeroArt } from './hero-art.tsx';
import { HowItWorks } from './how-it-works.tsx';
import { PRODUCT_FAMILIES, purchasePath, type ProductFamily } from './product-families.ts';
import { FOOTBALL_PRODUCT_CODE } from '@gp/common';
import { PointsSources } from '../../shared/account/points-sources.tsx';
import { productNameId } from '../../shared/keno/keno-codes.ts';
import { useProducts } from '../../shared/keno/product-query.ts';
import { useDrawSummaries } from '../../shared/draw/draw-summaries.ts';
import { ChevronRightIcon } from '../../shared/ui/icons.tsx';

/** RTS 12C: the homepage links to setting limits (the account's section for a member, the explanation for a guest). */
function PlayToolsLink() {
  const loggedIn = useAtomValue(isLoggedInAtom);
  return (
    <p className="hero__tools">
      <Link to={loggedIn ? '/account#responsible-play' : '/responsible-play'} data-testid="home-play-tools">
        <FormattedMessage id="home.playTools" />
      </Link>
    </p>
  );
}

function HeroActions() {
  const loggedIn = useAtomValue(isLoggedInAtom);
  if (loggedIn) {
    return (
      <div className="button-row">
        <Link to="/wallet" className="button button--primary button--large">
          <FormattedMessage id="home.cta.wallet" />
        </Link>
      </div>
    );
  }
  return (
    <div className="button-row">
      <Link to="/auth" className="button button--primary button--large">
        <FormattedMessage id="home.cta.join" />
      </Link>
      <Link to="/auth?mode=login" className="button button--ghost button--large">
        <FormattedMessage id="home.cta.login" />
      </Link>
    </div>
  );
}

/** One family: what it is, and each product as a link to its purchase screen, or marked "coming". */
function FamilyCard({ family, onSale, offSale }: { family: ProductFamily; onSale: ReadonlySet<string>; offSale: ReadonlySet<string> }) {
  const intl = useIntl();
  const { id, title, body, Icon, products } = family;
  return (
    <article className={`card family family--${id}`} data-testid={`family-${id}`}>
      <span className="icon-badge">
        <Icon size={26} />
      </span>
      <h3>
        <FormattedMessage id={title} />
      </h3>
      <p className="muted">
        <FormattedMessage id={body} />
      </p>
      <ul className="chip-list">
        {products.map((code) => {
          const path = purchasePath(code);
          const name = intl.formatMessage({ id: productNameId(code) });
          // A draw lottery off sale (雙贏彩 ended in 2023) still links to its page: its rules and why it is not sold.
          if (!onSale.has(code) && path && offSale.has(code)) {
            return (
              <li key={code}>
                <Link to={path} className="chip chip--coming" data-testid={`off-sale-${code}`}>
                  {name}{' '}
                  <span className="chip__tag">
                    <FormattedMessage id="home.product.offSale" />
                  </span>
                </Link>
              </li>
            );
          }
          return onSale.has(code) && path ? (
            <li key={code}>
              <Link to={path} className="chip chip--buy" data-testid={`buy-${code}`} aria-label={intl.formatMessage({ id: 'home.product.buy' }, { product: name })}>
                {name}
                <ChevronRightIcon size={14} />
              </Link>
            </li>
          ) : (
            <li key={code} className="chip chip--coming" data-testid={`coming-${code}`}>
              {name}{' '}
              <span className="chip__tag">
                <FormattedMessage id="home.product.coming" />
              </span>
            </li>
          );
        })}
      </ul>
    </article>
  );
}

export function HomePage() {
  usePageTitle();
  const { brand } = useSite();
  const products = useProducts();
  // On sale: the keno products this deployment sells (GET /api/products) and Hong Kong football.
  const draws = useDrawSummaries();
  const drawCodes = new Set(draws.data?.map((p) => p.code));
  const onSale = new Set<string>([
    ...(products.data?.filter((p) => !drawCodes.has(p.code)).map((p) => p.code) ?? []),
    ...(draws.data?.filter((p) => p.availability.onSale).map((p) => p.code) ?? []),
    FOOTBALL_PRODUCT_CODE,
  ]);
  // Listed but not sold (雙贏彩, ended in 2023): shown as such, with a link to its rules, never as "coming".
  const offSale = new Set<string>(draws.data?.filter((p) => !p.availability.onSale).map((p) => p.code) ?? []);
  return (
    <div className="home">
      <section className="hero">
        <div className="container hero__inner">
          <div className="hero__text">
            <p className="eyebrow">
              <FormattedMessage id="home.eyebrow" />
            </p>
            <h1 className="hero__title">
              <FormattedMessage id="home.title" />
            </h1>
            <p className="hero__lead">
              <FormattedMessage id="home.lead" values={{ brand }} />
            </p>
            <HeroActions />
            <PlayToolsLink />
          </div>
          <HeroArt />
        </div>
      </section>

      <div className="container home__sources">
        <PointsSources />
      </div>

      <section className="container section" aria-labelledby="families-title">
        <header className="section__header">
          <h2 id="families-title">
            <FormattedMessage id="home.families.title" />
          </h2>
          <p className="muted">
            <FormattedMessage id="home.families.lead" />
          </p>
        </header>
        <div className="family-grid">
          {PRODUCT_FAMILIES.map((family) => (
            <FamilyCard key={family.id} family={family} onSale={onSale} offSale={offSale} />
          ))}
        </div>
      </section>

      <HowItWorks />
    </div>
  );
}
