// An upload that went straight to S3 (s3-storage.ts) is finished here, the first time its id is
// used (a message, a profile photo, a screenshot, an entry, a download): its object's size and
// first bytes are checked against the slot's type, and the owner's quota, as upload.ts checks a
// file posted to this server; then the row counts as uploaded. A refused object is deleted, so the
// refusal stands. With the local folder this does nothing: upload.ts finished the row already.
import { MAX_UPLOAD_BYTES } from '../../src/domain/constants';
import type { Db } from '../db/db';
import { HttpError } from '../http/errors';
import { acceptedType, matchesDeclared, SNIFF_BYTES } from './content-types';
import { lockUser, quotaFull, storedBytes } from './quota';
import type { MediaStorage } from './storage';
import { finishUpload, getMedia } from './store';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function readHead(storage: MediaStorage, mediaUuid: string, size: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.read(mediaUuid, 0, Math.min(size, SNIFF_BYTES) - 1)) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

export async function settleUpload(db: Db, storage: MediaStorage, mediaUuid: string, quotaBytes: number, now: number): Promise<void> {
  if (storage.kind === 'local' || !UUID.test(mediaUuid)) return;
  const row = await getMedia(db, mediaUuid);
  if (!row || row.uploaded_at !== null) return;
  const size = await storage.size(mediaUuid);
  if (size === undefined) return; // not uploaded (yet): the caller says so
  const accepted = acceptedType(row.content_type);
  const refuse = async (error: HttpError): Promise<never> => {
    await storage.remove(mediaUuid);
    throw error;
  };
  if (size === 0) await refuse(new HttpError(400, 'The file is empty (0 bytes)'));
  if (size > MAX_UPLOAD_BYTES) await refuse(new HttpError(413, `File is larger than ${MAX_UPLOAD_BYTES} bytes (64 MB)`));
  if (!accepted || !matchesDeclared(await readHead(storage, mediaUuid, size), accepted.signatures)) {
    await refuse(new HttpError(415, `The file is not ${row.content_type}: its content does not match its declared type`));
  }
  let over = false;
  await db.transaction(async (tx) => {
    await lockUser(tx, row.user_uuid);
    if ((await getMedia(tx, mediaUuid))?.uploaded_at !== null) return; // settled meanwhile
    if (await storedBytes(tx, row.user_uuid) + size > quotaBytes) {
      over = true;
      return;
    }
    await finishUpload(tx, mediaUuid, size, now);
  });
  if (over) await refuse(quotaFull(quotaBytes));
}
