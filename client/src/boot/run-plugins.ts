import type { ComponentType } from 'react';
import type { Services } from '../shared/api/services.tsx';
import type { BootPlugin, Slot } from './boot-context.ts';

/** A plugin that hangs (a network call that never answers) must not hold the app back for long. */
const PLUGIN_TIMEOUT_MS = 4000;

function withTimeout(work: Promise<void>, name: string): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`plugin "${name}" timed out after ${PLUGIN_TIMEOUT_MS} ms`)), PLUGIN_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Installs the plugins in order. Each gets its own slot list, committed only when it succeeds,
 * so a plugin that fails half-way leaves nothing half-installed in the shell.
 */
export async function runPlugins(services: Services, plugins: readonly BootPlugin[]): Promise<Slot[]> {
  const slots: Slot[] = [];
  for (const plugin of plugins) {
    const staged: Slot[] = [];
    const addSlot = (name: string, Component: ComponentType) => staged.push({ name, Component });
    try {
      await withTimeout(Promise.resolve().then(() => plugin.install({ ...services, addSlot })), plugin.name);
      slots.push(...staged);
    } catch (error) {
      console.error(`[boot] plugin "${plugin.name}" failed and was skipped`, error);
    }
  }
  return slots;
}
