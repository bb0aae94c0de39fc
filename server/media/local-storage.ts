// MediaStorage on the local folder (the default): the bytes are files.ts's files; uploads come to
// this server's own upload URL (upload.ts), which writes them there and finishes their rows.
import { createReadStream } from 'node:fs';
import { rename, stat, writeFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { Db } from '../db/db';
import { MediaFiles } from './files';
import type { MediaStorage, UploadTarget } from './storage-types';

export class LocalStorage implements MediaStorage {
  readonly kind = 'local' as const;
  private constructor(readonly files: MediaFiles) {}

  static async open(dir: string | undefined): Promise<LocalStorage> {
    return new LocalStorage(await MediaFiles.open(dir));
  }

  async uploadTarget(): Promise<UploadTarget | undefined> {
    return undefined;
  }

  async size(mediaUuid: string): Promise<number | undefined> {
    return (await stat(this.files.pathOf(mediaUuid)).catch(() => undefined))?.size;
  }

  async read(mediaUuid: string, start: number, end: number): Promise<Readable> {
    return createReadStream(this.files.pathOf(mediaUuid), { start, end });
  }

  async putBytes(mediaUuid: string, bytes: Uint8Array): Promise<void> {
    const part = this.files.partOf(mediaUuid);
    await writeFile(part, bytes);
    await rename(part, this.files.pathOf(mediaUuid));
  }

  async remove(mediaUuid: string): Promise<void> {
    await this.files.remove(this.files.pathOf(mediaUuid));
  }

  sweep(db: Db, now: number, unusedForMs: number): Promise<void> {
    return this.files.sweep(db, now, unusedForMs);
  }

  close(): Promise<void> {
    return this.files.close();
  }
}
