import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const STORAGE_KEY = 'scroll-positions';
const MAX_ENTRIES = 100;

function readPositions(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

function writePositions(positions: Record<string, number>): void {
  const recent = Object.entries(positions).slice(-MAX_ENTRIES);
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries(recent)));
  } catch {
    // Storage unavailable: positions still work for this page's lifetime.
  }
}

const prefersSmooth = () => !window.matchMedia('(prefers-reduced-motion: reduce)').matches;

function focusTarget(element: HTMLElement): void {
  if (!element.matches('a[href], button, input, select, textarea, [tabindex]')) element.setAttribute('tabindex', '-1');
  element.focus({ preventScroll: true });
}

/**
 * Scrolls back to `top`. A page coming back is briefly shorter than it was (its content is still
 * rendering), which would clamp the position; so keep trying for up to a second of frames, and
 * stop as soon as it is reached or the reader scrolls themselves (wheel, touch, keys).
 */
function restoreScroll(top: number): () => void {
  let frame = 0;
  let tries = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const event of ['wheel', 'touchstart', 'keydown'] as const) window.removeEventListener(event, stop);
  };
  const attempt = () => {
    window.scrollTo({ top, behavior: 'instant' });
    if (Math.abs(window.scrollY - top) <= 1 || ++tries >= 60) return stop();
    frame = requestAnimationFrame(attempt);
  };
  for (const event of ['wheel', 'touchstart', 'keydown'] as const) window.addEventListener(event, stop, { passive: true });
  attempt();
  return stop;
}

/**
 * Spec §2 router behaviour: a hash scrolls smoothly to its element and focuses it; a bare hash
 * scrolls to the top; a new path scrolls to the top; back/forward restores the saved position.
 */
export function ScrollManager() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef<Record<string, number>>(readPositions());
  const currentKey = useRef(location.key);
  const previous = useRef<{ pathname: string; search: string } | null>(null);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    let frame = 0;
    const save = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        positions.current[currentKey.current] = window.scrollY;
      });
    };
    const persist = () => writePositions(positions.current);
    window.addEventListener('scroll', save, { passive: true });
    window.addEventListener('pagehide', persist);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', save);
      window.removeEventListener('pagehide', persist);
      persist();
    };
  }, []);

  useLayoutEffect(() => {
    const before = previous.current;
    previous.current = { pathname: location.pathname, search: location.search };
    currentKey.current = location.key;
    const saved = positions.current[location.key];

    if (navigationType === 'POP' && saved !== undefined) return restoreScroll(saved);
    const id = decodeURIComponent(location.hash.replace(/^#/, ''));
    if (id) {
      const target = document.getElementById(id);
      if (target) {
        target.scrollIntoView({ behavior: prefersSmooth() ? 'smooth' : 'instant', block: 'start' });
        focusTarget(target);
        return;
      }
    }
    if (before === null && navigationType === 'POP') return; // first page load: the browser decides
    const samePage = before?.pathname === location.pathname && before.search === location.search;
    window.scrollTo({ top: 0, behavior: samePage && prefersSmooth() ? 'smooth' : 'instant' });
  }, [location.key, location.pathname, location.search, location.hash, navigationType]);

  return null;
}
