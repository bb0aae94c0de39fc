import { DEFAULT_SYNC_STATUS } from '../defaults';
import type { SyncStatusDoc } from '../local-docs';
import { useLocalDoc } from './use-local-doc';

/** Written by the worker: connectivity dialogs, auto-logout prompt, socket state, update flag. */
export function useSyncStatus(): { loaded: boolean; doc: SyncStatusDoc } {
  const { loaded, doc } = useLocalDoc('sync-status');
  return { loaded, doc: doc ?? DEFAULT_SYNC_STATUS };
}
