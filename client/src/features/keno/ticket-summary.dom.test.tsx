import { kenoProduct, type ProductDetail } from '@gp/common';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../shared/api/api-error.ts';
import { renderUi } from '../../shared/testing/render.tsx';
import { EMPTY_TICKET, type Ticket } from './ticket.ts';
import { TicketSummary } from './ticket-summary.tsx';
import type { Quote } from './use-quote.ts';
import type { Spend } from '../../shared/orders/spend.tsx';

afterEach(cleanup);

const TWD_RATES = { price: { currency: 'TWD', numerator: 1, denominator: 25 }, prize: { currency: 'TWD', numerator: 2, denominator: 65 } };
const CAD_RATES = { price: { currency: 'CAD', numerator: 1, denominator: 1 }, prize: { currency: 'CAD', numerator: 73, denominator: 100 } };
/** The summary reads only the product's minimum purchase (Taiwan Bingo Bingo's, 3 units) and its rates. */
const TWB01 = {
  code: 'TWB01',
  unitPrice: 100,
  rates: TWD_RATES,
  rules: { minimumUnits: kenoProduct('TWB01')!.minimumUnits, unitStake: { amount: 2_500, currency: 'TWD' } },
} as unknown as ProductDetail;
const ISSUE = '115016038';
const NO_QUOTE: Quote = { data: undefined, error: null, current: false, loading: false };
const quote = (data: NonNullable<Quote['data']>): Quote => ({ data, error: null, current: true, loading: false });
/** 3 stars on 1, 23 and 45, and "big", at ×2: 4 units. */
const TICKET: Ticket = { ...EMPTY_TICKET, stars: 3, numbers: [1, 23, 45], bigSmall: 'big', multiplier: 2 };
const TICKET_QUOTE = quote({
  units: 4,
  bets: 2,
  stake: { amount: 10_000, currency: 'TWD' },
  fee: { amount: 0, currency: 'TWD' },
  maxPrize: { amount: 2_000_000, currency: 'TWD' },
  total: 1_600,
  maxPrizePoints: 61_538,
  rates: TWD_RATES,
});

/** 500.00 GP: enough for every ticket here. */
const RICH: Spend = { balance: 50_000, after: 48_400, shortBy: 0 };

function summary(props: Partial<Parameters<typeof TicketSummary>[0]> = {}) {
  const handlers = { onBuy: vi.fn(), onConfirm: vi.fn(), onCancel: vi.fn(), onReset: vi.fn() };
  renderUi(
    <TicketSummary product={TWB01} ticket={TICKET} issue={ISSUE} quote={TICKET_QUOTE} spend={RICH} placing={false} held={false} confirming={false} {...handlers} {...props} />,
  );
  return handlers;
}
const figure = (testId: string) => screen.getByTestId(testId).textContent;
const confirm = () => screen.getByTestId('confirm-order');

