// The payload of a queued 'profile-edit' action: a leaf module of types, so the actions schema can
// name it without importing the edit commands (which import the database, and so the schemas).
import type { BodyOf, Profile } from '../api/contract';

/** The fields an edit may change (photo aside), as the update-profile body names them. */
export type ProfilePatch = Omit<BodyOf<'updateProfile'>, 'photo_uuid' | 'custom_code' | 'language'>;

/** What one queued edit carries. */
export interface QueuedProfileEdit {
  patch: ProfilePatch;
  /** the chosen state's name (the local profile shows it before the server answers) */
  state_name?: string | undefined;
  /** a new photo: where it waits, its type, and its photo_uuid once uploaded */
  photo?: { key: string; content_type: string; photo_uuid: string | null } | undefined;
  /** the profile's fields before this edit (put back if the server refuses it) */
  before: Partial<Profile>;
}

