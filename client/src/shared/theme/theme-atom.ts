import { atomWithStorage } from 'jotai/utils';
import { rawStringStorage } from '../storage/local-storage.ts';

export const COLOR_SCHEMES = ['dark', 'light', 'auto'] as const;
export type ColorScheme = (typeof COLOR_SCHEMES)[number];
export type ResolvedTheme = 'dark' | 'light';

const isColorScheme = (value: string): value is ColorScheme => (COLOR_SCHEMES as readonly string[]).includes(value);

/** Spec §2/§9: dark, light or auto (system), stored as the colour-scheme setting, default dark. */
export const colorSchemeAtom = atomWithStorage<ColorScheme>(
  'color-scheme',
  'dark',
  rawStringStorage(isColorScheme),
  { getOnInit: true },
);
