// Where uploaded files live: one file per media_uuid in the media directory (DATA_DIR/media by
// default; a temporary directory, removed on close, when the database is in memory). An upload
// streams into a `.part` file renamed into place only once it is complete and checked, so a
// reader never sees half a file.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { mkdir, readdir, rm, stat, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Db } from '../db/db';
import { deleteAbandoned, deleteUnused, existingMedia } from './store';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** A .part file older than this belongs to an upload that died with its process. */
const STALE_PART_MS = 24 * 3600_000;

export class MediaFiles {
  private constructor(readonly dir: string, private readonly owned: boolean) {}

  /** `dir` when given; else a fresh temporary directory this object removes on close. */
  static async open(dir: string | undefined): Promise<MediaFiles> {
    if (dir !== undefined) {
      await mkdir(dir, { recursive: true });
      return new MediaFiles(dir, false);
    }
    return new MediaFiles(mkdtempSync(join(tmpdir(), 'chatbot-media-')), true);
  }

  pathOf(mediaUuid: string): string {
    if (!UUID.test(mediaUuid)) throw new Error(`not a media_uuid: ${mediaUuid}`);
    return join(this.dir, mediaUuid);
  }

  /** A unique temporary name for an upload of mediaUuid in progress. */
  partOf(mediaUuid: string): string {
    return `${this.pathOf(mediaUuid)}.${randomBytes(6).toString('hex')}.part`;
  }

  async remove(path: string): Promise<void> {
    await unlink(path).catch(() => undefined);
  }

  /**
   * Removes rows of uploads abandoned long ago and of finished uploads nothing has used for
   * `unusedForMs`, then files no media row names any more (those, and deleted profiles'), and
   * leftovers of uploads that died with their process.
   */
  async sweep(db: Db, now: number, unusedForMs: number): Promise<void> {
    await deleteAbandoned(db, now);
    await deleteUnused(db, now, unusedForMs);
    const names = await readdir(this.dir);
    const ids = names.filter((n) => UUID.test(n));
    const kept = await existingMedia(db, ids);
    for (const id of ids) if (!kept.has(id)) await this.remove(join(this.dir, id));
    for (const name of names.filter((n) => n.endsWith('.part'))) {
      const path = join(this.dir, name);
      const info = await stat(path).catch(() => undefined);
      if (info && Date.now() - info.mtimeMs > STALE_PART_MS) await this.remove(path);
    }
  }

  async close(): Promise<void> {
    if (this.owned) await rm(this.dir, { recursive: true, force: true });
  }
}
