import type { FootballOrderBody } from '@gp/common';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../shared/api/api-error.ts';
import type { Quote } from '../../shared/orders/use-debounced-quote.ts';
import { renderUi } from '../../shared/testing/render.tsx';
import { BetSlip } from './bet-slip.tsx';
import { OddsButton } from './odds-button.tsx';
import { EMPTY_SLIP, orderBody, pickKey, togglePick, type Slip, type SlipPick } from './slip.ts';
import { slipPreview, slipProblem, type SlipPreview } from './slip-rules.ts';
import { SlipSummary } from './slip-summary.tsx';

afterEach(cleanup);

const KITCHEE = { code: 'FB1001', home: 'Kitchee', away: 'Eastern', kickOffAt: '2026-05-02T11:30:00.000Z' };
const LEE_MAN = { code: 'FB1002', home: 'Lee Man', away: 'Rangers', kickOffAt: '2026-05-02T13:30:00.000Z' };
/** The prices on screen: clicking one puts it in the slip, as on the football page. */
const PRICES: Array<{ label: string; pick: SlipPick }> = [
  { label: 'Home', pick: { eventId: '101', market: 'HAD', line: null, selection: 'H', odds: '2.10', event: KITCHEE } },
  { label: 'Away', pick: { eventId: '101', market: 'HAD', line: null, selection: 'A', odds: '3.00', event: KITCHEE } },
  { label: 'High', pick: { eventId: '102', market: 'HIL', line: '2.5', selection: 'H', odds: '1.85', event: LEE_MAN } },
];

const HKD_RATE = { currency: 'HKD', numerator: 32, denominator: 250 };
/** No quote asked (the slip has a problem) or none back yet. */
const NO_QUOTE: Quote = { data: undefined, error: null, current: false, loading: false };
/** What the server answers for a priceable slip: the common rules' figures, the total in GP at HK$7.8125 a GP. */
const serverQuote = (preview: SlipPreview): Quote => ({
  data: {
    units: preview.bets,
    bets: preview.bets,
    stake: { amount: preview.stake, currency: 'HKD' },
    fee: { amount: preview.fee, currency: 'HKD' },
    maxPrize: { amount: preview.maxPrize, currency: 'HKD' },
    total: Math.floor((preview.total * 32) / 250),
    maxPrizePoints: Math.floor((preview.maxPrize * 32) / 250),
    rates: { price: HKD_RATE, prize: HKD_RATE },
  },
  error: null,
  current: true,
  loading: false,
});

/** The football page's slip column, with the slip in local state and the server's quote given by `quoteFor`. */
function FootballSlip({
  quoteFor,
  placing = false,
  onConfirm = () => undefined,
}: {
  quoteFor: (body: FootballOrderBody | null, preview: SlipPreview | null) => Quote;
  placing?: boolean;
  onConfirm?: (body: FootballOrderBody | null) => void;
}) {
  const [slip, setSlip] = useState<Slip>(EMPTY_SLIP);
  const problem = slipProblem(slip);
  const preview = slipPreview(slip);
  const body = problem ? null : orderBody(slip);
  const toggle = (pick: SlipPick) => setSlip((s) => togglePick(s, pick).slip);
  return (
    <>
      {PRICES.map(({ label, pick }) => (
        <OddsButton
          key={pickKey(pick)}
          pickId={pickKey(pick)}
          label={label}
          odds={pick.odds}
          selected={slip.picks.some((p) => pickKey(p) === pickKey(pick))}
          disabled={false}
          onToggle={() => toggle(pick)}
        />
      ))}
      <BetSlip
        slip={slip}
        live={() => null}
        changes={[]}
        refusedEvents={new Set()}
        replaced={[]}
        zone="Asia/Hong_Kong"
        onRemove={toggle}
        onClear={() => setSlip((s) => ({ ...EMPTY_SLIP, unitDollars: s.unitDollars }))}
      />
      <SlipSummary
        slip={slip}
        update={(change) => setSlip(change)}
        preview={preview}
        quote={quoteFor(body, preview)}
        problem={problem}
        changes={[]}
        closedLegs={false}
        onAcceptPrices={() => undefined}
        spend={{ balance: 50_000, after: null, shortBy: 0 }}
        placing={placing}
        held={false}
        confirming={false}
        onBuy={() => onConfirm(body)}
        onConfirm={() => onConfirm(body)}
        onCancel={() => undefined}
      />
    </>
  );
}

