import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense, useState, type ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from '../shared/errors/route-error.tsx';
import { pageLoads } from '../shared/navigation/page-loads.ts';
import { lazyPage } from './lazy-page.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** A chunk that arrives when the test says so. */
function deferredChunk(text: string) {
  let arrive!: () => void;
  const load = vi.fn(() => new Promise<() => ReactElement>((resolve) => (arrive = () => resolve(() => <p>{text}</p>))));
  return { load, arrive: () => arrive() };
}

describe('lazyPage', () => {
  it('fetches a page once however often it is preloaded and rendered, and counts the load while it runs', async () => {
    const chunk = deferredChunk('the wallet');
    const Page = lazyPage(chunk.load, 'shell');
    const first = Page.preload();
    void Page.preload();
    expect(pageLoads.loading()).toBe(1);
    render(
      <Suspense fallback={<p>loading</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeTruthy();
    await act(async () => {
      chunk.arrive();
      await first;
    });
    expect(await screen.findByText('the wallet')).toBeTruthy();
    expect(chunk.load).toHaveBeenCalledTimes(1);
    expect(pageLoads.loading()).toBe(0);
  });

  it('renders a preloaded page at once, without suspending (the first paint is the real page)', async () => {
    const chunk = deferredChunk('the orders');
    const Page = lazyPage(chunk.load, 'shell');
    const loading = Page.preload();
    chunk.arrive();
    await loading;
    render(
      <Suspense fallback={<p>loading</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByText('the orders')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
  });
});

describe('RouteErrorBoundary', () => {
  it('shows the crash screen in place of a page that throws, and the next page once the member moves on', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // React logs the caught error
    function Broken(): ReactElement {
      throw new Error('a bug');
    }
    let go!: (path: string) => void;
    function Shell() {
      const [path, setPath] = useState('/broken');
      go = setPath;
      return <RouteErrorBoundary resetKey={path}>{path === '/broken' ? <Broken /> : <p>the home page</p>}</RouteErrorBoundary>;
    }
    render(<Shell />);
    expect(screen.getByRole('alert').textContent).toContain('Something went wrong');
    act(() => go('/'));
    expect(screen.getByText('the home page')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
