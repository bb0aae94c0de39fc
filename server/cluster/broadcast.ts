// The seam between the socket hub and the other server processes (issue 19, cluster mode).
// A process delivers a frame to its own sockets itself (bots/hub.ts); what the other processes
// must also do (deliver a user's frame to their sockets, close ended sessions' sockets and forget
// their liveness) goes through a Broadcast. One process (the default, PGlite or PostgreSQL with
// no REDIS_URL): LocalBroadcast, which does nothing and costs nothing, so the single-process path
// stays as it was. Several: RedisBroadcast (redis-broadcast.ts) over Redis pub/sub.
import type { SocketFrameOut } from '../../src/api/messages';

/** What one process asks every other process to do. */
export type ClusterEvent =
  | { kind: 'frame'; user: string; frame: SocketFrameOut }
  /** sessions ended (logout): their sockets are refused and their cached liveness forgotten */
  | { kind: 'end-sessions'; hashes: string[] }
  /** a user's every session ended (deleted profile) */
  | { kind: 'end-user'; user: string };

export interface Broadcast {
  /** true when other processes may exist (publish and presence cost a round trip to Redis) */
  readonly clustered: boolean;
  /** Sends the event to every other process (never back to this one). */
  publish(event: ClusterEvent): Promise<void>;
  /** Called with each event another process published. */
  onEvent(handler: (event: ClusterEvent) => void): void;
  /** This process now holds `count` open sockets of the user (0: none). */
  setLocalSockets(user: string, count: number): void;
  /** Open sockets of the user on the other live processes. */
  remoteSockets(user: string): Promise<number>;
  close(): Promise<void>;
}

/** One process: nobody else to tell. */
export class LocalBroadcast implements Broadcast {
  readonly clustered = false;
  async publish(): Promise<void> {}
  onEvent(): void {}
  setLocalSockets(): void {}
  async remoteSockets(): Promise<number> {
    return 0;
  }
  async close(): Promise<void> {}
}
