// Profile edits on the one action queue (issue 18): an edit is applied to the 'profile' document
// at once (shown offline too) and queued as one 'profile-edit' action; a chosen photo waits in the
// media cache (/local-media/{action id}) until the engine uploads it. The engine sends the edit
// (src/sync/profile-sync.ts); a refusal puts back the fields it changed and leaves a notice.
import type { Profile } from '../api/contract';
import { localMediaKey } from '../domain/media-transfer';
import { isProfileComplete } from '../domain/profile-rules';
import { uuidv7 } from '../domain/uuidv7';
import { enqueueAction } from './action-queue';
import type { AppDatabase } from './database';
import { getLocalDoc, modifyLocalDoc } from './local-store';
import type { MediaStore } from './media-cache';
import type { ProfileExtrasDoc } from './local-docs';
import type { ProfilePatch, QueuedProfileEdit } from './profile-edit-types';

export type { ProfilePatch, QueuedProfileEdit } from './profile-edit-types';

export interface ProfileEditInput {
  patch: ProfilePatch;
  state_name?: string;
  photo?: Blob;
}

export const DEFAULT_PROFILE_EXTRAS: ProfileExtrasDoc = { notice: null, pendingPhotoKey: null, reasons: null };

/** The profile with an edit applied (trimmed, as the server will store it). */
export function applyProfileEdit(profile: Profile, edit: Pick<QueuedProfileEdit, 'patch' | 'state_name' | 'photo'>): Profile {
  const p = edit.patch;
  const next: Profile = { ...profile };
  if (p.name !== undefined) next.name = p.name.trim();
  if (p.email !== undefined) {
    next.email = p.email.trim();
    if (next.email !== profile.email) next.email_verified = false;
  }
  if (p.gender !== undefined) next.gender = p.gender;
  if (p.dob !== undefined) next.dob = p.dob;
  if (p.country_code !== undefined && p.country_code !== profile.country_code) {
    next.country_code = p.country_code;
    next.state = null;
    next.city = '';
  }
  if (p.state_code !== undefined) {
    if (next.state?.code !== p.state_code) next.city = '';
    next.state = { code: p.state_code, name: edit.state_name ?? p.state_code };
  }
  if (p.city !== undefined) next.city = p.city.trim();
  const photo = edit.photo ? (edit.photo.photo_uuid ?? edit.photo.key) : next.photo;
  next.photo = photo;
  return { ...next, profileComplete: isProfileComplete(next) };
}

/** The fields of `profile` an edit changes, to put back on a refusal. */
function fieldsBefore(profile: Profile, edit: ProfileEditInput): Partial<Profile> {
  const before: Partial<Profile> = {};
  const p = edit.patch;
  if (p.name !== undefined) before.name = profile.name;
  if (p.email !== undefined) Object.assign(before, { email: profile.email, email_verified: profile.email_verified });
  if (p.gender !== undefined) before.gender = profile.gender;
  if (p.dob !== undefined) before.dob = profile.dob;
  if (p.country_code !== undefined || p.state_code !== undefined || p.city !== undefined) {
    Object.assign(before, { country_code: profile.country_code, country_name: profile.country_name, state: profile.state, city: profile.city });
  }
  if (edit.photo) before.photo = profile.photo;
  return before;
}

/** Applies the edit to the stored profile and queues it; answers the action's id. */
export async function queueProfileEdit(db: AppDatabase, store: MediaStore, input: ProfileEditInput, now: number): Promise<string> {
  const id = uuidv7();
  const profile = await getLocalDoc(db, 'profile');
  if (!profile) throw new Error('no profile to edit');
  let photo: QueuedProfileEdit['photo'];
  if (input.photo) {
    const key = localMediaKey(`profile-${id}`);
    await store.put(key, input.photo, { name: 'profile-photo' });
    photo = { key, content_type: input.photo.type || 'image/jpeg', photo_uuid: null };
  }
  const edit: QueuedProfileEdit = { patch: input.patch, state_name: input.state_name, photo, before: fieldsBefore(profile, input) };
  await modifyLocalDoc(db, 'profile', (p) => applyProfileEdit(p ?? profile, edit));
  if (photo) await modifyLocalDoc(db, 'profile-extras', (x) => ({ ...(x ?? DEFAULT_PROFILE_EXTRAS), pendingPhotoKey: photo.key, notice: null }));
  else await modifyLocalDoc(db, 'profile-extras', (x) => ({ ...(x ?? DEFAULT_PROFILE_EXTRAS), notice: null }));
  await enqueueAction(db, 'profile-edit', 'profile', edit, now, id);
  return id;
}
