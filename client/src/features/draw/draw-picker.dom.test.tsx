import { drawLineCost, drawProduct, drawTicketCost, quotedMaxPrize, validateDrawTicket, type DrawProduct } from '@gp/common';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderUi } from '../../shared/testing/render.tsx';
import { ExpansionPreview } from './expansion-preview.tsx';
import { LinesEditor } from './lines-editor.tsx';
import { linesForMode, type EntryMode } from './picker.ts';
import { pickerZones } from './picker-zones.ts';
import { EMPTY_DRAW_TICKET, type DrawTicket } from './ticket-atoms.ts';
import { ticketRequest } from './ticket-request.ts';
import { TicketSummary } from './ticket-summary.tsx';

afterEach(cleanup);

const MARK_SIX = drawProduct('HKA01')!;
const HKD_RATES = { price: { currency: 'HKD', numerator: 32, denominator: 250 }, prize: { currency: 'HKD', numerator: 32, denominator: 250 } };
const NO_SPEND = { balance: null, after: null, shortBy: 0 };

/** The purchase screen's picker and figures, on local state: what the member taps and what the screen then says. */
function Harness({ product, mode, draws = 1 }: { product: DrawProduct; mode: EntryMode; draws?: number }) {
  const [ticket, setTicket] = useState<DrawTicket>({ ...EMPTY_DRAW_TICKET, mode, draws });
  const zones = pickerZones(product, ticket.play);
  const request = ticketRequest(product, ticket);
  const problem = request ? validateDrawTicket(product, request) : null;
  const cost = request && !problem ? drawTicketCost(product, request, { numerator: 32, denominator: 250 }, draws) : null;
  return (
    <>
      <LinesEditor zones={zones} zoneLabels={['Numbers']} mode={ticket.mode} lines={ticket.lines} maxLines={product.maxEntries} linePrice={null} onChange={(lines) => setTicket((t) => ({ ...t, lines: linesForMode(lines, zones, t.mode) }))} />
      <TicketSummary product={product} issue="26/030" cost={cost} problem={problem} empty={request === null} lineCost={drawLineCost(product, {}, { numerator: 32, denominator: 250 })} maxPrize={request && !problem ? quotedMaxPrize(product, request) : null} rates={HKD_RATES} spend={NO_SPEND} action={null}>
        {request && !problem && <ExpansionPreview product={product} request={request} partialUnit={false} prizeRate={HKD_RATES.prize} />}
      </TicketSummary>
    </>
  );
}

const ball = (n: number, line = 0) => screen.getByTestId(`zone-${line}-0`).querySelector<HTMLButtonElement>(`button[data-number="${n}"]`)!;
const tap = (...numbers: number[]) => numbers.forEach((n) => fireEvent.click(ball(n)));

describe('the draw picker', () => {
  it('keeps a single Mark Six line to six numbers and says why a seventh is refused', () => {
    renderUi(<Harness product={MARK_SIX} mode="standard" />);
    tap(3, 8, 17, 22, 31);
    expect(screen.getByTestId('line-status-0').textContent).toContain('Pick 1 more number');
    tap(40);
    expect(screen.getByTestId('line-status-0').textContent).toContain('Line complete');
    tap(45);
    expect(screen.getByTestId('line-status-0').textContent).toContain('already holds 6 numbers');
    expect(ball(45).getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByTestId('summary-lines').textContent).toBe('1');
    // Its top three divisions are pools: the most it can win in fixed prizes is the 4th, HK$9,600, not HK$0.
    expect(screen.getByTestId('summary-max-prize').textContent).toBe('HK$9,600 ≈ 1,228.80 GP');
    expect(screen.getByTestId('summary-max-prize-pools').textContent).toBe('The top 3 divisions are shared pools: each draw sets the amount.');
  });

  it('quick-picks a whole line, and adds and removes lines', () => {
    renderUi(<Harness product={MARK_SIX} mode="standard" />);
    fireEvent.click(screen.getByTestId('quick-pick-0'));
    expect(within(screen.getByTestId('zone-0-0')).getAllByRole('button', { pressed: true })).toHaveLength(6);
    fireEvent.click(screen.getByTestId('add-line'));
    fireEvent.click(screen.getByTestId('quick-pick-1'));
    expect(screen.getByTestId('summary-lines').textContent).toBe('2');
    fireEvent.click(screen.getByTestId('remove-line-1'));
    expect(screen.queryByTestId('draw-line-1')).toBeNull();
    expect(screen.getByTestId('summary-lines').textContent).toBe('1');
  });

  it('expands a 7-number multiple to 7 lines and prices it for 3 draws in GP', () => {
    renderUi(<Harness product={MARK_SIX} mode="system" draws={3} />);
    tap(1, 2, 3, 4, 5, 6, 7);
    expect(screen.getByTestId('expansion').textContent).toContain('Expands to 7 lines');
    expect(screen.getByTestId('summary-lines').textContent).toBe('7');
    // HK$70 + 10% fee = HK$77 a draw at 32/250 → 9.86 GP; three draws 29.58 GP (common's worked example).
    expect(screen.getByTestId('summary-total').textContent).toBe('29.58 GP');
    // One line is quoted as it is charged, fee included: HK$11 → 1.41 GP, not HK$10's 1.28 GP.
    expect(screen.getByTestId('summary-line-price').textContent).toBe('HK$11 ≈ 1.41 GP');
    expect(screen.getByTestId('summary-line-parts').textContent).toBe('HK$10 stake + HK$1 service fee');
  });

  it('builds a banker entry (2 bankers + 5 legs = 5 lines) and shows what each division would pay if all hit', () => {
    renderUi(<Harness product={MARK_SIX} mode="banker" />);
    fireEvent.click(screen.getByTestId('tap-target-bankers'));
    tap(1, 2);
    expect(ball(1).getAttribute('aria-label')).toContain('banker');
    fireEvent.click(screen.getByTestId('tap-target-numbers'));
    tap(10, 11, 12);
    // A banker entry needs at least one more number than a line: 2 bankers + 3 legs is 2 short.
    expect(screen.getByTestId('line-status-0').textContent).toContain('Pick 2 more numbers');
    tap(13, 14);
    expect(screen.getByTestId('expansion').textContent).toContain('Expands to 5 lines');
    // All picked numbers hit: one line has all six (1st, pool), four have five plus the extra number (2nd, pool).
    expect(within(screen.getByTestId('expansion-division-1')).getByTestId('expansion-lines').textContent).toBe('1');
    expect(within(screen.getByTestId('expansion-division-2')).getByTestId('expansion-lines').textContent).toBe('4');
    fireEvent.click(screen.getByTestId('tap-target-bankers'));
    tap(3, 4, 5, 6);
    expect(screen.getByTestId('line-status-0').textContent).toContain('At most 5 bankers');
  });

  it('says a ticket with more numbers than a line takes needs a multiple entry', () => {
    renderUi(<Harness product={drawProduct('TWA03')!} mode="standard" />);
    tap(1, 2, 3, 4);
    expect(screen.queryByTestId('ticket-problem')).not.toBeNull();
    expect(screen.getByTestId('summary-total').textContent).toBe('—');
  });
});
