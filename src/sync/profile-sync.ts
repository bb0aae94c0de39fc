// The profile in the engine (issue 18; spec part 2 §3 Profile, §4 "fetched once unless an
// invalidate flag is set", §7 "Profile and custom code"):
//   - 'profile-edit' actions of the one queue (src/db/profile-edits.ts queues them): a new photo is
//     uploaded first (get-profile-photo-upload-details, the multipart post, 204 only; its
//     photo_uuid written into the action before update-profile, so a cut never uploads it twice),
//     then update-profile with the action's id as Idempotency-Key. The server's profile replaces
//     the stored one, with the edits still queued applied over it. A refusal puts back the fields
//     the edit changed and leaves the notice (the catalogue text with the server's words).
//   - ensureProfile: get-profile only when session.profileDetailsFetched is false (sign-in sets
//     it; invalidateProfile clears it: the emailed link was opened, a code was taken elsewhere).
//   - online only (the screens say so offline): custom code details and authenticate, the email
//     verification link, the delete-account reasons (kept in 'profile-extras' for offline).
import type { Profile, RouteName } from '../api/contract';
import { UPLOAD_SUCCESS_STATUS } from '../domain/constants';
import { BadStatusError, cancelledError, isCancelError, noResponseError, NoResponseError } from '../domain/errors';
import type { AppError } from '../domain/error-types';
import { queuedActions } from '../db/action-queue';
import { failed, ok, type CommandResult } from '../db/command-result';
import type { AppDatabase } from '../db/database';
import { getLocalDoc, modifyLocalDoc, setLocalDoc } from '../db/local-store';
import type { MediaStore } from '../db/media-cache';
import { applyProfileEdit, DEFAULT_PROFILE_EXTRAS, type QueuedProfileEdit } from '../db/profile-edits';
import type { ActionKindDef, AreaSyncDeps } from './action-runner';
import type { Clock, HttpClient } from './http-client';
import { mediaPathOf, type UploadTransport } from './media';

/** Message ids of the profile's notices (the screen translates them). */
export const PROFILE_NOTICE = {
  refused: 'profile.notice.refused',
  photoGone: 'profile.notice.photoGone',
} as const;

export interface ProfileFlows {
  /** get-profile unless the profile is fetched already (force: whatever the flag). */
  ensureProfile(force?: boolean): Promise<CommandResult<{ fetched: boolean }>>;
  /** The next ensureProfile fetches again. */
  invalidateProfile(): Promise<CommandResult>;
  /** custom-code/get-details: what a code would do (404: unknown). */
  previewCustomCode(code: string): Promise<CommandResult<NonNullable<Profile['custom_code_details']>>>;
  /** authenticate-custom-code: takes the code ('' removes it); the profile follows the answer. */
  applyCustomCode(code: string): Promise<CommandResult<Profile>>;
  /** resend-email-verification-link: answers where it went. */
  sendEmailVerification(): Promise<CommandResult<{ sent_to: string; expires_at: number }>>;
  /** get-reason-list into 'profile-extras' (what was there stays when this fails). */
  loadDeleteReasons(language: string): Promise<CommandResult>;
  dismissProfileNotice(): Promise<CommandResult>;
}

/** The profile with every edit still queued (but `except`) applied over it. */
async function withQueuedEdits(db: AppDatabase, profile: Profile, except: string): Promise<Profile> {
  const queued = await queuedActions(db, 'profile-edit');
  return queued.filter((a) => a.id !== except).reduce((p, a) => applyProfileEdit(p, a.payload), profile);
}

