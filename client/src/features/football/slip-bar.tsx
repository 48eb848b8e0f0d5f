import { useRef } from 'react';
import { FormattedMessage } from 'react-intl';
import { useBottomBar } from '../../shared/ui/use-bottom-bar.ts';
import { useMediaQuery } from '../../shared/ui/use-media-query.ts';

/** Below this width the slip sits under the long event list (football.css), so the bar leads back to it. */
const SLIP_BELOW_LIST = '(max-width: 1020px)';

/**
 * Phones: the way back to the bet slip once there are picks, fixed at the bottom of the screen.
 * It claims its room as a bottom bar, so a toast or the app's reload note never covers it.
 */
export function SlipBar({ count }: { count: number }) {
  const ref = useRef<HTMLAnchorElement>(null);
  const shown = useMediaQuery(SLIP_BELOW_LIST);
  useBottomBar(ref, shown);
  return (
    <a ref={ref} href="#football-slip" className="slip-bar" data-testid="slip-bar">
      <FormattedMessage id="football.slip.bar" values={{ count }} />
    </a>
  );
}
