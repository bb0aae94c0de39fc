// Media routes of the contract (spec part 1 §7 "Media"): get-media-upload-details (and its other
// name get-media-upload-url) issue a media_uuid and the signed fields of its upload to this
// server's upload URL (upload.ts); get-link-title answers a link's title (link-title.ts).
import type { FastifyRequest } from 'fastify';
import { routes, type MediaUploadDetails } from '../../src/api/contract';
import { API_BASE } from '../../src/api/headers';
import { MEDIA_UPLOAD_PATH } from '../../src/api/route-table';
import { INTERNAL_ERROR_TEXT } from '../../src/domain/errors';
import type { RouteModule } from '../context';
import type { AuthUser } from '../http/define-route';
import { badRequest } from '../http/errors';
import { acceptedType } from './content-types';
import { linkTitle } from './link-title';
import { signUpload, UPLOAD_POLICY_TTL_MS } from './policy';
import { checkFreeDisk, withUploadSlot, type QuotaLimits } from './quota';
import { createMedia, type MediaPurpose } from './store';

export interface MediaRouteDeps {
  secret: Buffer;
  /** The media directory (its disk's free space is checked before a slot is issued). */
  mediaDir: string;
  limits: QuotaLimits;
}

export function mediaRoutes({ secret, mediaDir, limits }: MediaRouteDeps): RouteModule {
  return (api, ctx) => {
    async function uploadDetails(request: FastifyRequest, user: AuthUser, body: { content_type: string; purpose: MediaPurpose }): Promise<MediaUploadDetails> {
      const accepted = acceptedType(body.content_type);
      if (!accepted) throw badRequest(INTERNAL_ERROR_TEXT.noMediaType);
      // A screenshot or a profile photo is a picture.
      if (body.purpose !== 'chat' && accepted.kind !== 'image') throw badRequest(`A ${body.purpose === 'feedback' ? 'feedback screenshot' : 'profile photo'} must be an image`);
      await checkFreeDisk(mediaDir, limits.minFreeDiskBytes);
      const now = ctx.now();
      const expiresAt = now + UPLOAD_POLICY_TTL_MS;
      const mediaUuid = await withUploadSlot(ctx.db, user.userUuid, limits, now, (tx) =>
        createMedia(tx, { userUuid: user.userUuid, purpose: body.purpose, kind: accepted.kind, contentType: accepted.contentType, expiresAt }, now));
      const origin = `${request.protocol}://${request.headers.host ?? request.host}`;
      return {
        media_uuid: mediaUuid,
        ...(body.purpose === 'feedback' ? { screenshot_uuid: mediaUuid } : {}),
        ...(body.purpose === 'profile' ? { photo_uuid: mediaUuid } : {}),
        upload_details: { url: `${origin}${API_BASE}${MEDIA_UPLOAD_PATH}/${mediaUuid}`, s3_fields: signUpload(secret, mediaUuid, accepted.contentType, expiresAt) },
      };
    }

    api.authRoute(routes.getMediaUploadDetails, ({ request, user, body }) => uploadDetails(request, user, body));
    api.authRoute(routes.getMediaUploadUrl, ({ request, user, body }) => uploadDetails(request, user, body));
    api.authRoute(routes.getLinkTitle, async ({ body }) => ({ title: linkTitle(body.url) }));
  };
}
