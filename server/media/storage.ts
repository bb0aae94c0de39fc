// Where media bytes live (issue 19): the MediaStorage interface, with the local folder (the
// default, files.ts: uploads come to this server's upload URL) and S3 (s3-storage.ts: uploads go
// straight to the bucket by presigned POST; downloads still come through this server). Chosen in
// one place, openMediaStorage(), from S3_BUCKET & co. (server/README.md "Media storage").
import { S3Storage, type S3Options } from './s3-storage';
import { LocalStorage } from './local-storage';
import type { MediaStorage } from './storage-types';

export type { MediaStorage, UploadTarget } from './storage-types';
export type { S3Options };

/** The one place the storage is chosen: S3 when a bucket is configured, else the local folder. */
export async function openMediaStorage(dir: string | undefined, s3: S3Options | undefined): Promise<MediaStorage> {
  const local = await LocalStorage.open(dir);
  return s3 ? new S3Storage(s3, local.files) : local;
}

/** S3_BUCKET, S3_ENDPOINT, S3_REGION (credentials: the AWS SDK's usual chain, e.g. AWS_ACCESS_KEY_ID). */
export function s3FromEnv(env: NodeJS.ProcessEnv): S3Options | undefined {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) {
    if (env.S3_ENDPOINT?.trim()) throw new Error('S3_ENDPOINT is set but S3_BUCKET is not: set both (or neither, for the local media folder)');
    return undefined;
  }
  const endpoint = env.S3_ENDPOINT?.trim() || undefined;
  if (endpoint !== undefined && !/^https?:\/\/[^\s/]+/.test(endpoint)) throw new Error(`S3_ENDPOINT must be an http(s) URL, got ${endpoint}`);
  return { bucket, endpoint, region: env.S3_REGION?.trim() || 'us-east-1' };
}
