import { useEffect, type RefObject } from 'react';

/**
 * Declares `ref`'s element a bar fixed at the bottom of the screen (a purchase screen's buy bar,
 * football's way back to the slip): the room it takes, from its top edge to the bottom of the
 * window, becomes `--bottom-bar` on the document, so the toasts and the app's reload note sit above
 * it and never over its button (toasts.css, overlays.css). Only one such bar is on screen at a time.
 */
export function useBottomBar(ref: RefObject<HTMLElement | null>, active = true): void {
  useEffect(() => {
    const bar = ref.current;
    if (!bar || !active) return undefined;
    const root = document.documentElement;
    const measure = () => root.style.setProperty('--bottom-bar', `${Math.max(0, Math.ceil(window.innerHeight - bar.getBoundingClientRect().top))}px`);
    measure();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    observer?.observe(bar);
    window.addEventListener('resize', measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', measure);
      root.style.removeProperty('--bottom-bar');
    };
  }, [ref, active]);
}
