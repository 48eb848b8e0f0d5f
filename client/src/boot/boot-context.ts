import type { ComponentType } from 'react';
import type { Services } from '../shared/api/services.tsx';

/** A component a plugin adds to the app shell (toaster, progress bar, reload prompt, ...). */
export interface Slot {
  name: string;
  Component: ComponentType;
}

export interface BootContext extends Services {
  /** Adds a shell component; kept only if the plugin that adds it installs without error. */
  addSlot: (name: string, Component: ComponentType) => void;
}

/** Spec §4: optional start-up steps, loaded one by one; a failing one is logged and skipped. */
export interface BootPlugin {
  name: string;
  install: (context: BootContext) => void | Promise<void>;
}
