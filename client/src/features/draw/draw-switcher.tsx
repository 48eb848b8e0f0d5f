import { DRAW_CODES } from '@gp/common';
import { productNameId } from '../../shared/keno/keno-codes.ts';
import { PillSwitcher } from '../../shared/ui/pill-switcher.tsx';

/** The twelve draw lotteries as a row of links; `hrefFor` picks the page (purchase, results, number master). */
export function DrawSwitcher({ current, hrefFor, label }: { current: string; hrefFor: (code: string) => string; label: string }) {
  return <PillSwitcher className="draw-switcher" label={label} current={current} items={DRAW_CODES.map((code) => ({ code, to: hrefFor(code), name: productNameId(code) }))} />;
}
