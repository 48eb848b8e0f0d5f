import { useIntl } from 'react-intl';
import { PillSwitcher } from '../../shared/ui/pill-switcher.tsx';

/** The keno games and where each one's purchase screen lives (spec §2: /main/keno, /main/keno/keno24h). */
export const KENO_SCREENS = [
  { code: 'TWB01', to: '/main/keno' },
  { code: 'CAB01', to: '/main/keno/keno24h' },
  { code: 'KRB01', to: '/main/keno?product=KRB01' },
] as const;
export type KenoScreenCode = (typeof KENO_SCREENS)[number]['code'];

export function ProductSwitcher({ current }: { current: string }) {
  const intl = useIntl();
  return <PillSwitcher label={intl.formatMessage({ id: 'keno.switcher.label' })} current={current} items={KENO_SCREENS.map(({ code, to }) => ({ code, to, name: `product.${code}` as const }))} />;
}
