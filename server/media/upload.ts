// POST /api/media-upload/{media_uuid}: the upload URL that get-media-upload-details hands out,
// taking what S3 takes from a browser: multipart/form-data with the signed s3_fields first, then
// the file in a part named `file`. Answers 204 once the whole file is on disk. Refusals:
// 400 bad or expired policy, fields that differ from the signed ones, no file, an empty file, a
// malformed body; 404 unknown media_uuid; 409 already uploaded (or being uploaded); 413 over
// 64 MB (refused by Content-Length before reading, else as soon as the cap is passed); 415 not
// multipart, or a file whose first bytes are not its declared type; 507 the owner's quota would be
// passed, or the media disk is short of free space (checked before a byte is written; quota.ts);
// 408 the upload is slower than the minimum rate (http/slow-body.ts). A client that cuts its
// upload off is logged as a client abort (info), not as an error.
//
// The file streams to a .part file (never held in memory), is renamed into place once checked,
// and only then is the row marked uploaded. After a refusal the rest of the body is read and
// dropped for at most LINGER_MS, then the connection is closed (server/http/linger.ts says why).
import { rename } from 'node:fs/promises';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createWriteStream } from 'node:fs';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_BASE } from '../../src/api/headers';
import { MEDIA_UPLOAD_PATH } from '../../src/api/route-table';
import { MAX_UPLOAD_BYTES } from '../../src/domain/constants';
import type { Db } from '../db/db';
import { badRequest, HttpError, notFound } from '../http/errors';
import { abortMessage, isClientAbort } from '../http/client-abort';
import { dropRestThenClose } from '../http/linger';
import { acceptedType, matchesDeclared, SNIFF_BYTES } from './content-types';
import type { MediaFiles } from './files';
import { verifyUpload } from './policy';
import { checkFreeDisk, lockUser, quotaFull, storedBytes, type QuotaLimits } from './quota';
import { claimUpload, finishUpload, releaseUpload } from './store';

export interface UploadDeps {
  db: Db;
  now: () => number;
  secret: Buffer;
  files: MediaFiles;
  limits: QuotaLimits;
}

/** Room for the signed fields and the multipart framing around a file of the largest size. */
const FRAMING_ALLOWANCE = 64 * 1024;
const MAX_FIELD_BYTES = 8 * 1024;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const tooLarge = () => new HttpError(413, `File is larger than ${MAX_UPLOAD_BYTES} bytes (64 MB)`);

// Errors of @fastify/multipart and busboy, in words a client developer can act on.
const MULTIPART_MESSAGES: Record<string, string> = {
  FST_PARTS_LIMIT: 'Too many parts: send the s3_fields and one file',
  FST_FILES_LIMIT: 'Only one file per upload',
  FST_FIELDS_LIMIT: 'Too many fields: send only the s3_fields',
  FST_PROTO_VIOLATION: 'A field name is not allowed',
  FST_MP_PREMATURE_CLOSE: 'The upload was cut off before the end of the body',
};

/**
 * Counts the file's bytes and checks its first ones against the declared type, passing the bytes
 * on; stops with `overQuota` once more than `room` bytes (what is left of the owner's quota) came.
 */
class FileCheck extends Transform {
  bytes = 0;
  private head: Buffer[] = [];
  private headBytes = 0;
  private checked = false;

  constructor(
    private readonly signatures: Parameters<typeof matchesDeclared>[1],
    private readonly contentType: string,
    private readonly room: number,
    private readonly overQuota: () => Error,
  ) {
    super();
  }

  private check(): Error | undefined {
    this.checked = true;
    const head = Buffer.concat(this.head).subarray(0, SNIFF_BYTES);
    this.head = [];
    if (!matchesDeclared(head, this.signatures)) return new HttpError(415, `The file is not ${this.contentType}: its content does not match its declared type`);
    return undefined;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.room) return callback(this.overQuota());
    if (!this.checked) {
      this.head.push(chunk);
      this.headBytes += chunk.length;
      if (this.headBytes >= SNIFF_BYTES) {
        const problem = this.check();
        if (problem) return callback(problem);
      }
    }
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    if (this.bytes === 0) return callback(badRequest('The file is empty (0 bytes)'));
    callback(this.checked ? null : this.check() ?? null);
  }
}

/** The upload URL of any media_uuid (the slow-body guard watches these by their rate). */
export const isUploadUrl = (url: string) => url.startsWith(`${API_BASE}${MEDIA_UPLOAD_PATH}/`);

function mediaUuidOf(request: FastifyRequest): string {
  const id = (request.params as { media_uuid?: unknown }).media_uuid;
  if (typeof id !== 'string' || !UUID.test(id)) throw notFound('No such upload: the media_uuid is not one this server issued');
  return id;
}

