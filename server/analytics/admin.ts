// /admin/analytics: a small page of charts (uPlot) over the first-party analytics store, behind
// the admin key of the environment (ANALYTICS_ADMIN_KEY) asked as HTTP Basic authentication (any
// user name, the key as the password), so the browser asks for it and sends it with the page's
// own data request. Without a configured key nothing here is served (404). The page lives under
// the server's strict CSP like the app: scripts and styles are files of this origin, no inline
// script or style, and uPlot sets its styles through the CSSOM.
import { createHash, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context';
import { readStats } from './stats';

const here = fileURLToPath(new URL('./admin-page/', import.meta.url));
const uplotDir = join(createRequire(import.meta.url).resolve('uplot/package.json'), '..', 'dist');

const FILES: Readonly<Record<string, { file: string; type: string }>> = {
  '': { file: join(here, 'index.html'), type: 'text/html; charset=utf-8' },
  '/app.js': { file: join(here, 'app.js'), type: 'text/javascript; charset=utf-8' },
  '/app.css': { file: join(here, 'app.css'), type: 'text/css; charset=utf-8' },
  '/uplot.js': { file: join(uplotDir, 'uPlot.iife.min.js'), type: 'text/javascript; charset=utf-8' },
  '/uplot.css': { file: join(uplotDir, 'uPlot.min.css'), type: 'text/css; charset=utf-8' },
};

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the request carries `Authorization: Basic` with the key as its password (compared in constant time). */
export function hasAdminKey(request: FastifyRequest, key: string): boolean {
  const header = request.headers.authorization;
  if (typeof header !== 'string' || !header.startsWith('Basic ')) return false;
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return false;
  return timingSafeEqual(digest(decoded.slice(colon + 1)), digest(key));
}

function refuse(reply: FastifyReply): FastifyReply {
  return reply.code(401).header('www-authenticate', 'Basic realm="Saathi analytics", charset="UTF-8"').header('cache-control', 'no-store')
    .type('text/plain; charset=utf-8').send('The analytics page needs the admin key (as the password).');
}

export function registerAnalyticsAdmin(app: FastifyInstance, ctx: Pick<ServerContext, 'db' | 'now'>, adminKey: string | undefined): void {
  if (adminKey === undefined) return;
  const files = new Map(Object.entries(FILES).map(([path, f]) => [path, { body: readFileSync(f.file), type: f.type }]));
  app.get('/admin/analytics/data', async (request, reply) => {
    if (!hasAdminKey(request, adminKey)) return refuse(reply);
    return reply.header('cache-control', 'no-store').send(await readStats(ctx.db, ctx.now()));
  });
  for (const [path, file] of files) {
    app.get(`/admin/analytics${path}`, async (request, reply) => {
      if (!hasAdminKey(request, adminKey)) return refuse(reply);
      return reply.header('cache-control', 'no-store').type(file.type).send(file.body);
    });
  }
}
