// The MediaStorage interface (storage.ts says what it is for), apart from the choice of storage so
// that the two implementations can name it without importing the module that imports them.
import type { Readable } from 'node:stream';
import type { Db } from '../db/db';
import type { MediaFiles } from './files';

export interface UploadTarget { url: string; fields: Record<string, string> }

export interface MediaStorage {
  readonly kind: 'local' | 's3';
  /** The local folder (the local store's files; with S3 only a staging place). Its disk's free space is checked before uploads. */
  readonly files: MediaFiles;
  /**
   * Where a client posts the file of this slot and the fields it sends first: S3's own presigned
   * POST; undefined for the local folder (this server's upload URL and its own signed fields).
   */
  uploadTarget(mediaUuid: string, contentType: string, maxBytes: number, expiresInS: number): Promise<UploadTarget | undefined>;
  /** The stored object's size; undefined when nothing is stored under the id. */
  size(mediaUuid: string): Promise<number | undefined>;
  /** The bytes start..end (inclusive) of a stored object. */
  read(mediaUuid: string, start: number, end: number): Promise<Readable>;
  /** Stores bytes made by the server (competition certificates). */
  putBytes(mediaUuid: string, bytes: Uint8Array, contentType: string): Promise<void>;
  remove(mediaUuid: string): Promise<void>;
  /** Deletes rows of abandoned and unused uploads, then stored objects no row names. */
  sweep(db: Db, now: number, unusedForMs: number): Promise<void>;
  close(): Promise<void>;
}
