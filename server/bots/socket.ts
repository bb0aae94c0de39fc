// The live connection: GET /api/socket upgraded to a WebSocket (@fastify/websocket), on the
// server's own port. Authenticated on upgrade by a ticket from /bot/get-socket-url (single use,
// 60 s) or, for clients that can send headers, the mobile and session-id headers. A browser's
// Origin must be the server's own (or one configured): others are refused (403) so another
// site cannot open a socket with the user's ticket. Frames are JSON { action, body }.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket as FastifyWebSocket } from '@fastify/websocket';
import type { RawData } from 'ws';
import { socketFrameInSchema } from '../../src/api/contract';
import type { SocketFrameOut } from '../../src/api/messages';
import { API_BASE } from '../../src/api/headers';
import { hashToken, newToken } from '../accounts/tokens';
import type { Db } from '../db/db';
import type { Authenticate } from '../http/define-route';
import { parseInput } from '../http/define-route';
import { errorBody, HttpError, otherBot, tooManyRequests, unauthorised } from '../http/errors';
import type { FloodGuard } from '../http/flood-guard';
import { FrameFlow, TOO_FAST } from './frame-flow';
import { refuseSocket, sendFrame, type SocketHub } from './hub';
import type { BotRuntime } from './runtime';

export const SOCKET_PATH = `${API_BASE}/socket`;
export const TICKET_TTL_MS = 60_000;
const MAX_FRAME_BYTES = 64 * 1024;
const TICKET = /^[0-9a-f]{32}$/;

export interface SocketDeps {
  db: Db;
  now: () => number;
  hub: SocketHub;
  runtime: BotRuntime;
  authenticate: Authenticate;
  /** Flood limits: the socket's frame bucket and backlog; the user's sends (through runtime). */
  guard: FloodGuard;
  /** Origins allowed besides the server's own (e.g. a dev server that proxies). */
  allowedOrigins?: readonly string[] | undefined;
  /** The server's own origin as the browser sees it (http/public-origin.ts): configuration, not the Host header. */
  ownOrigin: (request: FastifyRequest) => string;
}

/** standaloneBot: a standalone web session's one bot; its frames may name no other (403). */
interface SocketUser { userUuid: string; sessionHash: string; standaloneBot: string | null }

/** A new ticket for the session; answers the ws(s) URL that carries it. */
export async function createSocketUrl(db: Db, origin: string, user: Pick<SocketUser, 'userUuid' | 'sessionHash'>, now: number): Promise<{ socket_url: string; expires_at: number }> {
  const ticket = newToken();
  const expiresAt = now + TICKET_TTL_MS;
  await db.query(
    'INSERT INTO socket_tickets (ticket_hash, session_hash, user_uuid, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)',
    [hashToken(ticket), user.sessionHash, user.userUuid, now, expiresAt],
  );
  return { socket_url: `${origin}${SOCKET_PATH}?ticket=${ticket}`, expires_at: expiresAt };
}

async function sessionIsLive(db: Db, sessionHash: string, now: number): Promise<boolean> {
  return (await liveSession(db, sessionHash, now)) !== null;
}

/** The session's bot (a standalone web session's; null for any other) while it is live, else null. */
async function liveSession(db: Db, sessionHash: string, now: number): Promise<{ bot: string | null } | null> {
  const rows = await db.query<{ ok: boolean; bot_uuid: string | null; device_id: string | null }>(
    'SELECT (ended_at IS NULL AND expires_at > $2) AS ok, bot_uuid, device_id FROM sessions WHERE id_hash = $1',
    [sessionHash, now],
  );
  const row = rows[0];
  if (row?.ok !== true) return null;
  return { bot: row.device_id !== null ? row.bot_uuid : null };
}

function frameText(data: RawData): string {
  return Array.isArray(data) ? Buffer.concat(data).toString('utf8') : Buffer.from(data as ArrayBuffer).toString('utf8');
}

