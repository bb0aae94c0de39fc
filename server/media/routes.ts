// Media routes of the contract (spec part 1 §7 "Media"): get-media-upload-details (and its other
// name get-media-upload-url) issue a media_uuid and the signed fields of its upload to this
// server's upload URL (upload.ts); get-link-title answers a link's title (link-title.ts).
import type { FastifyRequest } from 'fastify';
import { routes, type MediaUploadDetails } from '../../src/api/contract';
import { API_BASE } from '../../src/api/headers';
import { MEDIA_UPLOAD_PATH } from '../../src/api/route-table';
import { INTERNAL_ERROR_TEXT } from '../../src/domain/errors';
import { checkEntryUpload } from '../competition/visibility';
import type { RouteModule } from '../context';
import type { AuthUser } from '../http/define-route';
import { badRequest } from '../http/errors';
import { acceptedType } from './content-types';
import { linkTitle } from './link-title';
import { signUpload, UPLOAD_POLICY_TTL_MS } from './policy';
import { checkFreeDisk, withUploadSlot, type QuotaLimits } from './quota';
import { createMedia, type MediaPurpose } from './store';
import type { MediaStorage } from './storage';
import { storedBytes } from './quota';
import { MAX_UPLOAD_BYTES } from '../../src/domain/constants';

export interface MediaRouteDeps {
  secret: Buffer;
  /** Where the bytes go: the local folder (its disk's free space is checked before a slot is issued) or S3. */
  storage: MediaStorage;
  limits: QuotaLimits;
  /** The origin upload URLs are built on (http/public-origin.ts): configuration, not the Host header. */
  origin: (request: FastifyRequest) => string;
}

export function mediaRoutes({ secret, storage, limits, origin: originOf }: MediaRouteDeps): RouteModule {
  return (api, ctx) => {
    async function uploadDetails(request: FastifyRequest, user: AuthUser, body: { content_type: string; purpose: MediaPurpose; competition_uuid?: string | undefined }): Promise<MediaUploadDetails> {
      const accepted = acceptedType(body.content_type);
      if (!accepted) throw badRequest(INTERNAL_ERROR_TEXT.noMediaType);
      // A competition entry's file: the competition is open and takes this kind of file.
      if (body.purpose === 'competition') await checkEntryUpload(ctx.db, body.competition_uuid ?? '', accepted.kind, ctx.now());
      // A screenshot or a profile photo is a picture.
      else if (body.purpose !== 'chat' && accepted.kind !== 'image') throw badRequest(`A ${body.purpose === 'feedback' ? 'feedback screenshot' : 'profile photo'} must be an image`);
      if (storage.kind === 'local') await checkFreeDisk(storage.files.dir, limits.minFreeDiskBytes);
      const now = ctx.now();
      const expiresAt = now + UPLOAD_POLICY_TTL_MS;
      const mediaUuid = await withUploadSlot(ctx.db, user.userUuid, limits, now, (tx) =>
        createMedia(tx, { userUuid: user.userUuid, purpose: body.purpose, kind: accepted.kind, contentType: accepted.contentType, expiresAt, competitionUuid: body.competition_uuid }, now));
      // S3: the bucket's own presigned POST, its size range capped at what the quota leaves (S3
      // refuses a bigger file; settle.ts checks again when the id is used). Local: this server's URL.
      const room = Math.min(MAX_UPLOAD_BYTES, Math.max(1, limits.quotaBytes - await storedBytes(ctx.db, user.userUuid)));
      const target = await storage.uploadTarget(mediaUuid, accepted.contentType, room, UPLOAD_POLICY_TTL_MS / 1000);
      const upload_details = target
        ? { url: target.url, s3_fields: target.fields }
        : { url: `${originOf(request)}${API_BASE}${MEDIA_UPLOAD_PATH}/${mediaUuid}`, s3_fields: signUpload(secret, mediaUuid, accepted.contentType, expiresAt) };
      return {
        media_uuid: mediaUuid,
        ...(body.purpose === 'feedback' ? { screenshot_uuid: mediaUuid } : {}),
        ...(body.purpose === 'profile' ? { photo_uuid: mediaUuid } : {}),
        upload_details,
      };
    }

    api.authRoute(routes.getMediaUploadDetails, ({ request, user, body }) => uploadDetails(request, user, body));
    api.authRoute(routes.getMediaUploadUrl, ({ request, user, body }) => uploadDetails(request, user, body));
    // spec part 2 §7 get-profile-photo-upload-details: the same slot, for a profile photo
    api.authRoute(routes.getProfilePhotoUploadDetails, async ({ request, user, body }) => {
      const details = await uploadDetails(request, user, { content_type: body.content_type, purpose: 'profile' });
      return { ...details, photo_uuid: details.media_uuid };
    });
    api.authRoute(routes.getLinkTitle, async ({ body }) => ({ title: linkTitle(body.url) }));
  };
}
