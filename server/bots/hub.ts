// The live sockets of each user: frames for a user go to every socket they have open whose
// session is still live. A socket whose session has ended (logout, expiry, deleted profile)
// gets 'User Unauthorised' and is closed instead, so it never sees another frame. Logout and
// a deleted profile also close their sockets at once (closeSessions, closeUser).
// Flood limits (issue 21, server/config/flood-limits.ts): a user keeps at most socketsPerUser
// sockets (a new one closes the oldest, REPLACED_CLOSE), and a socket whose unsent frames pass
// socketSendBuffer bytes (a client that does not read) is dropped at once (sendFrame): its
// client reconnects and catches up by paging, and the server's memory stays bounded.
// Cluster mode (issue 19): the hub delivers to this process's sockets and tells the other
// processes through its Broadcast (cluster/broadcast.ts) to do the same with theirs: frames,
// ended sessions and deleted users reach every process. The default Broadcast does nothing.
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { SocketFrameOut } from '../../src/api/messages';
import type { Db } from '../db/db';
import { LocalBroadcast, type Broadcast, type ClusterEvent } from '../cluster/broadcast';

export const UNAUTHORISED_CLOSE = 4001;
/** Close code of a user's oldest socket when they open one more than socketsPerUser. */
export const REPLACED_CLOSE = 4002;

export interface HubLimits {
  socketsPerUser: number;
  socketSendBuffer: number;
}

/**
 * Sends a frame unless the socket already holds more than maxBuffered bytes it could not send:
 * then the socket is dropped without a closing handshake (a close frame would wait behind the
 * same unread bytes), its buffer is freed, and its client sees an abnormal close (1006), asks for
 * a new address and pages for what it missed. Answers whether the frame went out.
 */
export function sendFrame(socket: WebSocket, text: string, maxBuffered: number): boolean {
  if (socket.readyState !== socket.OPEN) return false;
  if (socket.bufferedAmount + Buffer.byteLength(text) > maxBuffered) {
    socket.terminate();
    return false;
  }
  socket.send(text);
  return true;
}

interface Entry { socket: WebSocket; sessionHash: string }

export function refuseSocket(socket: WebSocket): void {
  if (socket.readyState !== socket.OPEN) return;
  const frame: SocketFrameOut = { action: 'error', body: { statusCode: 401, message: 'User Unauthorised' } };
  socket.send(JSON.stringify(frame));
  socket.close(UNAUTHORISED_CLOSE, 'User Unauthorised');
}

/**
 * How long a session found live is trusted without asking the database again. Ending a session
 * (logout, deleted profile) closes its sockets at once (closeSessions, closeUser) and forgets it
 * here, so this bounds only how late an expiry is noticed; it saves two queries per frame (a
 * flush of 1,000 sends is 3,000 frames).
 */
export const LIVENESS_TRUST_MS = 10_000;

