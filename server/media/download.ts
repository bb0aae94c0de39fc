// GET /api/media/{media_uuid}: the bytes of a media file, for `Authorization: Bearer <media
// token>` (the token of the session answer and /mobile/get-media-token; 24 h, ended with its
// session). A user's upload is served to its owner only (404 to anyone else, exactly as for an
// unknown id); the bots' media to any signed-in user. One `Range: bytes=` range is answered with
// 206 so a video can seek. Media never change, so answers may be kept (privately) for a year.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_BASE } from '../../src/api/headers';
import { MEDIA_PATH } from '../../src/api/route-table';
import { hashToken } from '../accounts/tokens';
import type { Db } from '../db/db';
import { HttpError, notFound } from '../http/errors';
import { BOT_MEDIA_DIR, findBotMedia } from './bot-media';
import type { MediaStorage } from './storage';
import { isApprovedEntryFile } from '../competition/visibility';
import { getMedia } from './store';

export interface DownloadDeps {
  db: Db;
  now: () => number;
  storage: MediaStorage;
  /** Finishes an upload made straight to S3 at its first use (media/settle.ts). */
  settleUpload: (mediaUuid: string) => Promise<void>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const BEARER = /^Bearer ([0-9a-f]{32})$/;
const CACHE_FOR_S = 365 * 24 * 3600;

const unauthorised = (message: string) => new HttpError(401, message, { 'www-authenticate': 'Bearer realm="media"' });
const noSuchMedia = () => notFound('No such media');

/** The user whose live media token the request carries; 401 otherwise. */
async function mediaUser(db: Db, request: FastifyRequest, now: number): Promise<string> {
  const header = request.headers.authorization;
  if (header === undefined) throw unauthorised('Send Authorization: Bearer <mediaToken>');
  const token = BEARER.exec(header.trim())?.[1];
  if (token === undefined) throw unauthorised('The media token is not valid');
  const rows = await db.query<{ user_uuid: string }>(
    `SELECT t.user_uuid FROM media_tokens t JOIN sessions s ON s.id_hash = t.session_hash
     WHERE t.token_hash = $1 AND t.expires_at > $2 AND s.ended_at IS NULL AND s.expires_at > $2`,
    [hashToken(token), now],
  );
  if (!rows[0]) throw unauthorised('The media token is not valid or has expired: get a new one from /mobile/get-media-token');
  return rows[0].user_uuid;
}

export type ByteRange = { start: number; end: number };

/**
 * The one range a `Range` header asks for, 'unsatisfiable', or undefined to answer the whole
 * file (no header, several ranges, another unit, or a malformed one: RFC 9110 lets a server
 * ignore those).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | undefined {
  if (header === undefined) return undefined;
  const match = /^bytes=(\d{0,16})-(\d{0,16})$/.exec(header.trim());
  if (!match) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return undefined;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (last !== '' && Number(last) < start) return undefined;
  if (start >= size) return 'unsatisfiable';
  return { start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) };
}

interface Found { read: (start: number, end: number) => Promise<Readable>; contentType: string; size: number }

async function findMedia(deps: DownloadDeps, mediaUuid: string, userUuid: string): Promise<Found> {
  const bot = findBotMedia(mediaUuid);
  if (bot) {
    const path = `${BOT_MEDIA_DIR}${bot.file}`;
    return { read: async (start, end) => createReadStream(path, { start, end }), contentType: bot.content_type, size: (await stat(path)).size };
  }
  await deps.settleUpload(mediaUuid).catch(() => undefined); // a refused file is simply not there
  const row = await getMedia(deps.db, mediaUuid);
  // Another user's upload answers exactly like an unknown id: nothing tells that it exists.
  if (!row || row.uploaded_at === null || row.size === null) throw noSuchMedia();
  // A file of an approved competition entry is shown to every signed-in user (all entries).
  if (row.user_uuid !== userUuid && !(row.purpose === 'competition' && await isApprovedEntryFile(deps.db, mediaUuid))) throw noSuchMedia();
  return { read: (start, end) => deps.storage.read(mediaUuid, start, end), contentType: row.content_type, size: row.size };
}

export function registerDownload(app: FastifyInstance, deps: DownloadDeps): void {
  app.route({
    method: 'GET',
    url: `${API_BASE}${MEDIA_PATH}/:media_uuid`,
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const userUuid = await mediaUser(deps.db, request, deps.now());
      const mediaUuid = (request.params as { media_uuid?: string }).media_uuid ?? '';
      if (!UUID.test(mediaUuid)) throw noSuchMedia();
      const media = await findMedia(deps, mediaUuid, userUuid);
      const etag = `"${mediaUuid}"`;
      reply
        .header('cache-control', `private, max-age=${CACHE_FOR_S}, immutable`)
        .header('etag', etag)
        .header('accept-ranges', 'bytes')
        // Served bytes are data, never a page: no script runs even if one is opened directly.
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('vary', 'Authorization');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      const range = parseRange(typeof request.headers.range === 'string' ? request.headers.range : undefined, media.size);
      if (range === 'unsatisfiable') {
        return reply.code(416).header('content-range', `bytes */${media.size}`).send({ statusCode: 416, error: 'Range Not Satisfiable', message: `The file has ${media.size} bytes` });
      }
      const { start, end } = range ?? { start: 0, end: media.size - 1 };
      reply.header('content-type', media.contentType).header('content-length', String(end - start + 1));
      if (range) reply.code(206).header('content-range', `bytes ${start}-${end}/${media.size}`);
      return reply.send(await media.read(start, end));
    },
  });
}
