import { atom } from 'jotai';
import type { AppStore } from '../api/services.tsx';
import { describeError } from '../i18n/describe-error.ts';
import type { MessageRef } from '../i18n/message-ids.ts';

/** Spec §9: notification toasts last 5000 ms and can be dismissed earlier. */
export const TOAST_DURATION_MS = 5000;
const MAX_VISIBLE = 5;

export type ToastTone = 'success' | 'error' | 'info';
export interface Toast {
  id: number;
  tone: ToastTone;
  message: MessageRef;
}

export const toastsAtom = atom<readonly Toast[]>([]);

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

export function dismissToast(store: AppStore, id: number): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  store.set(toastsAtom, (toasts) => toasts.filter((toast) => toast.id !== id));
}

/** Shows a toast; the message is translated when rendered, so it follows a language switch. */
export function notify(store: AppStore, tone: ToastTone, message: MessageRef): number {
  const id = nextId++;
  store.set(toastsAtom, (toasts) => [...toasts, { id, tone, message }].slice(-MAX_VISIBLE));
  timers.set(
    id,
    setTimeout(() => dismissToast(store, id), TOAST_DURATION_MS),
  );
  return id;
}

/** An error toast with the catalogue's message for the error's code. */
export const notifyError = (store: AppStore, error: unknown): number => notify(store, 'error', describeError(error));
