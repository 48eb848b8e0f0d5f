import { FormattedDate, FormattedNumber } from 'react-intl';

/** A moment as the console shows it (short date and time), or a dash for none. */
export const when = (at: string | null) => (at ? <FormattedDate value={at} dateStyle="short" timeStyle="short" /> : '—');

/** A local amount in its currency's minor units (USD 1050 → 10.50 USD). */
export function Money({ amount, currency }: { amount: number; currency: string }) {
  return (
    <>
      <FormattedNumber value={amount / 100} minimumFractionDigits={2} maximumFractionDigits={2} /> {currency}
    </>
  );
}
