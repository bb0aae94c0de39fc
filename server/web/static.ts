// The built app (dist/) on '/', with the single-page-app fallback: a GET for an unknown path
// that asks for HTML gets index.html, so deep links (/chat, /settings ...) load the app.
// Hashed build assets are cached for a year; everything else is revalidated on each load so a
// new index.html or service worker is seen at once.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const NOT_BUILT_TEXT = 'The app is not built yet. Run `npm run build` (or `npm start`, which builds first), then reload this page.\n';

export interface StaticSite {
  /** Answers an unknown non-API GET: index.html when the client wants HTML, else undefined. */
  fallback(request: FastifyRequest, reply: FastifyReply): FastifyReply | undefined;
}

export function wantsHtml(request: FastifyRequest): boolean {
  return (request.method === 'GET' || request.method === 'HEAD') && (request.headers.accept ?? '').includes('text/html');
}

export async function registerStatic(app: FastifyInstance, staticDir: string): Promise<StaticSite> {
  const built = existsSync(join(staticDir, 'index.html'));
  if (!built) {
    app.get('/', async (_request, reply) => reply.type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(NOT_BUILT_TEXT));
    return {
      fallback: (request, reply) => (wantsHtml(request) ? reply.code(200).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(NOT_BUILT_TEXT) : undefined),
    };
  }
  await app.register(fastifyStatic, {
    root: staticDir,
    wildcard: true,
    cacheControl: false,
    setHeaders: (reply, path) => {
      const immutable = /[\\/]assets[\\/]/.test(path);
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return {
    fallback: (request, reply) => {
      if (!wantsHtml(request)) return undefined;
      return reply.code(200).header('cache-control', 'no-cache').sendFile('index.html');
    },
  };
}
