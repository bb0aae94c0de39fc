// Rows of the media table (migration 004) and the check a user's media message must pass: the
// media_uuid is the sender's own, its file is uploaded, and it is of the message's kind. The
// stored message then names the file as the server knows it (path, type, size), whatever the
// client said.
import { randomUUID } from 'node:crypto';
import type { OutgoingMessage } from '../../src/api/messages';
import type { Queryable } from '../db/db';
import { badRequest } from '../http/errors';
import { mediaUrl } from './bot-media';
import type { MediaKind } from './content-types';

/** certificate: a PDF the server made (competition/certificates.ts), never uploaded. */
export type MediaPurpose = 'chat' | 'feedback' | 'profile' | 'competition' | 'certificate';

export interface MediaRow {
  media_uuid: string;
  user_uuid: string;
  purpose: MediaPurpose;
  kind: MediaKind;
  content_type: string;
  expires_at: number;
  upload_started_at: number | null;
  uploaded_at: number | null;
  size: number | null;
}

const COLUMNS = 'media_uuid, user_uuid, purpose, kind, content_type, expires_at, upload_started_at, uploaded_at, size';

/** An upload that started this long ago and never finished (a crash) no longer blocks another. */
export const STALE_UPLOAD_MS = 6 * 3600_000;

export async function createMedia(q: Queryable, m: { userUuid: string; purpose: MediaPurpose; kind: MediaKind; contentType: string; expiresAt: number; competitionUuid?: string | undefined }, now: number): Promise<string> {
  const mediaUuid = randomUUID();
  await q.query(
    `INSERT INTO media (media_uuid, user_uuid, purpose, kind, content_type, created_at, expires_at, competition_uuid) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [mediaUuid, m.userUuid, m.purpose, m.kind, m.contentType, now, m.expiresAt, m.competitionUuid ?? null],
  );
  return mediaUuid;
}

export async function getMedia(q: Queryable, mediaUuid: string): Promise<MediaRow | undefined> {
  return (await q.query<MediaRow>(`SELECT ${COLUMNS} FROM media WHERE media_uuid = $1`, [mediaUuid]))[0];
}

/**
 * Marks an upload as running, or answers why it may not run: 'missing' (no such media_uuid),
 * 'done' (already uploaded), 'busy' (another upload of it is running).
 */
export async function claimUpload(q: Queryable, mediaUuid: string, now: number): Promise<MediaRow | 'missing' | 'done' | 'busy'> {
  const rows = await q.query<MediaRow>(
    `UPDATE media SET upload_started_at = $2
     WHERE media_uuid = $1 AND uploaded_at IS NULL AND (upload_started_at IS NULL OR upload_started_at < $3)
     RETURNING ${COLUMNS}`,
    [mediaUuid, now, now - STALE_UPLOAD_MS],
  );
  if (rows[0]) return rows[0];
  const row = await getMedia(q, mediaUuid);
  if (!row) return 'missing';
  return row.uploaded_at !== null ? 'done' : 'busy';
}

export async function finishUpload(q: Queryable, mediaUuid: string, size: number, now: number): Promise<void> {
  await q.query('UPDATE media SET uploaded_at = $2, size = $3, upload_started_at = NULL WHERE media_uuid = $1', [mediaUuid, now, size]);
}

/** After a refused or broken upload: another try with the same fields may run. */
export async function releaseUpload(q: Queryable, mediaUuid: string): Promise<void> {
  await q.query('UPDATE media SET upload_started_at = NULL WHERE media_uuid = $1 AND uploaded_at IS NULL', [mediaUuid]);
}

/** The ids that still have a row (the sweep keeps their files). */
export async function existingMedia(q: Queryable, mediaUuids: readonly string[]): Promise<Set<string>> {
  if (mediaUuids.length === 0) return new Set();
  const rows = await q.query<{ media_uuid: string }>('SELECT media_uuid FROM media WHERE media_uuid = ANY($1::uuid[])', [mediaUuids]);
  return new Set(rows.map((r) => r.media_uuid));
}

/** Rows of uploads never finished whose policy expired long ago. */
export async function deleteAbandoned(q: Queryable, now: number): Promise<void> {
  await q.query('DELETE FROM media WHERE uploaded_at IS NULL AND expires_at <= $1', [now - STALE_UPLOAD_MS]);
}

/**
 * Rows of finished uploads older than `unusedForMs` that nothing uses: no message of the owner
 * names the media_uuid anywhere in its payload (the user's own media message, or a bot's reply
 * quoting it), it is no user's profile photo and no feedback's screenshot. Their files go in
 * the same sweep (files with no row). Answers how many went.
 */
export async function deleteUnused(q: Queryable, now: number, unusedForMs: number): Promise<number> {
  const rows = await q.query<{ media_uuid: string }>(
    `DELETE FROM media m
     WHERE m.uploaded_at IS NOT NULL AND m.uploaded_at <= $1
       AND NOT EXISTS (SELECT 1 FROM messages g WHERE g.user_uuid = m.user_uuid AND strpos(g.payload::text, m.media_uuid::text) > 0)
       AND NOT EXISTS (SELECT 1 FROM users u WHERE u.photo_uuid = m.media_uuid)
       AND NOT EXISTS (SELECT 1 FROM feedback f WHERE f.screenshot_uuid = m.media_uuid)
       AND NOT EXISTS (SELECT 1 FROM competition_submission_media c WHERE c.media_uuid = m.media_uuid)
       AND m.purpose <> 'certificate'
     RETURNING m.media_uuid`,
    [now - unusedForMs],
  );
  return rows.length;
}

const MESSAGE_KINDS: Readonly<Record<string, MediaKind>> = { image: 'image', video: 'video', audio: 'audio', document: 'document' };

const withArticle = (kind: MediaKind | undefined) => `${kind === 'image' || kind === 'audio' ? 'an' : 'a'} ${kind}`;

type MediaMessage = Extract<OutgoingMessage, { media: unknown }>;

const isMediaMessage = (m: OutgoingMessage): m is MediaMessage => m.type in MESSAGE_KINDS;

/**
 * A user's message as it will be stored: a media message must name an upload of the sender's,
 * finished, of the message's kind (else 400); its url, content_type and size are the server's.
 * Other messages pass unchanged. Another user's media_uuid is refused exactly like an unknown one.
 */
export async function checkMessageMedia(q: Queryable, userUuid: string, m: OutgoingMessage): Promise<OutgoingMessage> {
  if (!isMediaMessage(m)) return m;
  const row = await getMedia(q, m.media.media_uuid);
  if (!row || row.user_uuid !== userUuid) throw badRequest(`media.media_uuid ${m.media.media_uuid} is not an upload of yours`);
  if (row.uploaded_at === null || row.size === null) throw badRequest(`media.media_uuid ${m.media.media_uuid} has not been uploaded yet`);
  if (row.purpose !== 'chat') throw badRequest(`media.media_uuid ${m.media.media_uuid} was uploaded as a ${row.purpose} file, not for a chat`);
  const kind = MESSAGE_KINDS[m.type];
  if (row.kind !== kind) throw badRequest(`media.media_uuid ${m.media.media_uuid} is ${withArticle(row.kind)} (${row.content_type}), not ${withArticle(kind)}: send it as ${withArticle(row.kind)} message`);
  return { ...m, media: { ...m.media, url: mediaUrl(row.media_uuid), content_type: row.content_type, size: row.size } };
}
