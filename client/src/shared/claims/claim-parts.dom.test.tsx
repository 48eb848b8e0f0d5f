import { cleanup, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { HttpClient } from '../api/http-client.ts';
import { renderUi } from '../testing/render.tsx';
import { ClaimDocumentList, ClaimTimeline } from './claim-parts.tsx';

afterEach(cleanup);

describe("a claim's timeline", () => {
  it('lists all six steps: the ones done with their date and zone and staff’s note, the current one marked, the rest to come', () => {
    renderUi(
      <ClaimTimeline
        claim={{
          step: 'documents_requested',
          timeline: [
            { step: 'win_confirmed', at: '2026-11-28T02:00:00.000Z', note: null },
            { step: 'documents_requested', at: '2026-11-28T03:30:00.000Z', note: 'Your ID card, both sides' },
          ],
        }}
      />,
    );
    const steps = screen.getAllByTestId('claim-step');
    expect(steps.map((s) => s.dataset.step)).toEqual([
      'win_confirmed',
      'documents_requested',
      'documents_received',
      'ticket_presented',
      'prize_received',
      'credited',
    ]);
    expect(steps.map((s) => s.dataset.state)).toEqual(['done', 'current', 'to-come', 'to-come', 'to-come', 'to-come']);
    expect(steps[1]!.getAttribute('aria-current')).toBe('step');
    // Every date names its zone.
    expect(steps[0]!.querySelector('time')!.textContent).toMatch(/(GMT|UTC)/);
    expect(steps[1]!.querySelector('time')!.getAttribute('datetime')).toBe('2026-11-28T03:30:00.000Z');
    expect(screen.getByTestId('claim-step-note').textContent).toBe('Our note: Your ID card, both sides');
    expect(steps[5]!.textContent).toContain('Prize credited to your account');
    expect(steps[5]!.textContent).toContain('to come');
  });

  it('for staff, the credit goes to the member’s account, not to “your” account', () => {
    renderUi(<ClaimTimeline reader="staff" claim={{ step: 'credited', timeline: [{ step: 'credited', at: '2026-11-30T02:00:00.000Z', note: null }] }} />);
    const credited = screen.getAllByTestId('claim-step')[5]!;
    expect(credited.textContent).toContain('Prize credited to the member’s account');
    expect(credited.textContent).not.toContain('your account');
  });
});

describe("a claim's documents", () => {
  const http = { blob: () => Promise.resolve(new Blob(['%PDF-'])) } as unknown as HttpClient;
  const wrap = (ui: ReactElement) => <QueryClientProvider client={new QueryClient()}>{ui}</QueryClientProvider>;

  it('names each with its kind, size and when; one deleted after closure cannot be opened', () => {
    renderUi(
      wrap(
        <ClaimDocumentList
          http={http}
          documents={[
            {
              id: '1',
              name: 'id-card.pdf',
              contentType: 'application/pdf',
              size: 52_000,
              uploadedAt: '2026-11-28T03:40:00.000Z',
              url: '/api/claims/7/documents/1',
            },
            { id: '2', name: 'form.png', contentType: 'image/png', size: 300, uploadedAt: '2026-11-28T03:41:00.000Z', url: null },
          ]}
        />,
      ),
    );
    const [first, second] = screen.getAllByTestId('claim-document');
    expect(first!.textContent).toMatch(/^id-card\.pdfPDF · 51 kB · .+(GMT|UTC)/);
    expect(first!.querySelector('[data-testid="claim-document-fetch"]')).not.toBeNull();
    expect(second!.textContent).toContain('PNG · 1 kB');
    expect(second!.textContent).toContain('deleted after the account closed');
    expect(second!.querySelector('button')).toBeNull();
  });

  it('says so when there are none', () => {
    renderUi(wrap(<ClaimDocumentList http={http} documents={[]} />));
    expect(screen.getByTestId('claim-documents-none').textContent).toBe('No documents sent yet.');
  });
});
