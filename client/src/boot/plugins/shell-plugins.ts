import { ProgressBar } from '../../shared/navigation/progress-bar.tsx';
import { ReloadPrompt } from '../../shared/pwa/reload-prompt.tsx';
import { RealtimeBridge } from '../../shared/realtime/realtime-bridge.tsx';
import { Toaster } from '../../shared/toasts/toaster.tsx';
import type { BootPlugin } from '../boot-context.ts';

export const toastsPlugin: BootPlugin = {
  name: 'notifications',
  install: ({ addSlot }) => addSlot('toaster', Toaster),
};

export const progressBarPlugin: BootPlugin = {
  name: 'progress-bar',
  install: ({ addSlot }) => addSlot('progress-bar', ProgressBar),
};

export const realtimePlugin: BootPlugin = {
  name: 'realtime',
  install: ({ addSlot }) => addSlot('realtime', RealtimeBridge),
};

/** Service worker at /sw.js with root scope (spec §7), registered by the reload prompt. */
export const pwaPlugin: BootPlugin = {
  name: 'pwa',
  install({ addSlot }) {
    if (!('serviceWorker' in navigator)) throw new Error('service workers are not available in this browser');
    addSlot('reload-prompt', ReloadPrompt);
  },
};
