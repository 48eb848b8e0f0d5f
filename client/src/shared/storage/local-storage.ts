/** The synchronous storage shape `atomWithStorage` accepts (jotai does not export its type). */
export interface SyncStorage<Value> {
  getItem: (key: string, initialValue: Value) => Value;
  setItem: (key: string, newValue: Value) => void;
  removeItem: (key: string) => void;
  subscribe?: (key: string, callback: (value: Value) => void, initialValue: Value) => () => void;
}

/** localStorage can be missing or throw (private modes, disabled storage): never let that crash. */
function safeStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function subscribeToKey(key: string, onChange: (raw: string | null) => void): () => void {
  const listener = (event: StorageEvent) => {
    if (event.storageArea === safeStorage() && event.key === key) onChange(event.newValue);
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}

/**
 * Stores a string as-is (no JSON quotes), so `localStorage.locale` holds `en`, as other tools
 * and tests expect. `accept` rejects values
 * that are not allowed (a stale or hand-edited entry falls back to the default).
 */
export function rawStringStorage<T extends string>(accept: (value: string) => value is T): SyncStorage<T>;
export function rawStringStorage(): SyncStorage<string>;
export function rawStringStorage(accept: (value: string) => boolean = () => true): SyncStorage<string> {
  const read = (raw: string | null, initialValue: string) => (raw !== null && accept(raw) ? raw : initialValue);
  return {
    getItem: (key, initialValue) => read(safeStorage()?.getItem(key) ?? null, initialValue),
    setItem: (key, value) => {
      try {
        safeStorage()?.setItem(key, value);
      } catch {
        // Quota or privacy mode: the value still lives in memory for this tab.
      }
    },
    removeItem: (key) => safeStorage()?.removeItem(key),
    subscribe: (key, callback, initialValue) => subscribeToKey(key, (raw) => callback(read(raw, initialValue))),
  };
}

/** JSON storage for objects (the `user` entry), tolerant of missing storage and bad JSON. */
export function jsonStorage<T>(accept: (value: unknown) => value is T): SyncStorage<T> {
  const read = (raw: string | null, initialValue: T): T => {
    if (raw === null) return initialValue;
    try {
      const parsed: unknown = JSON.parse(raw);
      return accept(parsed) ? parsed : initialValue;
    } catch {
      return initialValue;
    }
  };
  return {
    getItem: (key, initialValue) => read(safeStorage()?.getItem(key) ?? null, initialValue),
    setItem: (key, value) => {
      try {
        safeStorage()?.setItem(key, JSON.stringify(value));
      } catch {
        // Quota or privacy mode: the value still lives in memory for this tab.
      }
    },
    removeItem: (key) => safeStorage()?.removeItem(key),
    subscribe: (key, callback, initialValue) => subscribeToKey(key, (raw) => callback(read(raw, initialValue))),
  };
}
