import { createContext, useContext, type ComponentType, type ReactNode } from 'react';
import { ErrorBoundary } from '../shared/errors/error-boundary.tsx';

/** A component a boot plugin adds to the app shell (toaster, progress bar, reload prompt, ...). */
export interface Slot {
  name: string;
  Component: ComponentType;
}

const SlotsContext = createContext<readonly Slot[]>([]);

export function SlotsProvider({ slots, children }: { slots: readonly Slot[]; children: ReactNode }) {
  return <SlotsContext.Provider value={slots}>{children}</SlotsContext.Provider>;
}

/** Renders what the boot plugins added; one that crashes later is reported and removed, never the page. */
export function PluginSlots() {
  const slots = useContext(SlotsContext);
  return slots.map(({ name, Component }) => (
    <ErrorBoundary key={name} source={`plugin:${name}`} fallback={null}>
      <Component />
    </ErrorBoundary>
  ));
}
