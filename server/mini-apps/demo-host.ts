// Hosts the demo web mini apps (issue 17) on this server, as a real mini-app provider would on its
// own: their files at /apps/<slug>/ (from server/mini-apps/demo/), the shared bridge client at
// /apps/bridge.js, and each app's small backend under /apps/<slug>/api/:
// - POST sign-in {grant_token}: the backend exchanges the grant with its client secret (the same
//   exchange the public /mini-app/sso/exchange route runs) and answers the user's name;
// - GET  prices?q= (mandi prices): today's prices, searched over crop and market names.
// The app loads them in an iframe sandboxed without allow-same-origin, so their pages run in an
// opaque origin ('null'): the backend answers CORS for any origin and takes no cookies (the grant is
// the only credential). Their own CSP admits only /apps/ of this origin, and only this origin may frame them.
import { existsSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/db';
import { errorBody, HttpError } from '../http/errors';
import { WEB_MINI_APP_PREFIX } from '../../src/domain/mini-apps';
import { webAppBySlug } from './catalog';
import { searchPrices } from './demo/mandi-data';
import { exchangeGrant } from './sso';
import { demoSecret } from './store';

const DEMO_DIR = fileURLToPath(new URL('./demo/', import.meta.url));
const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.svg': 'image/svg+xml' };
const FILE = /^[a-z0-9-]+\.(html|js|css|svg)$/;

/** The policy of a mini app's page: nothing but its own files and its backend under /apps/ of this origin. */
export function miniAppPagePolicy(origin: string): string {
  const apps = `${origin}${WEB_MINI_APP_PREFIX}`;
  return [
    "default-src 'none'", `script-src ${apps}`, `style-src ${apps}`, `img-src ${apps} data:`,
    `connect-src ${apps}`, "base-uri 'none'", "form-action 'none'", `frame-ancestors ${origin}`,
  ].join('; ');
}

/** The app's frame-src: only the registered mini apps' path on this origin (CSP matches a path ending in '/' as a prefix). */
export const miniAppFrameSources = (origin: string) => `${origin}${WEB_MINI_APP_PREFIX}`;

function cors(reply: FastifyReply): FastifyReply {
  return reply.header('access-control-allow-origin', '*').header('access-control-allow-headers', 'content-type').header('access-control-allow-methods', 'GET, POST');
}

export function registerDemoMiniApps(app: FastifyInstance, deps: { db: Db; now: () => number; origin: (request: FastifyRequest) => string }): void {
  const sendFile = (request: FastifyRequest, reply: FastifyReply, dir: string, file: string) => {
    if (!FILE.test(file)) return reply.code(404).send(errorBody(404, 'Not found'));
    const path = join(DEMO_DIR, dir, file);
    if (!existsSync(path)) return reply.code(404).send(errorBody(404, 'Not found'));
    return reply
      .header('content-security-policy', miniAppPagePolicy(deps.origin(request)))
      .header('x-frame-options', 'SAMEORIGIN')
      .header('cache-control', 'no-cache')
      .type(TYPES[extname(file)] ?? 'application/octet-stream')
      .send(readFileSync(path));
  };

  app.get(`${WEB_MINI_APP_PREFIX}bridge.js`, (request, reply) => sendFile(request, reply, '', 'bridge.js'));
  app.get(`${WEB_MINI_APP_PREFIX}style.css`, (request, reply) => sendFile(request, reply, '', 'style.css'));
  app.get<{ Params: { slug: string; file: string } }>(`${WEB_MINI_APP_PREFIX}:slug/:file`, (request, reply) => {
    if (!webAppBySlug(request.params.slug)) return reply.code(404).send(errorBody(404, 'No such mini app'));
    return sendFile(request, reply, request.params.slug, request.params.file);
  });
  app.get<{ Params: { slug: string } }>(`${WEB_MINI_APP_PREFIX}:slug/`, (request, reply) => {
    if (!webAppBySlug(request.params.slug)) return reply.code(404).send(errorBody(404, 'No such mini app'));
    return sendFile(request, reply, request.params.slug, 'index.html');
  });

  // ---------- the demo backends ----------

  app.options<{ Params: { slug: string; name: string } }>(`${WEB_MINI_APP_PREFIX}:slug/api/:name`, (_request, reply) => cors(reply).code(204).send());

  const signInBody = z.object({ grant_token: z.string().min(1).max(200) }).strict();
  app.post<{ Params: { slug: string } }>(`${WEB_MINI_APP_PREFIX}:slug/api/sign-in`, async (request, reply) => {
    cors(reply);
    const demo = webAppBySlug(request.params.slug);
    if (!demo) return reply.code(404).send(errorBody(404, 'No such mini app'));
    const parsed = signInBody.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send(errorBody(400, 'grant_token is required'));
    try {
      const who = await exchangeGrant(deps.db, { mini_app_uuid: demo.mini_app_uuid, grant_token: parsed.data.grant_token, client_secret: await demoSecret(deps.db, demo.slug) }, deps.now());
      // The mini app sees its own pairwise id for the user and the name; it never sees the session.
      return { sub: who.sub, name: who.name };
    } catch (error) {
      if (error instanceof HttpError) return reply.code(error.statusCode).send(error.toBody());
      throw error;
    }
  });

  app.get<{ Querystring: { q?: string; lang?: string } }>(`${WEB_MINI_APP_PREFIX}mandi-prices/api/prices`, async (request, reply) => {
    cors(reply);
    const q = typeof request.query.q === 'string' ? request.query.q.slice(0, 60) : '';
    const lang = typeof request.query.lang === 'string' ? request.query.lang : 'en';
    return { prices: searchPrices(q, lang) };
  });
}
