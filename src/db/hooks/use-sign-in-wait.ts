import { signInWaitFor, type SignInWait } from '../../domain/sign-in-wait';
import { useLocalDoc } from './use-local-doc';

/**
 * The wait the server named for `mobile` (full number) during sign-in, kept across reloads
 * ('sign-in-waits'), or null when none runs (read at render time: the screen's countdown
 * re-renders each second and drops it once `until` has passed).
 */
export function useSignInWait(mobile: string | null): { loaded: boolean; wait: SignInWait | null } {
  const { loaded, doc } = useLocalDoc('sign-in-waits');
  return { loaded, wait: signInWaitFor(doc?.waits ?? {}, mobile, Date.now()) };
}
