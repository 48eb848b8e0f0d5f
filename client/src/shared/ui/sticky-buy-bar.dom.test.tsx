import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../testing/render.tsx';
import { StickyBuyBar } from './sticky-buy-bar.tsx';

afterEach(cleanup);

describe('<StickyBuyBar>: the phone bottom bar of the keno and draw-lottery screens', () => {
  it('shows the total in GP (a dash while unpriced) and buys only when allowed', () => {
    const onBuy = vi.fn();
    const { rerender } = renderUi(<StickyBuyBar name="draw-bar" lead={<span>1 line</span>} total={null} canBuy={false} action="Checkout" onBuy={onBuy} />);
    expect(screen.getByTestId('draw-bar-total').textContent).toBe('—');
    fireEvent.click(screen.getByTestId('draw-bar-buy'));
    expect(onBuy).not.toHaveBeenCalled();

    rerender(<StickyBuyBar name="draw-bar" lead={<span>1 line</span>} note={<span data-testid="units">3 units</span>} total={141} canBuy action="Checkout" onBuy={onBuy} />);
    expect(screen.getByTestId('draw-bar-total').textContent).toBe('1.41 GP');
    expect(screen.getByTestId('units').textContent).toBe('3 units');
    fireEvent.click(screen.getByRole('button', { name: 'Checkout' }));
    expect(onBuy).toHaveBeenCalledTimes(1);
  });

  it('keeps toasts above it through --bottom-bar while it is shown, and gives the room back when it goes', () => {
    const { unmount } = renderUi(<StickyBuyBar name="keno-bar" above={<p>Confirm?</p>} lead={<span>00:42</span>} total={300} canBuy action="Buy" onBuy={() => undefined} />);
    expect(screen.getByText('Confirm?')).toBeTruthy();
    expect(document.documentElement.style.getPropertyValue('--bottom-bar')).toMatch(/^\d+px$/);
    unmount();
    expect(document.documentElement.style.getPropertyValue('--bottom-bar')).toBe('');
  });
});
