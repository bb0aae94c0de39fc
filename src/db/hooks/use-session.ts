import type { SessionDoc } from '../local-docs';
import { useLocalDoc } from './use-local-doc';

/** Who is signed in; doc.token null (or doc null) means signed out. */
export function useSession(): { loaded: boolean; doc: SessionDoc | null } {
  return useLocalDoc('session');
}
