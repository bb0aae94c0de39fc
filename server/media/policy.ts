// The signed upload policy of a media upload, in the shape of an S3 POST policy: the client gets
// `s3_fields` and posts them back, unchanged, before the file. The Policy (base64 JSON with the
// expiry and the conditions: key, Content-Type, length range) is signed with HMAC-SHA256 under a
// secret made once per database (server_secrets, like the paging cursors' key). The upload needs
// no session: holding fields signed for this media_uuid is the permission, as with S3.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { MAX_UPLOAD_BYTES } from '../../src/domain/constants';
import type { Db } from '../db/db';
import { loadServerSecret } from '../db/server-secret';
import { badRequest } from '../http/errors';

export const POLICY_ALGORITHM = 'HMAC-SHA256';
/** The upload must start within this long after the details were issued. */
export const UPLOAD_POLICY_TTL_MS = 3600_000;

/** The fields of s3_fields, in the order the client sends them (the file comes after). */
export const POLICY_FIELDS = ['key', 'Content-Type', 'Policy', 'X-Amz-Algorithm', 'X-Amz-Signature'] as const;
export type PolicyField = (typeof POLICY_FIELDS)[number];

export const objectKey = (mediaUuid: string) => `media/${mediaUuid}`;

export const loadMediaSecret = (db: Db, now: number): Promise<Buffer> => loadServerSecret(db, 'media_policy_hmac', now);

const sign = (secret: Buffer, policy: string) => createHmac('sha256', secret).update(policy).digest('hex');

/** The s3_fields of an upload of one file of this type to this media_uuid, valid until expiresAt. */
export function signUpload(secret: Buffer, mediaUuid: string, contentType: string, expiresAt: number): Record<PolicyField, string> {
  const key = objectKey(mediaUuid);
  const policy = Buffer.from(JSON.stringify({
    expiration: new Date(expiresAt).toISOString(),
    conditions: [{ key }, { 'Content-Type': contentType }, ['content-length-range', 1, MAX_UPLOAD_BYTES]],
  })).toString('base64');
  return { key, 'Content-Type': contentType, Policy: policy, 'X-Amz-Algorithm': POLICY_ALGORITHM, 'X-Amz-Signature': sign(secret, policy) };
}

/**
 * Checks fields posted to the upload URL of `mediaUuid`: exactly the signed fields, a genuine
 * signature, the same key and Content-Type as signed, not expired. Answers the Content-Type.
 * Every failure is a 400 with its reason (S3 would say 403; the brief of this API says 400).
 */
export function verifyUpload(secret: Buffer, mediaUuid: string, fields: ReadonlyMap<string, string>, now: number): string {
  for (const name of POLICY_FIELDS) if (!fields.has(name)) throw badRequest(`Upload field ${name} is missing: send every field of s3_fields before the file`);
  for (const name of fields.keys()) {
    if (!(POLICY_FIELDS as readonly string[]).includes(name)) throw badRequest(`Upload field ${name.slice(0, 64)} is not one of the signed fields`);
  }
  const policy = fields.get('Policy')!;
  if (fields.get('X-Amz-Algorithm') !== POLICY_ALGORITHM) throw badRequest(`X-Amz-Algorithm must be ${POLICY_ALGORITHM}`);
  const good = Buffer.from(sign(secret, policy));
  const given = Buffer.from(fields.get('X-Amz-Signature')!);
  if (good.length !== given.length || !timingSafeEqual(good, given)) throw badRequest('The upload policy signature does not match');
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(policy, 'base64').toString('utf8'));
  } catch {
    throw badRequest('The upload policy is not valid');
  }
  const shape = parsed as { expiration?: unknown; conditions?: unknown };
  const conditions = Array.isArray(shape.conditions) ? (shape.conditions as unknown[]) : [];
  const condition = (name: string) => {
    const found = conditions.find((c): c is Record<string, unknown> => typeof c === 'object' && c !== null && !Array.isArray(c) && name in c);
    return found?.[name];
  };
  const expiresAt = typeof shape.expiration === 'string' ? Date.parse(shape.expiration) : Number.NaN;
  const signedKey = condition('key');
  const signedType = condition('Content-Type');
  if (!Number.isFinite(expiresAt) || typeof signedKey !== 'string' || typeof signedType !== 'string') throw badRequest('The upload policy is not valid');
  if (expiresAt <= now) throw badRequest('The upload policy has expired: ask for new upload details');
  if (signedKey !== objectKey(mediaUuid)) throw badRequest('The upload policy was signed for another media_uuid');
  if (fields.get('key') !== signedKey) throw badRequest('key differs from the signed policy');
  if (fields.get('Content-Type') !== signedType) throw badRequest('Content-Type differs from the signed policy');
  return signedType;
}
