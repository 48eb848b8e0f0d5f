import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderUi } from '../../shared/testing/render.tsx';
import { Points } from '../../shared/money/points.tsx';

afterEach(cleanup);

describe('<Points>: a GPoints amount as members read it', () => {
  it('shows hundredths as points with two decimals, grouped, and the GP unit', () => {
    renderUi(
      <ul>
        <li data-testid="big">
          <Points value={123_456} />
        </li>
        <li data-testid="round">
          <Points value={50_000} />
        </li>
        <li data-testid="small">
          <Points value={5} />
        </li>
        <li data-testid="zero">
          <Points value={0} />
        </li>
      </ul>,
    );
    expect(screen.getByTestId('big').textContent).toBe('1,234.56 GP');
    expect(screen.getByTestId('round').textContent).toBe('500.00 GP');
    expect(screen.getByTestId('small').textContent).toBe('0.05 GP');
    expect(screen.getByTestId('zero').textContent).toBe('0.00 GP');
  });

  it('marks credits with + when signed, and shows debits with -', () => {
    renderUi(
      <ul>
        <li data-testid="credit">
          <Points value={1_250} signed />
        </li>
        <li data-testid="debit">
          <Points value={-1_250} signed />
        </li>
        <li data-testid="unsigned">
          <Points value={1_250} />
        </li>
      </ul>,
    );
    expect(screen.getByTestId('credit').textContent).toBe('+12.50 GP');
    expect(screen.getByTestId('debit').textContent).toBe('-12.50 GP');
    expect(screen.getByTestId('unsigned').textContent).toBe('12.50 GP');
  });

  it("groups and separates decimals in the reader's locale", () => {
    renderUi(
      <p data-testid="de">
        <Points value={123_456} />
      </p>,
      { locale: 'de' },
    );
    expect(screen.getByTestId('de').textContent).toBe('1.234,56 GP');
  });
});
