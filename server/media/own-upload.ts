// The check every body field naming an upload passes (a feedback screenshot, a profile photo): the
// id is the caller's own finished upload made for that purpose. Another user's id is refused
// exactly like an unknown one, so no field can point at someone else's file or confirm it exists.
import type { Queryable } from '../db/db';
import { badRequest } from '../http/errors';
import { getMedia, type MediaPurpose } from './store';

const PURPOSE_NAME: Record<MediaPurpose, string> = { chat: 'chat attachment', feedback: 'feedback screenshot', profile: 'profile photo', competition: 'competition entry', certificate: 'certificate' };

/** Throws a 400 naming `field` unless `mediaUuid` is the user's own finished upload for `purpose`. */
export async function checkOwnUpload(q: Queryable, userUuid: string, mediaUuid: string, purpose: MediaPurpose, field: string): Promise<void> {
  const row = await getMedia(q, mediaUuid);
  if (!row || row.user_uuid !== userUuid) throw badRequest(`${field} ${mediaUuid} is not an upload of yours`);
  if (row.purpose !== purpose) throw badRequest(`${field} ${mediaUuid} was uploaded as a ${row.purpose} file, not as a ${PURPOSE_NAME[purpose]}`);
  if (row.uploaded_at === null) throw badRequest(`${field} ${mediaUuid} has not been uploaded yet`);
}
