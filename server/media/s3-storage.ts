// MediaStorage on S3 (or any S3-compatible server): objects under media/<media_uuid>.
// - Uploads: the client posts straight to the bucket with S3's own presigned POST (the policy
//   binds the key, the exact Content-Type and a content-length-range of 1 byte to the slot's
//   room), so a file never passes through this server. The server learns of it when the id is
//   first used (settle.ts): it then checks the size and the file's first bytes against the
//   declared type, and the owner's quota, before the row counts as uploaded.
// - Downloads keep coming through this server (download.ts), which reads the object (with the
//   asked range) from S3 and streams it: the Bearer media token, the owner check, the no-script
//   CSP and the cache headers stay exactly as with the local folder, and the bucket stays
//   private. (A redirect to a presigned GET would save the server the bytes but put another origin
//   in the app's media fetches and make the URL, not the token, the permission.)
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import type { Db } from '../db/db';
import type { MediaFiles } from './files';
import { objectKey } from './policy';
import type { MediaStorage, UploadTarget } from './storage-types';
import { deleteAbandoned, deleteUnused, existingMedia } from './store';

export interface S3Options {
  bucket: string;
  /** An S3-compatible server's URL (path-style addressing then); unset: AWS S3 of the region. */
  endpoint?: string | undefined;
  region: string;
  /** Tests only; otherwise the SDK's chain (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, profiles, roles). */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
}

const PREFIX = 'media/';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
}

export class S3Storage implements MediaStorage {
  readonly kind = 's3' as const;
  private readonly client: S3Client;

  constructor(private readonly opts: S3Options, readonly files: MediaFiles) {
    this.client = new S3Client({
      region: opts.region,
      ...(opts.endpoint ? { endpoint: opts.endpoint, forcePathStyle: true } : {}),
      ...(opts.credentials ? { credentials: opts.credentials } : {}),
    });
  }

  async uploadTarget(mediaUuid: string, contentType: string, maxBytes: number, expiresInS: number): Promise<UploadTarget> {
    const { url, fields } = await createPresignedPost(this.client, {
      Bucket: this.opts.bucket,
      Key: objectKey(mediaUuid),
      Conditions: [['eq', '$Content-Type', contentType], ['content-length-range', 1, maxBytes]],
      Fields: { 'Content-Type': contentType },
      Expires: Math.max(1, Math.ceil(expiresInS)),
    });
    return { url, fields };
  }

  async size(mediaUuid: string): Promise<number | undefined> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.opts.bucket, Key: objectKey(mediaUuid) }));
      return head.ContentLength;
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  async read(mediaUuid: string, start: number, end: number): Promise<Readable> {
    const object = await this.client.send(new GetObjectCommand({ Bucket: this.opts.bucket, Key: objectKey(mediaUuid), Range: `bytes=${start}-${end}` }));
    // in Node the body is an http.IncomingMessage (a Readable)
    return object.Body as Readable;
  }

  async putBytes(mediaUuid: string, bytes: Uint8Array, contentType: string): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.opts.bucket, Key: objectKey(mediaUuid), Body: bytes, ContentType: contentType }));
  }

  async remove(mediaUuid: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.opts.bucket, Key: objectKey(mediaUuid) }));
  }

  async sweep(db: Db, now: number, unusedForMs: number): Promise<void> {
    await deleteAbandoned(db, now);
    await deleteUnused(db, now, unusedForMs);
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.opts.bucket, Prefix: PREFIX, ContinuationToken: token }));
      const ids = (page.Contents ?? []).map((o) => (o.Key ?? '').slice(PREFIX.length)).filter((id) => UUID.test(id));
      const kept = await existingMedia(db, ids);
      for (const id of ids) if (!kept.has(id)) await this.remove(id);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async close(): Promise<void> {
    this.client.destroy();
    await this.files.close();
  }
}
