// Bodies and answers of the analytics ingestion route (the reference server's own provider) and
// of dynamic-link/create-link and banner/get-notifications (spec part 2 §7 "Other"). Merged into
// `routes` (contract.ts).
import { z } from 'zod';
import { route } from './route-def';
import { ANALYTICS_ROUTE_TABLE as T } from './analytics-routes';
import { ANALYTICS_LIMITS, ANALYTICS_NAME_PATTERN, looksLikePhone } from '../domain/analytics';
import { APP_FEATURES, isAppRouteLink } from '../domain/app-routes';

const paramValue = z.union([z.string().max(ANALYTICS_LIMITS.valueChars, `a parameter value is at most ${ANALYTICS_LIMITS.valueChars} characters`), z.number().finite(), z.boolean()])
  .refine((v) => !looksLikePhone(v), 'a parameter value must not carry a phone number');

export const analyticsEventSchema = z.object({
  /** UUIDv7 made on the device: the server keeps one row per (user, event_id) */
  event_id: z.string().uuid('event_id must be a UUID'),
  name: z.string().regex(ANALYTICS_NAME_PATTERN, 'name must be a letter then up to 39 letters, digits or underscores'),
  params: z.record(z.string().regex(ANALYTICS_NAME_PATTERN, 'parameter names are a letter then up to 39 letters, digits or underscores'), paramValue)
    .refine((p) => Object.keys(p).length <= ANALYTICS_LIMITS.params, `at most ${ANALYTICS_LIMITS.params} parameters`),
  /** when it happened on the device, epoch ms */
  at: z.number().int('at must be epoch milliseconds').nonnegative(),
}).strict();
export type AnalyticsEvent = z.output<typeof analyticsEventSchema>;

export const trackEventsBody = z.object({
  /** salted SHA-256 of the mobile (hex): who the events are about, without the number */
  alias: z.string().regex(/^[0-9a-f]{64}$/, 'alias must be a hex SHA-256'),
  events: z.array(analyticsEventSchema).min(1, 'events must not be empty').max(ANALYTICS_LIMITS.batch, `at most ${ANALYTICS_LIMITS.batch} events per call`),
}).strict();

export const bannerNotificationSchema = z.object({
  notification_uuid: z.string(),
  title: z.string(),
  body: z.string(),
  /** an app route (dynamic links and banners open only app routes) */
  deeplink: z.string(),
  /** the feature this notification is about; absent: for everyone */
  feature: z.enum(APP_FEATURES).nullable(),
  image: z.string().nullable(),
});
export type BannerNotification = z.output<typeof bannerNotificationSchema>;

export const analyticsRoutes = {
  /** The reference server's own analytics provider: a batch of events, stored once each. */
  trackEvents: route({
    ...T.trackEvents, body: trackEventsBody,
    response: z.object({ accepted: z.number().int(), duplicates: z.number().int() }),
  }),
  /** A short link of this server that opens the app at `url` (an app route only). */
  createDynamicLink: route({
    ...T.createDynamicLink,
    body: z.object({
      name: z.string().trim().min(1, 'name must not be empty').max(100, 'name is at most 100 characters'),
      url: z.string().trim().refine(isAppRouteLink, 'url must be a route of the app, e.g. /rewards or /chat/1000000000000001'),
    }).strict(),
    response: z.object({ short_link: z.string(), link_id: z.string(), name: z.string(), url: z.string() }),
  }),
  /** The banner notifications for the features this user can open (and those for everyone). */
  getBannerNotifications: route({
    ...T.getBannerNotifications,
    body: z.object({
      available_features: z.array(z.enum(APP_FEATURES, { error: `each feature must be one of ${APP_FEATURES.join(', ')}` }))
        .max(APP_FEATURES.length * 2, 'too many features'),
    }).strict(),
    response: z.object({ notifications: z.array(bannerNotificationSchema) }),
  }),
} as const;
