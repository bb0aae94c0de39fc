import { DEFAULT_REMOTE_FLAGS, REMOTE_FLAGS_DOC_ID, type RemoteFlags } from '../../api/remote-flags';
import { useLocalDoc } from './use-local-doc';

/**
 * The remote flags (spec part 1 §3) as last fetched by the engine, over the defaults: before the
 * first fetch of a fresh install, and for any flag the stored document lacks. Offline they hold.
 */
export function useRemoteFlags(): RemoteFlags {
  const { doc } = useLocalDoc(REMOTE_FLAGS_DOC_ID);
  return doc ? { ...DEFAULT_REMOTE_FLAGS, ...doc.flags } : DEFAULT_REMOTE_FLAGS;
}
