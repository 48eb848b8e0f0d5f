import './home.css';
import { useAtomValue } from 'jotai';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { isLoggedInAtom } from '../../shared/session/session-atoms.ts';
import { useSite } from '../../shared/site/site-query.ts';
import { usePageTitle } from '../../shared/site/use-page-title.ts';
import { HeroArt } from './hero-art.tsx';
import { HowItWorks } from './how-it-works.tsx';
import { PRODUCT_FAMILIES } from './product-families.ts';

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

export function HomePage() {
  usePageTitle();
  const { brand } = useSite();
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
          </div>
          <HeroArt />
        </div>
      </section>

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
          {PRODUCT_FAMILIES.map(({ id, title, body, Icon, products }) => (
            <article key={id} className={`card family family--${id}`}>
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
                {products.map((code) => (
                  <li key={code} className="chip" title={code}>
                    <FormattedMessage id={`product.${code}`} />
                  </li>
                ))}
              </ul>
            </article>
          ))}
        </div>
      </section>

      <HowItWorks />
    </div>
  );
}
