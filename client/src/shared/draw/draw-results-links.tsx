import './draw-balls.css';
import { DRAW_CODES } from '@gp/common/draw/types';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { productNameId } from '../keno/keno-codes.ts';
import { lottoResultsPath, numberMasterPath } from './draw-links.ts';

/** The draw lotteries' results pages (and the number master), for the keno roadmap to point to. */
export function DrawResultsLinks() {
  return (
    <section className="card section-card" aria-labelledby="draw-results-links-title" data-testid="draw-results-links">
      <h2 id="draw-results-links-title">
        <FormattedMessage id="draw.results.links" />
      </h2>
      <ul className="draw-chip-links">
        {DRAW_CODES.map((code) => (
          <li key={code}>
            <Link to={lottoResultsPath(code)} className="draw-chip-links__link" data-testid={`results-${code}`}>
              <FormattedMessage id={productNameId(code)} />
            </Link>
          </li>
        ))}
        <li>
          <Link to={numberMasterPath('HKA01')} className="draw-chip-links__link draw-chip-links__link--muted">
            <FormattedMessage id="draw.links.numberMaster" />
          </Link>
        </li>
      </ul>
    </section>
  );
}
