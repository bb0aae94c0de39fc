import type { ProfileDoc } from '../local-docs';
import { useLocalDoc } from './use-local-doc';

export function useProfile(): { loaded: boolean; doc: ProfileDoc | null } {
  return useLocalDoc('profile');
}
