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

    if (navigationType === 'POP' && saved !== undefined) {
      window.scrollTo({ top: saved, behavior: 'instant' });
      return;
    }
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
