import type { DrawProduct } from '@gp/common';
import { FormattedMessage } from 'react-intl';
import { AlertIcon } from '../../shared/ui/icons.tsx';

/**
 * A product in the catalogue that is not sold (雙贏彩 ended in 2023): said plainly, with the
 * reason in the member's language, in place of the picker. Its rules stay below for anyone curious.
 */
export function OffSale({ product }: { product: DrawProduct }) {
  const { reasonCode } = product.availability;
  return (
    <section className="card notice draw-off-sale" role="status" data-testid="off-sale">
      <AlertIcon size={20} />
      <div>
        <h2>
          <FormattedMessage id="draw.offSale.title" />
        </h2>
        <p>
          {/* The catalogue's own reason is an English note for operators: members read the translated one. */}
          <FormattedMessage id={reasonCode === 'discontinued' ? 'draw.offSale.discontinued' : 'draw.offSale.generic'} />
        </p>
      </div>
    </section>
  );
}
