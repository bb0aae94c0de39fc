// Queues a competition entry (issue 16): the chosen files go into the media cache first
// (/local-media/{entry id}.{n}, Cache Storage: they survive a reload and wait offline), then one
// 'competition-entry' action joins the action queue and the entry shows at once as queued. The
// engine uploads each file once and adds the submission once (src/sync/competition-sync.ts).
import { localMediaKey } from '../domain/media-transfer';
import type { SubmissionMediaKind } from '../domain/competition-rules';
import { uuidv7 } from '../domain/uuidv7';
import { enqueueAction } from './action-queue';
import type { AppDatabase } from './database';
import type { MediaStore } from './media-cache';
import { competitionDocId, orderKey, type EntryState, type QueuedEntry } from './schemas';

export interface EntryInput {
  competition_uuid: string;
  competition_title: string;
  type: SubmissionMediaKind;
  user_name: string;
  user_grade: string;
  files: readonly { blob: Blob; name: string }[];
}

/** Answers the entry's id (its action's id). */
export async function queueCompetitionEntry(db: AppDatabase, store: MediaStore, input: EntryInput, now: number): Promise<string> {
  const id = uuidv7();
  const files: QueuedEntry['files'] = [];
  for (const [i, f] of input.files.entries()) {
    const key = localMediaKey(`${id}.${i}`);
    await store.put(key, f.blob, { name: f.name });
    files.push({ key, name: f.name.slice(0, 255), content_type: f.blob.type || 'application/octet-stream', size: f.blob.size, media_uuid: null });
  }
  const entry: QueuedEntry = {
    id, competition_uuid: input.competition_uuid, competition_title: input.competition_title, type: input.type,
    user_name: input.user_name.trim(), user_grade: input.user_grade.trim(), files,
  };
  const state: EntryState = { ...entry, state: 'queued', error: null, submission_uuid: null, at: now };
  await db.competitions.upsert({ id: competitionDocId.entry(id), kind: 'entry', competition_uuid: input.competition_uuid, payload: state, fetched_at: now });
  await enqueueAction(db, 'competition-entry', orderKey.competitionEntry(id), entry, now, id);
  return id;
}
