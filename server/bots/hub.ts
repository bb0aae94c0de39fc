// The live sockets of each user: frames for a user go to every socket they have open whose
// session is still live. A socket whose session has ended (logout, expiry, deleted profile)
// gets 'User Unauthorised' and is closed instead, so it never sees another frame. Logout and
// a deleted profile also close their sockets at once (closeSessions, closeUser).
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { SocketFrameOut } from '../../src/api/messages';
import type { Db } from '../db/db';

export const UNAUTHORISED_CLOSE = 4001;

interface Entry { socket: WebSocket; sessionHash: string }

export function refuseSocket(socket: WebSocket): void {
  if (socket.readyState !== socket.OPEN) return;
  const frame: SocketFrameOut = { action: 'error', body: { statusCode: 401, message: 'User Unauthorised' } };
  socket.send(JSON.stringify(frame));
  socket.close(UNAUTHORISED_CLOSE, 'User Unauthorised');
}

export class SocketHub {
  private readonly byUser = new Map<string, Set<Entry>>();

  constructor(private readonly db: Db, private readonly now: () => number, private readonly log: FastifyBaseLogger) {}

  /** Registers an open socket; answers the function that unregisters it. */
  add(userUuid: string, socket: WebSocket, sessionHash: string): () => void {
    const entry: Entry = { socket, sessionHash };
    const set = this.byUser.get(userUuid) ?? new Set<Entry>();
    set.add(entry);
    this.byUser.set(userUuid, set);
    return () => {
      set.delete(entry);
      if (set.size === 0 && this.byUser.get(userUuid) === set) this.byUser.delete(userUuid);
    };
  }

  /** Sends the frame to every open socket of the user with a live session; answers how many got it. */
  async send(userUuid: string, frame: SocketFrameOut): Promise<number> {
    const entries = [...(this.byUser.get(userUuid) ?? [])].filter((e) => e.socket.readyState === e.socket.OPEN);
    if (entries.length === 0) return 0;
    let live: Set<string>;
    try {
      const rows = await this.db.query<{ id_hash: string }>(
        'SELECT id_hash FROM sessions WHERE id_hash = ANY($1::text[]) AND ended_at IS NULL AND expires_at > $2',
        [[...new Set(entries.map((e) => e.sessionHash))], this.now()],
      );
      live = new Set(rows.map((r) => r.id_hash));
    } catch (err) {
      // The message is stored: the client gets it on its next page. Never fail the sender for this.
      this.log.error({ err }, 'socket push failed');
      return 0;
    }
    const text = JSON.stringify(frame);
    let sent = 0;
    for (const { socket, sessionHash } of entries) {
      if (!live.has(sessionHash)) {
        refuseSocket(socket);
        continue;
      }
      if (socket.readyState === socket.OPEN) {
        socket.send(text);
        sent++;
      }
    }
    return sent;
  }

  /**
   * Refuses and closes at once every open socket of these sessions ('User Unauthorised', 4001),
   * without waiting for their next frame. Called once the sessions have ended (logout).
   * Answers how many sockets were closed.
   */
  closeSessions(sessionHashes: readonly string[]): number {
    const ended = new Set(sessionHashes);
    let closed = 0;
    for (const set of this.byUser.values()) {
      for (const { socket, sessionHash } of [...set]) {
        if (!ended.has(sessionHash) || socket.readyState !== socket.OPEN) continue;
        refuseSocket(socket);
        closed++;
      }
    }
    return closed;
  }

  closeSession(sessionHash: string): number {
    return this.closeSessions([sessionHash]);
  }

  /** Refuses and closes every open socket of the user (a deleted profile). */
  closeUser(userUuid: string): number {
    let closed = 0;
    for (const { socket } of [...(this.byUser.get(userUuid) ?? [])]) {
      if (socket.readyState !== socket.OPEN) continue;
      refuseSocket(socket);
      closed++;
    }
    return closed;
  }

  count(userUuid: string): number {
    return this.byUser.get(userUuid)?.size ?? 0;
  }

  total(): number {
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }
}