export function profileEditKind(deps: { db: AppDatabase; http: HttpClient; clock: Clock; store: MediaStore; upload: UploadTransport }): ActionKindDef<'profile-edit'> {
  const { db, http, clock, store, upload } = deps;

  async function uploadPhoto(photo: NonNullable<QueuedProfileEdit['photo']>): Promise<string> {
    const stored = await store.get(photo.key);
    if (!stored) throw new BadStatusError(410, 'The chosen photo is no longer on this device');
    const details = await http.call('getProfilePhotoUploadDetails', { content_type: photo.content_type });
    const form = new FormData();
    for (const [k, v] of Object.entries(details.upload_details.s3_fields)) form.append(k, String(v));
    form.append('file', stored.blob, 'profile-photo');
    const status = await upload(details.upload_details.url, form, () => {}, new AbortController().signal);
    if (status !== UPLOAD_SUCCESS_STATUS) throw new BadStatusError(status);
    return details.photo_uuid;
  }

  return {
    route: 'updateProfile',
    async send(action, once) {
      let edit = action.payload;
      if (edit.photo && edit.photo.photo_uuid === null) {
        const photoUuid = await uploadPhoto(edit.photo);
        edit = { ...edit, photo: { ...edit.photo, photo_uuid: photoUuid } };
        // durable before the next step: the photo is never uploaded again
        const doc = await db.actions.findOne(action.id).exec();
        await doc?.incrementalPatch({ payload: edit });
      }
      const answer = await http.call('updateProfile', { ...edit.patch, ...(edit.photo?.photo_uuid ? { photo_uuid: edit.photo.photo_uuid } : {}) }, once);
      if (edit.photo?.photo_uuid) {
        // the user's own photo shows offline under its server URL from now on
        const local = await store.get(edit.photo.key);
        if (local) await store.put(mediaPathOf(edit.photo.photo_uuid), local.blob).catch(() => {});
        await store.delete(edit.photo.key).catch(() => {});
        const key = edit.photo.key;
        await modifyLocalDoc(db, 'profile-extras', (x) => ({ ...(x ?? DEFAULT_PROFILE_EXTRAS), pendingPhotoKey: x?.pendingPhotoKey === key ? null : (x?.pendingPhotoKey ?? null) }));
      }
      await setLocalDoc(db, 'profile', await withQueuedEdits(db, answer, action.id));
    },
    async refused(action, refusal) {
      const edit = action.payload;
      const current = await getLocalDoc(db, 'profile');
      if (current) {
        const restored = { ...current, ...edit.before };
        await setLocalDoc(db, 'profile', await withQueuedEdits(db, restored, action.id));
      }
      if (edit.photo) await store.delete(edit.photo.key).catch(() => {});
      const photoKey = edit.photo?.key;
      await modifyLocalDoc(db, 'profile-extras', (x) => ({
        ...(x ?? DEFAULT_PROFILE_EXTRAS),
        pendingPhotoKey: photoKey !== undefined && x?.pendingPhotoKey === photoKey ? null : (x?.pendingPhotoKey ?? null),
        notice: { textId: refusal.status === 410 ? PROFILE_NOTICE.photoGone : PROFILE_NOTICE.refused, message: refusal.serverMessage ?? null, at: clock.now() },
      }));
    },
  };
}

export function createProfileSync(deps: AreaSyncDeps): ProfileFlows {
  const { db, http, clock } = deps;

  async function failure<T>(route: RouteName, err: unknown): Promise<CommandResult<T>> {
    if (err instanceof NoResponseError) return failed(noResponseError());
    if (isCancelError(err)) return failed(cancelledError(err.reason));
    if (err instanceof BadStatusError && err.status >= 400 && err.status < 500 && err.status !== 401 && err.status !== 440) {
      const error: AppError = { key: 'profile.refused', status: err.status, ...(err.serverMessage ? { message: err.serverMessage } : {}), textId: PROFILE_NOTICE.refused };
      return failed(error);
    }
    return failed(await deps.report(route, err));
  }

  async function storeProfile(profile: Profile): Promise<Profile> {
    // edits queued offline stay visible over the server's answer until they are sent
    return setLocalDoc(db, 'profile', await withQueuedEdits(db, profile, ''));
  }

  return {
    async ensureProfile(force = false) {
      const session = await getLocalDoc(db, 'session');
      if (!force && session?.profileDetailsFetched) return ok({ fetched: false });
      try {
        await storeProfile(await http.call('getProfile', {}));
        await modifyLocalDoc(db, 'session', (s) => (s ? { ...s, profileDetailsFetched: true } : s!));
        return ok({ fetched: true });
      } catch (err) {
        return failure('getProfile', err);
      }
    },
    async invalidateProfile() {
      const session = await getLocalDoc(db, 'session');
      if (session) await modifyLocalDoc(db, 'session', (s) => ({ ...(s ?? session), profileDetailsFetched: false }));
      return ok();
    },
    async previewCustomCode(code) {
      try {
        return ok(await http.call('getCustomCodeDetails', { custom_code: code.trim() }));
      } catch (err) {
        return failure('getCustomCodeDetails', err);
      }
    },
    async applyCustomCode(code) {
      try {
        return ok(await storeProfile(await http.call('authenticateCustomCode', { custom_code: code.trim(), user_details: {} })));
      } catch (err) {
        return failure('authenticateCustomCode', err);
      }
    },
    async sendEmailVerification() {
      try {
        const answer = await http.call('resendEmailVerificationLink', {});
        return ok({ sent_to: answer.sent_to, expires_at: answer.expires_at });
      } catch (err) {
        return failure('resendEmailVerificationLink', err);
      }
    },
    async loadDeleteReasons(language) {
      try {
        const answer = await http.call('getReasonList', {});
        await modifyLocalDoc(db, 'profile-extras', (x) => ({ ...(x ?? DEFAULT_PROFILE_EXTRAS), reasons: { language, list: answer.reason_list } }));
        return ok();
      } catch (err) {
        return failure('getReasonList', err);
      }
    },
    async dismissProfileNotice() {
      await modifyLocalDoc(db, 'profile-extras', (x) => ({ ...(x ?? DEFAULT_PROFILE_EXTRAS), notice: null }));
      void clock;
      return ok();
    },
  };
}
