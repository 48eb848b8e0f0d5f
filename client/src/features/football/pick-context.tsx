import { createContext, useContext, type ReactNode } from 'react';
import type { SlipPick } from './slip.ts';

interface PickContextValue {
  /** `pickKey`s in the slip. */
  selected: ReadonlySet<string>;
  toggle: (pick: SlipPick) => void;
}

const PickContext = createContext<PickContextValue>({ selected: new Set(), toggle: () => undefined });

/** What every price button needs from the slip, without threading it through the event list. */
export function PickProvider({ value, children }: { value: PickContextValue; children: ReactNode }) {
  return <PickContext.Provider value={value}>{children}</PickContext.Provider>;
}

export const usePicks = () => useContext(PickContext);
