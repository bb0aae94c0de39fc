// GET /healthz: what a load balancer or orchestrator asks before sending a process traffic.
// 200 {"ok":true} when the database answers; 503 when it does not (within 2 s) and while the
// process is draining (Fastify answers every request 503 once close() has begun).
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/db';
import { errorBody } from '../http/errors';

const DB_CHECK_MS = 2_000;

export function registerHealth(app: FastifyInstance, db: Db): void {
  app.get('/healthz', async (request, reply) => {
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
