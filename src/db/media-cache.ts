// The device's copy of media files: Cache Storage under MEDIA_CACHE_NAME, keyed by the media's
// URL path (/api/media/{uuid} once the server has the file; /local-media/{client id} for a file
// chosen for upload and not yet uploaded). The page, the sync worker and the service worker all
// see the same cache, so a downloaded file stays viewable offline and a chosen file survives a
// reload until it is uploaded (why not RxDB attachments: the service worker can answer
// /api/media requests from this cache directly, and Blobs need no base64 round trip here).
// Plain module, no React: the sync engine uses it too (src/sync/README.md).
import { MEDIA_CACHE_NAME } from '../domain/constants';

export interface StoredFile {
  blob: Blob;
  /** metadata kept beside the bytes (file name, crop) */
  meta: Record<string, string>;
}

export interface MediaStore {
  put(key: string, blob: Blob, meta?: Record<string, string>): Promise<void>;
  get(key: string): Promise<StoredFile | null>;
  has(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
}

const META_PREFIX = 'x-media-';

/** Cache Storage (browsers, workers, the service worker). */
export function cacheStorageMediaStore(cacheName: string = MEDIA_CACHE_NAME): MediaStore {
  const open = () => caches.open(cacheName);
  return {
    async put(key, blob, meta = {}) {
      const headers = new Headers({ 'content-type': blob.type || 'application/octet-stream', 'content-length': String(blob.size) });
      // header values must be ISO-8859-1: names are kept URI-encoded
      for (const [k, v] of Object.entries(meta)) headers.set(`${META_PREFIX}${k}`, encodeURIComponent(v));
      await (await open()).put(key, new Response(blob, { status: 200, headers }));
    },
    async get(key) {
      const res = await (await open()).match(key);
      if (!res) return null;
      const meta: Record<string, string> = {};
      res.headers.forEach((value, name) => {
        if (name.startsWith(META_PREFIX)) meta[name.slice(META_PREFIX.length)] = decodeURIComponent(value);
      });
      return { blob: await res.blob(), meta };
    },
    async has(key) {
      return (await (await open()).match(key)) !== undefined;
    },
    async delete(key) {
      await (await open()).delete(key);
    },
  };
}

/** In memory: Node tests, and a fallback where Cache Storage is missing (then files do not survive a reload). */
export function memoryMediaStore(): MediaStore {
  const files = new Map<string, StoredFile>();
  return {
    async put(key, blob, meta = {}) {
      files.set(key, { blob, meta: { ...meta } });
    },
    async get(key) {
      return files.get(key) ?? null;
    },
    async has(key) {
      return files.has(key);
    },
    async delete(key) {
      files.delete(key);
    },
  };
}

/** Cache Storage where the realm has it, else memory. */
export function defaultMediaStore(): MediaStore {
  return typeof caches !== 'undefined' ? cacheStorageMediaStore() : memoryMediaStore();
}

let shared: MediaStore | null = null;

/**
 * One store per realm: the page's commands and an in-process engine (Node tests) then share the
 * memory fallback; with Cache Storage every realm sees the same cache anyway.
 */
export function sharedMediaStore(): MediaStore {
  shared ??= defaultMediaStore();
  return shared;
}
