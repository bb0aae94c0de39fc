// The built app (dist/) on '/', with the single-page-app fallback: a GET for an unknown path
// that asks for HTML gets index.html, so deep links (/chat, /settings ...) load the app.
// Hashed build assets are cached for a year; everything else is revalidated on each load so a
// new index.html or service worker is seen at once. Each file goes out Brotli- or gzip-compressed
// when the client takes it, from the copies the build made (scripts/precompress.ts).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const NOT_BUILT_TEXT = 'The app is not built yet. Run `npm run build` (or `npm start`, which builds first), then reload this page.\n';

export interface StaticSite {
  /** Answers an unknown non-API GET: index.html when the client wants HTML, else undefined. */
  fallback(request: FastifyRequest, reply: FastifyReply): FastifyReply | undefined;
  /** CSP hashes ('sha256-…') of index.html's inline <style> elements (the boot screen), for style-src. */
  inlineStyleHashes: readonly string[];
}

export interface StaticOptions {
  /** Serve the build's *.map files (security.serveSourceMaps); otherwise they are 404. */
  serveSourceMaps: boolean;
}

/** The hash of each inline <style> element, exactly as CSP computes it (over the element's text). */
export function inlineStyleHashes(html: string): string[] {
  return [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/gi)].map((m) => `sha256-${createHash('sha256').update(m[1] ?? '', 'utf8').digest('base64')}`);
}

export function wantsHtml(request: FastifyRequest): boolean {
  return (request.method === 'GET' || request.method === 'HEAD') && (request.headers.accept ?? '').includes('text/html');
}

export async function registerStatic(app: FastifyInstance, staticDir: string, opts: StaticOptions): Promise<StaticSite> {
  const built = existsSync(join(staticDir, 'index.html'));
  if (!built) {
    app.get('/', async (_request, reply) => reply.type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(NOT_BUILT_TEXT));
    return {
      fallback: (request, reply) => (wantsHtml(request) ? reply.code(200).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(NOT_BUILT_TEXT) : undefined),
      inlineStyleHashes: [],
    };
  }
  // Source maps publish the source; in production only when asked (SERVE_SOURCE_MAPS). Refused
  // before the static plugin, so its per-file path checks (allowedPath) stay off every other file.
  if (!opts.serveSourceMaps) {
    app.addHook('onRequest', async (request, reply) => {
      if ((request.url.split('?')[0] ?? '').endsWith('.map')) return reply.callNotFound();
    });
  }
  await app.register(fastifyStatic, {
    root: staticDir,
    wildcard: true,
    cacheControl: false,
    // the .br and .gz copies made at build time (scripts/precompress.ts), by Accept-Encoding
    preCompressed: true,
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
    inlineStyleHashes: inlineStyleHashes(readFileSync(join(staticDir, 'index.html'), 'utf8')),
  };
}
