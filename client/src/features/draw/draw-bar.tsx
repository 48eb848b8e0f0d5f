import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { StickyBuyBar } from '../../shared/ui/sticky-buy-bar.tsx';

interface DrawBarProps {
  /** Lines after expansion × draws, or null while the ticket is incomplete. */
  lines: number | null;
  draws: number;
  /** The GP total in hundredths, or null while there is no price. */
  total: number | null;
  canBuy: boolean;
  /** Why the button is disabled, said right above it; absent when it is not. */
  why?: ReactNode;
  /** The button's words: "Checkout" on the purchase screen, "Confirm" at the checkout. */
  action: ReactNode;
  onBuy: () => void;
}

/** The phone's bottom bar on the draw screens: lines and draws, the GP total and the way on (as on the keno screen). */
export function DrawBar({ lines, draws, total, canBuy, why, action, onBuy }: DrawBarProps) {
  return (
    <StickyBuyBar
      name="draw-bar"
      lead={
        <div className="draw-bar__info">
          <span data-testid="draw-bar-lines">{lines === null ? '—' : <FormattedMessage id="draw.summary.linesCount" values={{ count: lines }} />}</span>
          <span>
            <FormattedMessage id="draw.summary.drawsCount" values={{ count: draws }} />
          </span>
        </div>
      }
      total={total}
      canBuy={canBuy}
      why={canBuy ? null : why}
      action={action}
      onBuy={onBuy}
    />
  );
}