export async function registerSocket(app: FastifyInstance, deps: SocketDeps): Promise<void> {
  const { db, now, hub, runtime, guard } = deps;
  const users = new WeakMap<FastifyRequest, SocketUser>();

  // An upgrade on any other path is a 404 before any handler runs: @fastify/websocket would
  // otherwise accept it on every GET route and then close it, a socket no client asked for.
  app.addHook('onRequest', async (request, reply) => {
    if (request.ws && request.routeOptions.url !== SOCKET_PATH) {
      return reply.code(404).send(errorBody(404, `WebSockets open on ${SOCKET_PATH} only`));
    }
  });

  async function authenticateUpgrade(request: FastifyRequest): Promise<SocketUser> {
    const origin = request.headers.origin;
    if (origin !== undefined) {
      const own = deps.ownOrigin(request);
      if (origin !== own && !(deps.allowedOrigins ?? []).includes(origin)) throw new HttpError(403, `Origin ${origin} may not open a socket here`);
    }
    const ticket = (request.query as Record<string, unknown>).ticket;
    if (ticket !== undefined) {
      if (typeof ticket !== 'string' || !TICKET.test(ticket)) throw unauthorised('User Unauthorised');
      const rows = await db.query<{ session_hash: string; user_uuid: string }>(
        `UPDATE socket_tickets SET used_at = $2 WHERE ticket_hash = $1 AND used_at IS NULL AND expires_at > $2
         RETURNING session_hash, user_uuid`,
        [hashToken(ticket), now()],
      );
      const row = rows[0];
      const live = row ? await liveSession(db, row.session_hash, now()) : null;
      if (!row || !live) throw unauthorised('User Unauthorised');
      return { userUuid: row.user_uuid, sessionHash: row.session_hash, standaloneBot: live.bot };
    }
    try {
      const user = await deps.authenticate(request);
      return { userUuid: user.userUuid, sessionHash: user.sessionHash, standaloneBot: user.standaloneBot ?? null };
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 401) throw unauthorised('User Unauthorised');
      throw error;
    }
  }

  app.route({
    method: 'GET',
    url: SOCKET_PATH,
    preValidation: async (request) => {
      users.set(request, await authenticateUpgrade(request));
    },
    handler: async (_request, reply) => reply.code(426).header('upgrade', 'websocket').send({ statusCode: 426, error: 'Upgrade Required', message: 'Open this path as a WebSocket' }),
    wsHandler: (socket: FastifyWebSocket, request: FastifyRequest) => {
      const user = users.get(request);
      if (!user) {
        refuseSocket(socket);
        return;
      }
      const send = (frame: SocketFrameOut) => {
        sendFrame(socket, JSON.stringify(frame), hub.limits.socketSendBuffer);
      };
      const fail = (statusCode: number, message: string, clientMessageId?: string) =>
        send({ action: 'error', body: { statusCode, message, ...(clientMessageId ? { client_message_id: clientMessageId } : {}) } });

      async function handle(text: string, isBinary: boolean): Promise<void> {
        if (!(await hub.isLive(user!.sessionHash))) {
          refuseSocket(socket);
          return;
        }
        if (isBinary) return fail(400, 'Frames must be JSON text');
        let raw: unknown;
        try {
          raw = JSON.parse(text);
        } catch {
          return fail(400, 'Frame is not valid JSON');
        }
        let clientMessageId: string | undefined;
        try {
          const frame = await parseInput(socketFrameInSchema, raw);
          if (frame.action === 'ping') return send({ action: 'pong', body: {} });
          clientMessageId = frame.body.message.client_message_id;
          if (flow.refusingSends()) throw tooManyRequests(TOO_FAST, 1);
          if (user!.standaloneBot !== null && frame.body.bot_uuid !== user!.standaloneBot) throw otherBot();
          await runtime.receive(user!.userUuid, frame.body.bot_uuid, [frame.body.message]);
        } catch (error) {
          if (error instanceof HttpError) {
            if (error.statusCode === 429) flow.refuseSends();
            return fail(error.statusCode, error.message, clientMessageId);
          }
          request.log.error({ err: error }, 'socket frame failed');
          return fail(500, 'Something went wrong on our side', clientMessageId);
        }
      }

      const unregister = hub.add(user.userUuid, socket, user.sessionHash);
      // A logout between the upgrade's check and hub.add closed the session's sockets before this
      // one was listed: check once more now that it is, and refuse it if the session has ended.
      void sessionIsLive(db, user.sessionHash, now()).then(
        (live) => { if (!live) refuseSocket(socket); },
        (err: unknown) => request.log.error({ err }, 'socket session check failed'),
      );
      // Frames of one socket are handled in order, one at a time (an outbox flush keeps its
      // order), from a bounded backlog: past it the socket is paused (frame-flow.ts).
      const flow = new FrameFlow({
        socket,
        frames: guard.socketFrames(),
        backlog: guard.limits.socketBacklog,
        refusalsToClose: guard.limits.socketRefusalsToClose,
        handle,
        refuse: (clientMessageId) => fail(429, TOO_FAST, clientMessageId),
        onError: (err) => request.log.error({ err }, 'socket frame failed'),
      });
      socket.on('message', (data, isBinary) => flow.push(frameText(data), isBinary));
      socket.on('close', () => {
        unregister();
        flow.close();
      });
      socket.on('error', (err) => request.log.warn({ err }, 'socket error'));
    },
  });
}

export const SOCKET_MAX_PAYLOAD = MAX_FRAME_BYTES;
