import { useSyncExternalStore } from 'react';
// the module, not the ui-surface index (the login route uses this hook: report-size.ts)
import { useSyncStatus } from '../../db/hooks/use-sync-status';

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/**
 * False when the sync engine says it is offline (sync-status.online) or the browser knows it has
 * no network at all. The browser's flag answers at once when the phone loses its connection;
 * the engine's flag also covers a network that is up but cannot reach the server.
 */
export function useOnline(): boolean {
  const sync = useSyncStatus();
  const browserOnline = useSyncExternalStore(subscribe, () => navigator.onLine, () => true);
  return browserOnline && (!sync.loaded || sync.doc.online);
}
