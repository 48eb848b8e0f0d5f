import type { ComponentType } from 'react';
import type { Slot } from '../app/slots.tsx';
import type { Services } from '../shared/api/services.tsx';

// boot/ assembles the app (it imports app/, never the reverse): a slot is the app's notion.
export type { Slot };

export interface BootContext extends Services {
  /** Adds a shell component; kept only if the plugin that adds it installs without error. */
  addSlot: (name: string, Component: ComponentType) => void;
}

/** Spec §4: optional start-up steps, loaded one by one; a failing one is logged and skipped. */
export interface BootPlugin {
  name: string;
  install: (context: BootContext) => void | Promise<void>;
}
