// GET /healthz: what a load balancer or orchestrator asks before sending a process traffic.
// 200 {"ok":true} when the database answers; 503 when it does not (within 2 s) and once close()
// has begun (`draining`; the process still answers other requests that reach it then).
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/db';
import { errorBody } from '../http/errors';

const DB_CHECK_MS = 2_000;

export function registerHealth(app: FastifyInstance, db: Db, draining: () => boolean): void {
  app.get('/healthz', async (request, reply) => {
    if (draining()) return reply.code(503).header('cache-control', 'no-store').send(errorBody(503, 'Draining: this process is stopping'));
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${DB_CHECK_MS} ms`)), DB_CHECK_MS);
    });
    try {
      await Promise.race([db.query('SELECT 1'), timeout]);
      return reply.header('cache-control', 'no-store').send({ ok: true });
    } catch (err) {
      request.log.warn({ err }, 'health check: database unreachable');
      return reply.code(503).header('cache-control', 'no-store').send(errorBody(503, 'Database unreachable'));
    } finally {
      clearTimeout(timer);
    }
  });
}
