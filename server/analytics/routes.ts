// The analytics ingestion route (the reference server's own provider, plus Google when
// configured: providers.ts) and the two "Other" calls of spec part 2 §7: dynamic-link/create-link
// (short links of this server that open the app at an app route) and banner/get-notifications.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { routes } from '../../src/api/contract';
import type { AnalyticsConfig } from '../config/analytics';
import type { RouteModule, ServerContext } from '../context';
import { languageOf } from '../http/language';
import { DEMO_BANNERS } from './banners';
import { firstPartyProvider, googleProvider, type AnalyticsProvider } from './providers';

/** The providers the configuration names, in order: first-party first, so Google's failure never loses the stored rows. */
export function configuredProviders(config: AnalyticsConfig, ctx: Pick<ServerContext, 'db'>, fetchImpl?: typeof fetch): AnalyticsProvider[] {
  const out: AnalyticsProvider[] = [];
  if (config.providers.includes('first-party')) out.push(firstPartyProvider(ctx.db));
  if (config.providers.includes('google') && config.google) out.push(googleProvider(config.google, fetchImpl));
  return out;
}

/** Short link ids: 64 random bits, URL-safe (not guessable, so links cannot be listed). */
const newLinkId = () => randomBytes(8).toString('base64url');

export function analyticsRoutes(config: AnalyticsConfig, opts: { origin: (request: FastifyRequest) => string; fetch?: typeof fetch }): RouteModule {
  return (api, ctx) => {
    const providers = configuredProviders(config, ctx, opts.fetch);

    api.authRoute(routes.trackEvents, async ({ body, user }) => {
      const batch = { userUuid: user.userUuid, alias: body.alias, events: body.events, receivedAt: ctx.now() };
      let accepted = body.events.length;
      for (const provider of providers) {
        const { delivered } = await provider.deliver(batch);
        if (provider.name === 'first-party') accepted = delivered;
      }
      return { accepted, duplicates: body.events.length - accepted };
    });

    api.authRoute(routes.createDynamicLink, async ({ body, user, request }) => {
      const linkId = newLinkId();
      await ctx.db.query('INSERT INTO dynamic_links (link_id, user_uuid, name, url, created_at) VALUES ($1, $2, $3, $4, $5)',
        [linkId, user.userUuid, body.name, body.url, ctx.now()]);
      return { short_link: `${opts.origin(request)}/l/${linkId}`, link_id: linkId, name: body.name, url: body.url };
    });

    api.authRoute(routes.getBannerNotifications, async ({ body, request }) => {
      const language = languageOf(request);
      const features = new Set(body.available_features);
      return {
        notifications: DEMO_BANNERS.filter((b) => b.feature === null || features.has(b.feature)).map((b) => ({
          notification_uuid: b.notification_uuid, title: b.title[language], body: b.body[language], deeplink: b.deeplink, feature: b.feature, image: null,
        })),
      };
    });
  };
}

/**
 * GET /l/<id>: the short link opens the app at its route (a 302 to /loading?to=<the route>, a
 * path of this origin checked when the link was made); an unknown id is a 404 page. Not an API
 * route: whoever the link was shared with opens it, signed in or not (/loading keeps the route
 * while they sign in, then opens it).
 */
export function registerShortLinks(app: FastifyInstance, ctx: Pick<ServerContext, 'db'>): void {
  app.get<{ Params: { id: string } }>('/l/:id', async (request, reply) => {
    const id = request.params.id;
    if (!/^[A-Za-z0-9_-]{1,32}$/.test(id)) return reply.code(404).type('text/plain; charset=utf-8').send('This link does not exist.');
    const rows = await ctx.db.query<{ url: string }>('UPDATE dynamic_links SET opened = opened + 1 WHERE link_id = $1 RETURNING url', [id]);
    const url = rows[0]?.url;
    if (url === undefined) return reply.code(404).type('text/plain; charset=utf-8').send('This link does not exist.');
    // through the app's /loading screen: a visitor who is not signed in opens the route after sign-in
    return reply.code(302).header('location', `/loading?to=${encodeURIComponent(url)}`).header('cache-control', 'no-store').send();
  });
}