export class SocketHub {
  private readonly byUser = new Map<string, Set<Entry>>();
  /** session hash → until when it is known live */
  private readonly liveUntil = new Map<string, number>();

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    private readonly log: FastifyBaseLogger,
    readonly limits: HubLimits = { socketsPerUser: Infinity, socketSendBuffer: Infinity },
    private readonly cluster: Broadcast = new LocalBroadcast(),
  ) {
    cluster.onEvent((event) => this.applyRemote(event));
  }

  /** Another process's event, applied to this process's sockets only. */
  private applyRemote(event: ClusterEvent): void {
    if (event.kind === 'frame') {
      this.deliverLocal(event.user, event.frame).catch((err: unknown) => this.log.error({ err }, 'socket push failed'));
    } else if (event.kind === 'end-sessions') this.closeLocalSessions(event.hashes);
    else this.closeLocalUser(event.user);
  }

  private tell(event: ClusterEvent): Promise<void> {
    if (!this.cluster.clustered) return Promise.resolve();
    // the message is stored whatever happens here: a missed frame is paged for on reconnect
    return this.cluster.publish(event).catch((err: unknown) => this.log.error({ err, kind: event.kind }, 'cluster publish failed'));
  }

  /** Registers an open socket, closing the user's oldest past socketsPerUser; answers the function that unregisters it. */
  add(userUuid: string, socket: WebSocket, sessionHash: string): () => void {
    const entry: Entry = { socket, sessionHash };
    const set = this.byUser.get(userUuid) ?? new Set<Entry>();
    // a Set keeps insertion order: the first entries are the oldest
    for (const old of [...set].slice(0, Math.max(0, set.size - this.limits.socketsPerUser + 1))) {
      set.delete(old);
      if (old.socket.readyState === old.socket.OPEN) old.socket.close(REPLACED_CLOSE, 'Replaced by a newer connection');
    }
    set.add(entry);
    this.byUser.set(userUuid, set);
    if (this.cluster.clustered) this.cluster.setLocalSockets(userUuid, set.size);
    return () => {
      if (!set.delete(entry)) return;
      if (set.size === 0 && this.byUser.get(userUuid) === set) this.byUser.delete(userUuid);
      if (this.cluster.clustered) this.cluster.setLocalSockets(userUuid, set.size);
    };
  }

  /**
   * Sends the frame to every open socket of the user with a live session, on every process;
   * answers how many got it (on other processes: how many are open there).
   */
  async send(userUuid: string, frame: SocketFrameOut): Promise<number> {
    if (!this.cluster.clustered) return this.deliverLocal(userUuid, frame);
    const [local, remote] = await Promise.all([
      this.deliverLocal(userUuid, frame),
      this.tell({ kind: 'frame', user: userUuid, frame }).then(() => this.cluster.remoteSockets(userUuid)).catch((err: unknown) => {
        this.log.warn({ err }, 'cluster socket presence unknown');
        return 0;
      }),
    ]);
    return local + remote;
  }

  /** Sends the frame to this process's open sockets of the user with a live session. */
  private async deliverLocal(userUuid: string, frame: SocketFrameOut): Promise<number> {
    const entries = [...(this.byUser.get(userUuid) ?? [])].filter((e) => e.socket.readyState === e.socket.OPEN);
    if (entries.length === 0) return 0;
    let live: Set<string>;
    try {
      live = await this.liveSessions(entries.map((e) => e.sessionHash));
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
      if (sendFrame(socket, text, this.limits.socketSendBuffer)) sent++;
    }
    return sent;
  }

  /**
   * Sends the frame to every user with an open socket on this process (a new feed post: each
   * process announces to its own sockets); answers how many sockets got it.
   */
  async broadcast(frame: SocketFrameOut): Promise<number> {
    let sent = 0;
    for (const userUuid of [...this.byUser.keys()]) sent += await this.deliverLocal(userUuid, frame);
    return sent;
  }

  /** Whether the session is live (not ended, not expired), trusted for LIVENESS_TRUST_MS. */
  async isLive(sessionHash: string): Promise<boolean> {
    return (await this.liveSessions([sessionHash])).has(sessionHash);
  }

  private async liveSessions(hashes: readonly string[]): Promise<Set<string>> {
    const now = this.now();
    const live = new Set<string>();
    const unknown: string[] = [];
    for (const h of new Set(hashes)) {
      if ((this.liveUntil.get(h) ?? 0) > now) live.add(h);
      else unknown.push(h);
    }
    if (unknown.length === 0) return live;
    const rows = await this.db.query<{ id_hash: string; expires_at: number }>(
      'SELECT id_hash, expires_at FROM sessions WHERE id_hash = ANY($1::text[]) AND ended_at IS NULL AND expires_at > $2',
      [unknown, now],
    );
    for (const r of rows) {
      live.add(r.id_hash);
      this.liveUntil.set(r.id_hash, Math.min(now + LIVENESS_TRUST_MS, Number(r.expires_at)));
    }
    for (const h of unknown) if (!live.has(h)) this.liveUntil.delete(h);
    return live;
  }

  /**
   * Refuses and closes at once every open socket of these sessions ('User Unauthorised', 4001),
   * without waiting for their next frame, on every process. Called once the sessions have ended
   * (logout). Answers how many sockets of this process were closed.
   */
  closeSessions(sessionHashes: readonly string[]): number {
    void this.tell({ kind: 'end-sessions', hashes: [...sessionHashes] });
    return this.closeLocalSessions(sessionHashes);
  }

  private closeLocalSessions(sessionHashes: readonly string[]): number {
    const ended = new Set(sessionHashes);
    for (const h of ended) this.liveUntil.delete(h);
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

  /** Refuses and closes every open socket of the user on every process (a deleted profile). */
  closeUser(userUuid: string): number {
    void this.tell({ kind: 'end-user', user: userUuid });
    return this.closeLocalUser(userUuid);
  }

  private closeLocalUser(userUuid: string): number {
    let closed = 0;
    for (const { sessionHash } of this.byUser.get(userUuid) ?? []) this.liveUntil.delete(sessionHash);
    for (const { socket } of [...(this.byUser.get(userUuid) ?? [])]) {
      if (socket.readyState !== socket.OPEN) continue;
      refuseSocket(socket);
      closed++;
    }
    return closed;
  }

  /**
   * Closes every socket of this process with `code` (drain: SERVER_RESTART_CLOSE tells clients to
   * reconnect at once, to another process); answers how many were open.
   */
  closeAll(code: number, reason: string): number {
    let closed = 0;
    for (const set of this.byUser.values()) {
      for (const { socket } of set) {
        if (socket.readyState !== socket.OPEN) continue;
        socket.close(code, reason);
        closed++;
      }
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
