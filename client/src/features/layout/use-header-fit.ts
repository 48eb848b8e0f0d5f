import { useLayoutEffect, useRef, useState } from 'react';

/**
 * How the header's row fits (a wide screen; a phone has the menu page instead): `fits` with the
 * brand's name, `tight` with the logo alone, or `wrap` with the links on a row of their own when
 * even that is too narrow (a long language on a small laptop) — never links cut off. Checked on
 * every resize of the row or its parts; widths are measured from what is on screen.
 */
export type HeaderFit = 'fits' | 'tight' | 'wrap';

export function useHeaderFit<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const nameWidth = useRef(0);
  const [fit, setFit] = useState<HeaderFit>('fits');
  useLayoutEffect(() => {
    const inner = ref.current;
    if (!inner || typeof ResizeObserver !== 'function') return undefined;
    const check = () => {
      const name = inner.querySelector<HTMLElement>('.brand__name--header');
      const list = inner.querySelector<HTMLElement>('.main-nav__list');
      if (!name || !list || list.offsetParent === null) return setFit('fits');
      const style = getComputedStyle(inner);
      const gap = parseFloat(style.columnGap) || 0;
      const room = inner.clientWidth - (parseFloat(style.paddingLeft) || 0) - (parseFloat(style.paddingRight) || 0);
      const parts = [...inner.children].filter((el): el is HTMLElement => el instanceof HTMLElement && el.offsetParent !== null);
      // The row's width with every part at its natural width (the links' list at its full width).
      const needed =
        parts.reduce((sum, el) => sum + (el.contains(list) ? list.scrollWidth : el.getBoundingClientRect().width), 0) + gap * (parts.length - 1);
      if (fit === 'fits') {
        nameWidth.current = name.getBoundingClientRect().width;
        if (needed > room + 1) setFit('tight');
        return;
      }
      if (needed > room + 1) return setFit('wrap');
      if (fit === 'wrap') return setFit('tight');
      if (needed + nameWidth.current + gap <= room) setFit('fits');
    };
    check();
    const observer = new ResizeObserver(check);
    observer.observe(inner);
    for (const part of inner.querySelectorAll('.main-nav__list, .account, .site-header__tools')) observer.observe(part);
    return () => observer.disconnect();
  }, [fit]);
  return { ref, fit };
}