const quoted = (body: FootballOrderBody | null, preview: SlipPreview | null) => (body && preview ? serverQuote(preview) : NO_QUOTE);
const price = (label: string) => screen.getByRole('button', { name: new RegExp(`^${label} `) });
const figure = (testId: string) => screen.getByTestId(testId).textContent;
const confirm = () => screen.getByRole('button', { name: 'Buy' });
const setAmount = (dollars: string) => fireEvent.change(screen.getByLabelText('Amount per bet'), { target: { value: dollars } });

describe('the football bet slip and its order summary', () => {
  it('starts empty: nothing to price, nothing to confirm', () => {
    renderUi(<FootballSlip quoteFor={quoted} />);
    expect(screen.getByRole('heading', { name: 'Bet slip (0)' })).toBeTruthy();
    expect(screen.getAllByText('Click a price to add it to your slip.').length).toBeGreaterThan(0);
    expect(figure('summary-stake')).toBe('—');
    expect(figure('summary-total')).toBe('—');
    expect(confirm()).toHaveProperty('disabled', true);
  });

  it('a clicked price becomes a leg with its match and price; under the HK$30 minimum it cannot be confirmed and says why', () => {
    renderUi(<FootballSlip quoteFor={quoted} />);
    fireEvent.click(price('Home'));

    expect(screen.getByRole('heading', { name: 'Bet slip (1)' })).toBeTruthy();
    const legs = screen.getAllByTestId('slip-pick');
    expect(legs).toHaveLength(1);
    expect(within(legs[0]!).getByText('Home')).toBeTruthy();
    expect(within(legs[0]!).getByTestId('slip-taken').textContent).toBe('@2.10');
    expect(screen.getByTestId('slip-event').textContent).toContain('Kitchee – Eastern');
    expect(price('Home').getAttribute('aria-pressed')).toBe('true');

    // HK$10 a bet by default: previewed in Hong Kong dollars, and below the HK$30 order minimum.
    expect(figure('summary-bets')).toBe('1');
    expect(figure('summary-stake')).toBe('HK$10');
    expect(figure('summary-fee')).toBe('HK$30');
    expect(figure('summary-max-prize')).toBe('HK$21');
    expect(figure('summary-total')).toBe('—');
    expect(screen.getByTestId('slip-problem').textContent).toBe('The minimum purchase is HK$30, fee excluded.');
    expect(confirm()).toHaveProperty('disabled', true);
  });

  it('with a valid amount the quote shows the GP total and the order can be confirmed with what is on screen', () => {
    const onConfirm = vi.fn();
    renderUi(<FootballSlip quoteFor={quoted} onConfirm={onConfirm} />);
    fireEvent.click(price('Home'));
    setAmount('30');

    expect(screen.queryByTestId('slip-problem')).toBeNull();
    expect(figure('summary-stake')).toBe('HK$30 ≈ 3.84 GP');
    expect(figure('summary-fee')).toBe('HK$30 ≈ 3.84 GP');
    expect(figure('summary-max-prize')).toBe('HK$63 ≈ 8.06 GP');
    expect(figure('summary-prize-rate')).toBe('1 GP = HK$7.81 at the market rate');
    expect(figure('summary-total-local')).toBe('HK$60 with the fee · 1 GP = HK$7.81');
    expect(figure('summary-total')).toBe('7.68 GP'); // HK$60 at HK$7.8125 a GP
    expect(confirm()).toHaveProperty('disabled', false);

    fireEvent.click(confirm());
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(onConfirm.mock.calls[0]![0]).toMatchObject({
      productCode: 'HKS01',
      mode: 'single',
      unitStake: { amount: 3_000, currency: 'HKD' },
      legs: [expect.objectContaining({ eventId: '101', market: 'HAD', odds: '2.10' })],
    });
  });

  it('adding legs adds bets and stake; removing one or clearing the slip takes them away again', () => {
    renderUi(<FootballSlip quoteFor={quoted} />);
    setAmount('50');
    fireEvent.click(price('Home'));
    fireEvent.click(price('High'));
    fireEvent.click(price('Away'));

    expect(screen.getByRole('heading', { name: 'Bet slip (3)' })).toBeTruthy();
    expect(screen.getAllByTestId('slip-event')).toHaveLength(2); // two matches, three singles
    expect(figure('summary-bets')).toBe('3');
    expect(figure('summary-stake')).toBe('HK$150 ≈ 19.20 GP');
    expect(figure('summary-total')).toBe('23.04 GP'); // (HK$150 + HK$30) / 7.8125

    fireEvent.click(screen.getByRole('button', { name: 'Remove High' }));
    expect(screen.getAllByTestId('slip-pick')).toHaveLength(2);
    expect(screen.getAllByTestId('slip-event')).toHaveLength(1);
    expect(figure('summary-bets')).toBe('2');
    expect(figure('summary-stake')).toBe('HK$100 ≈ 12.80 GP');
    expect(price('High').getAttribute('aria-pressed')).toBe('false');

    // Clicking a picked price again takes it out too.
    fireEvent.click(price('Away'));
    expect(figure('summary-stake')).toBe('HK$50 ≈ 6.40 GP');

    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByRole('heading', { name: 'Bet slip (0)' })).toBeTruthy();
    expect(screen.queryAllByTestId('slip-pick')).toHaveLength(0);
    expect(figure('summary-stake')).toBe('—');
    expect(confirm()).toHaveProperty('disabled', true);
  });

  it('confirm waits for an up-to-date quote and for an order already being placed', () => {
    const { unmount } = renderUi(
      <FootballSlip quoteFor={(body, preview) => (body && preview ? { ...serverQuote(preview), current: false, loading: true } : NO_QUOTE)} />,
    );
    fireEvent.click(price('Home'));
    setAmount('30');
    expect(confirm()).toHaveProperty('disabled', true);
    unmount();

    renderUi(<FootballSlip quoteFor={quoted} placing />);
    fireEvent.click(price('Home'));
    setAmount('30');
    const placing = screen.getByTestId('confirm-order');
    expect(placing.textContent).toBe('Placing the order…');
    expect(placing).toHaveProperty('disabled', true);
  });

  it('an amount HKJC cannot take is refused as typed, never cut to whole dollars, and the error goes once it is corrected', () => {
    renderUi(<FootballSlip quoteFor={quoted} />);
    fireEvent.click(price('Home'));
    setAmount('10.5');
    expect(screen.getByTestId('unit-stake')).toHaveProperty('value', '10.5');
    expect(screen.getByTestId('unit-stake-error').textContent).toContain('“10.5” cannot be staked');
    expect(screen.queryByTestId('slip-problem')).toBeNull();
    expect(figure('summary-stake')).toBe('—');
    expect(confirm()).toHaveProperty('disabled', true);

    setAmount('30');
    expect(screen.queryByTestId('unit-stake-error')).toBeNull();
    expect(figure('summary-stake')).toBe('HK$30 ≈ 3.84 GP');
    expect(confirm()).toHaveProperty('disabled', false);
  });

  it('an empty amount is explained, and a refused quote is shown in words with the way forward', () => {
    const refused = new ApiError({ status: 402, code: 'insufficient_points', message: 'Insufficient points.' });
    renderUi(<FootballSlip quoteFor={(body) => (body ? { data: undefined, error: refused, current: false, loading: false } : NO_QUOTE)} />);
    fireEvent.click(price('Home'));
    setAmount('');
    expect(screen.getByTestId('slip-problem').textContent).toBe('Enter an amount per bet.');

    setAmount('30');
    const alert = screen.getByTestId('quote-error');
    expect(alert.textContent).toContain('Insufficient points.');
    expect(within(alert).getByRole('link', { name: 'Add points' }).getAttribute('href')).toBe('/deposit');
    expect(figure('summary-total')).toBe('—');
    expect(confirm()).toHaveProperty('disabled', true);
  });
});
