// Shared helper of the competition tests: an entry's files uploaded as the app does
// (get-media-upload-details with type 'competition' and competition_uuid, then the S3-style post),
// and a whole entry added.
import type { MediaUploadDetails, Submission } from '../../../src/api/contract';
import { postUpload, SAMPLES } from './media';
import type { TestServer, TestSession } from './server';

export const PNG = SAMPLES.find((s) => s.contentType === 'image/png')!;
export const MP4 = SAMPLES.find((s) => s.contentType === 'video/mp4')!;

/** Uploads one file for the competition; answers its media_uuid. */
export async function uploadEntryFile(t: TestServer, me: TestSession, competitionUuid: string, file = PNG): Promise<string> {
  const details: MediaUploadDetails = await t.ok('getMediaUploadDetails', { content_type: file.contentType, type: 'competition', competition_uuid: competitionUuid }, { session: me });
  const response = await postUpload(details, file.data);
  if (response.status !== 204) throw new Error(`upload answered ${response.status}: ${await response.text()}`);
  return details.media_uuid;
}

/** The body of an add-submission with `files` fresh uploads of the caller's. */
export async function entryBody(t: TestServer, me: TestSession, competitionUuid: string, files = 1, file = PNG) {
  const media: string[] = [];
  for (let i = 0; i < files; i++) media.push(await uploadEntryFile(t, me, competitionUuid, file));
  return { type: file.kind as 'image' | 'video', competition_uuid: competitionUuid, media_uuid_list: media, user_name: 'Asha Rao', user_grade: '7' };
}

export async function addEntry(t: TestServer, me: TestSession, competitionUuid: string, files = 1, file = PNG, name?: string): Promise<Submission> {
  const body = await entryBody(t, me, competitionUuid, files, file);
  return (await t.ok('addSubmission', { ...body, ...(name ? { user_name: name } : {}) }, { session: me })).submission;
}
