// The incoming frames of one socket (issue 21: bounded work per socket). Frames are handled in
// order, one at a time, from a backlog of at most `backlog` frames; when it is full the socket
// is paused (the kernel's buffer fills and the sender's writes wait), and it resumes once half
// of it is done. Frames past the socket's rate (its token bucket), and frames already read
// while the backlog is full, are refused at once with an `error` frame 429 (a send's carries its
// client_message_id, so the app's outbox backs that message off and sends it again).
// After a send is refused, every send of the next REFUSAL_HOLD_MS is refused too, even when a
// token came back meanwhile: the app sends a window of frames at once, and storing a later one
// of the window while an earlier one was refused would change the order of its messages.
// A socket that goes on sending after `refusalsToClose` refusals in a row is flooding (the app
// stops at its window of 100 and waits): it is closed (FLOOD_CLOSE) and no longer read, so the
// rest of its frames cost nothing.
import type { WebSocket } from 'ws';
import { monotonicNow, type MonotonicClock, type TokenBucket } from '../http/token-bucket';

export const TOO_FAST = 'Too many messages: slow down and try again';
export const REFUSAL_HOLD_MS = 1000;
/** Close code of a socket that kept sending past its refusals (1008: policy violation). */
export const FLOOD_CLOSE = 1008;
const CLOSE_GRACE_MS = 1000;

export interface FrameFlowDeps {
  socket: Pick<WebSocket, 'pause' | 'resume' | 'close' | 'terminate'>;
  /** The socket's frame bucket: one token per frame, whatever it is. */
  frames: TokenBucket;
  /** Largest number of frames waiting to be handled. */
  backlog: number;
  /** Refusals in a row after which the socket is closed. */
  refusalsToClose: number;
  handle(text: string, isBinary: boolean): Promise<void>;
  /** Answers a refused frame (an error frame 429; clientMessageId when it was a send). */
  refuse(clientMessageId: string | undefined): void;
  onError(err: unknown): void;
  clock?: MonotonicClock;
}

/** For a send-message frame, its client_message_id (or undefined if it has none); null for any other frame. */
function sendOf(text: string): { clientMessageId: string | undefined } | null {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof raw !== 'object' || raw === null) return null;
  const { action, body } = raw as { action?: unknown; body?: { message?: { client_message_id?: unknown } } };
  if (action !== 'send-message' && action !== 'web-send-message') return null;
  const id = body?.message?.client_message_id;
  return { clientMessageId: typeof id === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(id) ? id : undefined };
}

export class FrameFlow {
  private readonly queue: { text: string; isBinary: boolean }[] = [];
  private running = false;
  private paused = false;
  private closed = false;
  private refuseUntil = -Infinity;
  private refusedInARow = 0;
  private readonly clock: MonotonicClock;

  constructor(private readonly deps: FrameFlowDeps) {
    this.clock = deps.clock ?? monotonicNow;
  }

  /** Whether sends are being refused (a send was refused less than REFUSAL_HOLD_MS ago). */
  refusingSends(): boolean {
    return this.clock() < this.refuseUntil;
  }

  /** A send was refused: refuse the next ones for REFUSAL_HOLD_MS. */
  refuseSends(): void {
    this.refuseUntil = this.clock() + REFUSAL_HOLD_MS;
  }

  /** Frames waiting (not counting the one being handled). */
  get waiting(): number {
    return this.queue.length;
  }

  push(text: string, isBinary: boolean): void {
    if (this.closed) return;
    const overRate = !this.deps.frames.take();
    const full = this.queue.length >= this.deps.backlog;
    if (overRate || full || this.refusingSends()) {
      // parsed only to name the refused message; a frame is at most 64 KiB
      const send = isBinary ? null : sendOf(text);
      if (overRate || full || send) {
        if (send) this.refuseSends();
        this.deps.refuse(send?.clientMessageId);
        if (++this.refusedInARow >= this.deps.refusalsToClose) this.closeFlooding();
        return;
      }
    }
    this.refusedInARow = 0;
    this.queue.push({ text, isBinary });
    if (this.queue.length >= this.deps.backlog && !this.paused) {
      this.paused = true;
      this.deps.socket.pause();
    }
    void this.pump();
  }

  private closeFlooding(): void {
    this.close();
    const socket = this.deps.socket;
    socket.close(FLOOD_CLOSE, 'Too many frames');
    // nothing more it sends is read, not even its answer to the close: the connection is dropped
    // once the close frame has had a moment to go out
    socket.pause();
    setTimeout(() => socket.terminate(), CLOSE_GRACE_MS).unref();
  }

  /** The socket closed: what is still waiting is dropped (the app sends it again on its next socket). */
  close(): void {
    this.closed = true;
    this.queue.length = 0;
  }

  private async pump(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      for (let next = this.queue.shift(); next; next = this.queue.shift()) {
        try {
          await this.deps.handle(next.text, next.isBinary);
        } catch (err) {
          this.deps.onError(err);
        }
        if (this.paused && this.queue.length <= this.deps.backlog / 2) {
          this.paused = false;
          if (!this.closed) this.deps.socket.resume();
        }
      }
    } finally {
      this.running = false;
    }
  }
}
