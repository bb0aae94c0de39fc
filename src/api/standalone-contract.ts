// Bodies and answers of the standalone routes (standalone-routes.ts), merged into `routes`.
import { z } from 'zod';
import { route } from './route-def';
import { STANDALONE_ROUTE_TABLE as T } from './standalone-routes';
import { STANDALONE_BOT_ID_PATTERN, STANDALONE_DEVICE_ID_PATTERN } from '../domain/constants';

const botUuid = z.string().regex(STANDALONE_BOT_ID_PATTERN, 'bot_uuid must be a 16-digit number');

export const standaloneRoutes = {
  startSession: route({
    ...T.startSession,
    body: z.object({
      device_id: z.string().regex(STANDALONE_DEVICE_ID_PATTERN, 'device_id must be 16 to 64 letters, digits or -'),
      bot_uuid: botUuid.optional(),
      /** The signed-in variant: a login token the host page (the extension) holds for its user. */
      access_token: z.string().regex(/^[0-9a-f]{32}$/, 'access_token must be a 128-bit hex token').optional(),
      /** Whatever the embedding page passes along (kept with the session; at most 16 keys). */
      payload: z.record(z.string().max(64), z.union([z.string().max(500), z.number(), z.boolean(), z.null()]))
        .refine((p) => Object.keys(p).length <= 16, 'payload may have at most 16 keys').optional(),
    }).strict().refine((b) => b.bot_uuid !== undefined || b.access_token !== undefined, 'bot_uuid or access_token is required'),
    response: z.object({ user_uuid: z.string(), session_id: z.string(), bot_uuid: z.string().nullable() }),
  }),
  resolveStandaloneHost: route({
    ...T.resolveStandaloneHost,
    body: z.object({ host: z.string().trim().toLowerCase().regex(/^[a-z0-9.-]{1,253}(:\d{1,5})?$/, 'host must be a host name') }).strict(),
    response: z.object({ bot_uuid: z.string().nullable() }),
  }),
};
