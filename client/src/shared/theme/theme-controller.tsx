import { useAtomValue } from 'jotai';
import { useLayoutEffect } from 'react';
import { applyTheme, watchSystemTheme } from './apply-theme.ts';
import { colorSchemeAtom } from './theme-atom.ts';

/** Keeps `<html data-theme>` in step with the setting and, for auto, with the system. */
export function ThemeController() {
  const scheme = useAtomValue(colorSchemeAtom);
  useLayoutEffect(() => {
    applyTheme(scheme);
    if (scheme !== 'auto') return undefined;
    return watchSystemTheme(() => applyTheme(scheme));
  }, [scheme]);
  return null;
}
