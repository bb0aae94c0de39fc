import type { ProfileExtrasDoc } from '../local-docs';
import { DEFAULT_PROFILE_EXTRAS } from '../profile-edits';
import { useLocalDoc } from './use-local-doc';

/** The refused-edit notice, the photo waiting to upload, the delete reasons (src/db/profile-edits.ts). */
export function useProfileExtras(): ProfileExtrasDoc {
  return useLocalDoc('profile-extras').doc ?? DEFAULT_PROFILE_EXTRAS;
}