export async function registerUpload(app: FastifyInstance, deps: UploadDeps): Promise<void> {
  const { db, now, secret, files, limits } = deps;

  // Its own plugin scope: the multipart body parser exists for this route only, so every JSON
  // route keeps refusing multipart bodies (415).
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, parts: 12, fieldNameSize: 100, fieldSize: MAX_FIELD_BYTES, headerPairs: 20 },
      throwFileSizeLimit: true,
    });

    scope.route({
      method: 'POST',
      url: `${API_BASE}${MEDIA_UPLOAD_PATH}/:media_uuid`,
      onRequest: async (request) => {
        mediaUuidOf(request);
        if (!request.headers['content-type']?.toLowerCase().startsWith('multipart/form-data')) {
          throw new HttpError(415, 'Upload with Content-Type multipart/form-data: the s3_fields, then the file');
        }
        const length = Number(request.headers['content-length'] ?? 0);
        if (length > MAX_UPLOAD_BYTES + FRAMING_ALLOWANCE) throw tooLarge();
        // Before any byte is written: a full media disk would stop the database's writes too.
        await checkFreeDisk(files.dir, limits.minFreeDiskBytes);
      },
      onResponse: async (request, reply) => {
        if (reply.statusCode >= 400) dropRestThenClose(request.raw);
      },
      handler: async (request, reply) => {
        const mediaUuid = mediaUuidOf(request);
        const fields = new Map<string, string>();
        let claimed = false;
        let part: string | undefined;
        let aborted: unknown = null;
        try {
          for await (const entry of request.parts()) {
            if (entry.type === 'field') {
              if (entry.fieldnameTruncated || entry.valueTruncated) throw badRequest('An upload field is too long');
              if (fields.has(entry.fieldname)) throw badRequest(`Upload field ${entry.fieldname} is sent twice`);
              fields.set(entry.fieldname, typeof entry.value === 'string' ? entry.value : String(entry.value));
              continue;
            }
            if (entry.fieldname !== 'file') throw badRequest('Send the file in a part named file, after the s3_fields');
            const contentType = verifyUpload(secret, mediaUuid, fields, now());
            const accepted = acceptedType(contentType);
            if (!accepted) throw badRequest('No media type found');
            const claim = await claimUpload(db, mediaUuid, now());
            if (claim === 'missing') throw notFound('No such upload: the media_uuid is not one this server issued');
            if (claim === 'done') throw new HttpError(409, 'This media_uuid is already uploaded: ask for new upload details to send another file');
            if (claim === 'busy') throw new HttpError(409, 'This media_uuid is being uploaded by another request');
            claimed = true;
            const room = limits.quotaBytes - await storedBytes(db, claim.user_uuid);
            if (room <= 0) throw quotaFull(limits.quotaBytes);
            part = files.partOf(mediaUuid);
            const check = new FileCheck(accepted.signatures, accepted.contentType, room, () => quotaFull(limits.quotaBytes));
            const stream = entry.file;
            // Stop at the cap at once (busboy would otherwise read on to the end of the part).
            stream.once('limit', () => stream.destroy(tooLarge()));
            await pipeline(stream, check, createWriteStream(part));
            if (stream.truncated) throw tooLarge();
            const done = part;
            // Uploads of one user running side by side each fit the room they saw: the last
            // check is made under the user's lock, with what the others have stored meanwhile.
            await db.transaction(async (tx) => {
              await lockUser(tx, claim.user_uuid);
              if (await storedBytes(tx, claim.user_uuid) + check.bytes > limits.quotaBytes) throw quotaFull(limits.quotaBytes);
              await rename(done, files.pathOf(mediaUuid));
              await finishUpload(tx, mediaUuid, check.bytes, now());
            });
            part = undefined;
            claimed = false;
            return reply.code(204).send();
          }
          throw badRequest('No file: send the s3_fields, then the file in a part named file');
        } catch (error) {
          if (isClientAbort(error, request.raw)) {
            aborted = error;
            throw new HttpError(400, 'The upload was cut off before the end of the body');
          }
          throw asClientError(error);
        } finally {
          if (part !== undefined) await files.remove(part);
          if (claimed) await releaseUpload(db, mediaUuid);
          // logged once the slot is free: a retry that follows the abort (or a test reading the
          // log) finds the media_uuid claimable again, not 'being uploaded'
          if (aborted !== null) request.log.info({ mediaUuid, code: (aborted as { code?: unknown }).code }, abortMessage(request.raw, 'upload'));
        }
      },
    });
  });
}

/**
 * HttpErrors and Fastify's 4xx errors as they are; errors of parsing a malformed multipart body
 * (busboy's plain Errors) as 400. File system errors stay errors of ours (500).
 */
function asClientError(error: unknown): unknown {
  if (error instanceof HttpError) return error;
  if (typeof error !== 'object' || error === null) return error;
  const { code, statusCode, message } = error as { code?: unknown; statusCode?: unknown; message?: unknown };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  if (typeof code === 'string' && MULTIPART_MESSAGES[code]) return new HttpError(typeof statusCode === 'number' ? statusCode : 400, MULTIPART_MESSAGES[code]);
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) return error;
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return error;
  return badRequest(`The multipart body is malformed${typeof message === 'string' ? `: ${message.slice(0, 120)}` : ''}`);
}
