import { FormattedNumber } from 'react-intl';
import { Moment } from '../../shared/time/moment.tsx';

/** A moment as the console shows it (short date and time with its zone, as every screen), or a dash for none. */
export const when = (at: string | null) => (at ? <Moment value={at} length="short" /> : '—');

/** A local amount in its currency's minor units (USD 1050 → 10.50 USD). */
export function Money({ amount, currency }: { amount: number; currency: string }) {
  return (
    <>
      <FormattedNumber value={amount / 100} minimumFractionDigits={2} maximumFractionDigits={2} /> {currency}
    </>
  );
}
