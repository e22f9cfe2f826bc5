/**
 * Browser storage (localStorage) that never throws: when it is unavailable (private mode, blocked cookies) the first
 * use logs one console warning and storage is disabled for the page; a failed read or write is logged, never thrown.
 */

let storage: Storage | null | undefined; // undefined: not probed yet

function getStorage(): Storage | null {
  if (storage !== undefined) return storage;
  try {
    const candidate = window.localStorage;
    const probe = '__wiki-storage-probe__';
    candidate.setItem(probe, probe);
    candidate.removeItem(probe);
    storage = candidate;
  } catch (error) {
    storage = null;
    console.warn('localStorage is unavailable: preferences will not be saved.', error);
  }
  return storage;
}

/** The saved value, or null when missing or storage is unavailable. */
export function readStorage(key: string): string | null {
  const store = getStorage();
  if (!store) return null;
  try {
    return store.getItem(key);
  } catch (error) {
    console.error(`Can't read localStorage "${key}"`, error);
    return null;
  }
}

/** Saves a value; failures are logged only. */
export function writeStorage(key: string, value: string): void {
  const store = getStorage();
  if (!store) return;
  try {
    store.setItem(key, value);
  } catch (error) {
    console.error(`Can't write localStorage "${key}"`, error);
  }
}

/** Deletes a value; failures are logged only. */
export function removeStorage(key: string): void {
  const store = getStorage();
  if (!store) return;
  try {
    store.removeItem(key);
  } catch (error) {
    console.error(`Can't write localStorage "${key}"`, error);
  }
}
