// The live sockets of each user: frames for a user go to every socket they have open.
import type { WebSocket } from 'ws';
import type { SocketFrameOut } from '../../src/api/messages';

export class SocketHub {
  private readonly byUser = new Map<string, Set<WebSocket>>();

  add(userUuid: string, socket: WebSocket): void {
    const set = this.byUser.get(userUuid) ?? new Set<WebSocket>();
    set.add(socket);
    this.byUser.set(userUuid, set);
  }

  remove(userUuid: string, socket: WebSocket): void {
    const set = this.byUser.get(userUuid);
    if (!set) return;
    set.delete(socket);
    if (set.size === 0) this.byUser.delete(userUuid);
  }

  /** Sends the frame to every open socket of the user; answers how many got it. */
  send(userUuid: string, frame: SocketFrameOut): number {
    const text = JSON.stringify(frame);
    let sent = 0;
    for (const socket of this.byUser.get(userUuid) ?? []) {
      if (socket.readyState === socket.OPEN) {
        socket.send(text);
        sent++;
      }
    }
    return sent;
  }

  count(userUuid: string): number {
    return this.byUser.get(userUuid)?.size ?? 0;
  }
}
