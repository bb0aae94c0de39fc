import { DEFAULT_AUTH_FLOW } from '../defaults';
import type { AuthFlowDoc } from '../local-docs';
import { useLocalDoc } from './use-local-doc';

/** The sign-in in progress (kept across reloads); restoreAppError(doc.error) rebuilds its dialog. */
export function useAuthFlow(): { loaded: boolean; doc: AuthFlowDoc } {
  const { loaded, doc } = useLocalDoc('auth-flow');
  return { loaded, doc: doc ?? DEFAULT_AUTH_FLOW };
}