describe('the keno ticket summary', () => {
  it('lists the plays, and shows the quoted price in GP, the stake and prize in the local currency with their GP and the rates used', () => {
    const { onBuy } = summary();
    expect(screen.getByText(`For issue ${ISSUE}`)).toBeTruthy();
    const plays = within(screen.getByTestId('summary-plays'))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(plays).toEqual(['3 stars: 01 · 23 · 45', 'Big/small: Big', 'Multiplier ×2']);
    expect(figure('summary-units')).toBe('4');
    expect(figure('summary-total')).toBe('16.00 GP');
    expect(figure('summary-stake')).toBe('NT$100 ≈ 16.00 GP');
    expect(figure('summary-price-rate')).toBe('1 GP = NT$25, service fee included');
    expect(figure('summary-max-prize')).toBe('NT$20,000 ≈ 615.38 GP');
    expect(figure('summary-prize-rate')).toBe('1 GP = NT$32.50 at the market rate');
    expect(screen.getByText('The price includes the service fee; prizes convert to GP at the market rate.')).toBeTruthy();
    expect(figure('summary-unit-price')).toBe('1 unit = 1.00 GP (NT$25 stake) · at least 3 units a ticket');

    expect(confirm()).toHaveProperty('disabled', false);
    expect(confirm().textContent).toBe('Buy');
    fireEvent.click(confirm());
    expect(onBuy).toHaveBeenCalledOnce();
  });

  it('the confirm step shows the GP total and the balance after, and confirms or goes back', () => {
    const { onConfirm, onCancel } = summary({ confirming: true });
    const step = screen.getByTestId('confirm-step');
    expect(within(step).getByTestId('confirm-total').textContent).toBe('16.00 GP');
    expect(within(step).getByTestId('balance-after').textContent).toBe('484.00 GP');
    fireEvent.click(screen.getByTestId('confirm-spend'));
    expect(onConfirm).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByTestId('confirm-cancel'));
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('a balance that cannot pay says by how much, offers a top-up, and Buy stays disabled before the server is asked', () => {
    const poor: Spend = { balance: 1_000, after: null, shortBy: 600 };
    summary({ spend: poor });
    expect(screen.getByTestId('balance-short').textContent).toContain('Your balance of 10.00 GP is 6.00 GP short for this order.');
    expect(screen.getByTestId('top-up-link').getAttribute('href')).toBe('/deposit');
    expect(confirm()).toHaveProperty('disabled', true);
    cleanup();

    summary({ spend: poor, confirming: true });
    expect(screen.getByTestId('confirm-spend')).toHaveProperty('disabled', true);
    expect(screen.getByTestId('top-up-link')).toBeTruthy();
  });

  it('shows cents when the currency has them: a Canada Keno quote in Canadian dollars', () => {
    summary({
      quote: quote({
        units: 1,
        bets: 1,
        stake: { amount: 250, currency: 'CAD' },
        fee: { amount: 0, currency: 'CAD' },
        maxPrize: { amount: 1_000_000, currency: 'CAD' },
        total: 250,
        maxPrizePoints: 730_000,
        rates: CAD_RATES,
      }),
    });
    expect(figure('summary-total')).toBe('2.50 GP');
    expect(figure('summary-stake')).toBe('CA$2.50 ≈ 2.50 GP');
    expect(figure('summary-max-prize')).toBe('CA$10,000 ≈ 7,300.00 GP');
    expect(figure('summary-prize-rate')).toBe('1 GP = CA$1.37 at the market rate');
  });

  it('an empty ticket invites a first play and cannot be confirmed', () => {
    summary({ ticket: EMPTY_TICKET, quote: NO_QUOTE });
    expect(screen.getByText('Choose numbers or a guess to start your ticket.')).toBeTruthy();
    expect(figure('summary-units')).toBe('0');
    expect(figure('summary-total')).toBe('—');
    expect(confirm()).toHaveProperty('disabled', true);
  });

  it('a ticket under the 3-unit minimum says so before any quote, and cannot be bought', () => {
    summary({ ticket: { ...EMPTY_TICKET, stars: 1, numbers: [7] }, quote: NO_QUOTE });
    expect(figure('summary-below-minimum')).toBe('The minimum purchase is 3 units; this ticket has 1. Add plays or raise the multiplier.');
    expect(confirm()).toHaveProperty('disabled', true);
  });

  it('a multiplier the field refused blocks the ticket until it is corrected', () => {
    summary({ ticket: { ...TICKET, multiplier: null }, quote: NO_QUOTE });
    expect(screen.getByText('Correct the multiplier to price this ticket.')).toBeTruthy();
    expect(confirm()).toHaveProperty('disabled', true);
  });

  it('an unfinished pick says how many numbers are missing, and cannot be confirmed', () => {
    summary({ ticket: { ...EMPTY_TICKET, stars: 3, numbers: [1, 23] }, quote: NO_QUOTE });
    expect(screen.getByText('Choose 1 more number to complete the basic play.')).toBeTruthy();
    expect(confirm()).toHaveProperty('disabled', true);
  });

  it('cannot be confirmed without an issue on sale, while the quote is out of date, or while placing', () => {
    summary({ issue: null });
    expect(screen.getByText('No issue is on sale right now.')).toBeTruthy();
    expect(confirm()).toHaveProperty('disabled', true);
    cleanup();

    summary({ quote: { ...TICKET_QUOTE, current: false, loading: true } });
    expect(confirm()).toHaveProperty('disabled', true);
    cleanup();

    summary({ held: true });
    expect(confirm()).toHaveProperty('disabled', true);
    cleanup();

    summary({ placing: true });
    expect(confirm().textContent).toBe('Placing the order…');
    expect(confirm()).toHaveProperty('disabled', true);
    expect(screen.getByTestId('reset-ticket')).toHaveProperty('disabled', true);
  });

  it('a refused quote is explained in words, with the way forward, and hides the price', () => {
    summary({
      quote: {
        data: undefined,
        error: new ApiError({ status: 402, code: 'insufficient_points', message: 'Insufficient points.' }),
        current: false,
        loading: false,
      },
    });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Insufficient points.');
    expect(within(alert).getByRole('link', { name: 'Add points' }).getAttribute('href')).toBe('/deposit');
    expect(figure('summary-total')).toBe('—');
    expect(confirm()).toHaveProperty('disabled', true);
    cleanup();

    summary({
      quote: {
        data: undefined,
        error: new ApiError({ status: 422, code: 'below_minimum_purchase', message: 'Below the minimum purchase.', details: { minimum: 3, units: 2 } }),
        current: false,
        loading: false,
      },
    });
    expect(screen.getByRole('alert').textContent).toContain('The minimum purchase is 3 units; this ticket has 2. Add plays or raise the multiplier.');
  });

  it('reset asks the page to clear the ticket', () => {
    const { onReset } = summary();
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(onReset).toHaveBeenCalledOnce();
  });
});
