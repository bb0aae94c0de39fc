// The live connection of spec part 1 §4, as a small state machine over an injected WebSocket.
//   -1 uninstantiated → (address requested) → 0 connecting → 1 open → 2 closing → 3 closed
// - The address comes from /bot/get-socket-url (a single-use ticket), asked for only when the
//   device is online and the user signed in. A failed request is retried every 5 s, at most
//   100 times; 'User Unauthorised' clears the address, marks the user unauthorised and stops.
// - A close with a reason, or an unclean close, asks for a new address (the same retry rules).
//   A server process that is stopping closes with SERVER_RESTART_CLOSE: a new address at once,
//   however short the connection's life (the load balancer picks a process that stays).
// - No frame within 90 s after a send: the connection is treated as delayed and reset.
// - The socket opens only if the stored client session id is still the one this connection
//   started with (another sign-in in another tab ends it).
// - Frames are checked (wire-checks.ts); a bad one is reported and the stream goes on.
import type { SocketFrameIn, SocketFrameOut } from '../api/messages';
import { SERVER_RESTART_CLOSE } from '../api/socket-close';
import { SOCKET_REPLY_TIMEOUT_MS, SOCKET_STATE, SOCKET_URL_MAX_RETRIES, SOCKET_URL_RETRY_MS } from '../domain/constants';
import { BadStatusError, INTERNAL_ERROR_TEXT } from '../domain/errors';
import type { Clock } from './http-client';
import { parseSocketFrame, type WireError } from './wire-checks';

export type SocketState = (typeof SOCKET_STATE)[keyof typeof SOCKET_STATE];

/** What the connection needs of a WebSocket: the browser's and the `ws` package's both fit. */
export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev: unknown) => void) | null;
  onclose: ((ev: { code: number; reason: string; wasClean: boolean }) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
}

export type WebSocketFactory = (url: string) => WebSocketLike;

export interface LiveConnectionDeps {
  getSocketUrl(): Promise<string>;
  createSocket: WebSocketFactory;
  clock: Clock;
  isOnline(): boolean;
  /** false when the stored client session id is no longer the one the connection started with */
  sessionMatches(): Promise<boolean>;
  onState(state: SocketState): void;
  onUnauthorised(): void;
  onOpen(): void;
  onFrame(frame: SocketFrameOut): void;
  onWireError(error: WireError): void;
  /** how many sends still wait for their echo (the reply timer runs while any do) */
  outstanding(): number;
  retryMs?: number;
  maxRetries?: number;
  replyTimeoutMs?: number;
}

/** Close code of a connection reset because no reply came (spec: "treated as delayed"). */
export const DELAYED_CLOSE = 4000;
const WS_OPEN = 1;

const isUnauthorised = (err: unknown): boolean =>
  err instanceof BadStatusError && (err.status === 401 || err.serverMessage === INTERNAL_ERROR_TEXT.userUnauthorised);

export class LiveConnection {
  private socket: WebSocketLike | null = null;
  private state: SocketState = SOCKET_STATE.uninstantiated;
  private running = false;
  private retries = 0;
  private retryTimer: unknown = null;
  private replyTimer: unknown = null;
  private connecting = false;
  private openedAt = 0;

  constructor(private readonly deps: LiveConnectionDeps) {}

  get socketState(): SocketState {
    return this.state;
  }

  isOpen(): boolean {
    return this.state === SOCKET_STATE.open && this.socket?.readyState === WS_OPEN;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.retries = 0;
    void this.connect();
  }

  /** Try now (the network came back, or a sync was asked for) unless already open or on the way. */
  nudge(): void {
    if (!this.running || this.isOpen() || this.connecting || this.state === SOCKET_STATE.connecting) return;
    this.clearRetry();
    this.retries = 0;
    void this.connect();
  }

  stop(): void {
    this.running = false;
    this.clearRetry();
    this.clearReply();
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      this.detach(socket);
      this.setState(SOCKET_STATE.closing);
      try {
        socket.close(1000, 'stopped');
      } catch {
        // already closed
      }
    }
    this.setState(SOCKET_STATE.closed);
  }

  /** Sends a frame when open (answers false otherwise: the caller keeps it queued). */
  send(frame: SocketFrameIn): boolean {
    if (!this.isOpen() || !this.socket) return false;
    this.socket.send(JSON.stringify(frame));
    if (this.replyTimer === null) this.armReply();
    return true;
  }

  private setState(state: SocketState): void {
    if (this.state === state) return;
    this.state = state;
    this.deps.onState(state);
  }

  private async connect(): Promise<void> {
    if (!this.running || this.connecting) return;
    if (!this.deps.isOnline()) {
      // nudge() on 'online' starts again; the check repeats in case that event never comes
      // (it costs no network, so it does not count as a retry)
      this.clearRetry();
      this.retryTimer = this.deps.clock.setTimeout(() => {
        this.retryTimer = null;
        void this.connect();
      }, this.deps.retryMs ?? SOCKET_URL_RETRY_MS);
      return;
    }
    this.connecting = true;
    try {
      if (!(await this.deps.sessionMatches())) {
        this.stop();
        return;
      }
      let url: string;
      try {
        url = await this.deps.getSocketUrl();
      } catch (err) {
        if (isUnauthorised(err)) {
          this.running = false;
          this.setState(SOCKET_STATE.closed);
          this.deps.onUnauthorised();
          return;
        }
        this.scheduleRetry();
        return;
      }
      if (!this.running) return;
      this.open(url);
    } finally {
      this.connecting = false;
    }
  }

  private open(url: string): void {
    let socket: WebSocketLike;
    try {
      socket = this.deps.createSocket(url);
    } catch {
      this.scheduleRetry();
      return;
    }
    this.socket = socket;
    this.setState(SOCKET_STATE.connecting);
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.retries = 0;
      this.openedAt = this.deps.clock.now();
      this.setState(SOCKET_STATE.open);
      this.deps.onOpen();
    };
    socket.onmessage = (ev) => {
      if (this.socket !== socket) return;
      this.onData(ev.data);
    };
    socket.onerror = () => {
      // an error is always followed by close, which decides what happens next
    };
    socket.onclose = (ev) => {
      if (this.socket !== socket) return;
      this.closed(ev);
    };
  }

  /** The socket is gone (closed by the peer, or dropped by us): what happens next. */
  private closed(ev: { code?: number; reason: string; wasClean: boolean }): void {
    {
      this.socket = null;
      this.clearReply();
      this.setState(SOCKET_STATE.closed);
      if (!this.running) return;
      // Spec: a close with a reason or an unclean close asks for a new address (at once, when the
      // connection had lived a while; a socket that keeps closing right away waits the 5 s).
      // Tickets are single use, so a clean close without a reason needs one just the same.
      const retryMs = this.deps.retryMs ?? SOCKET_URL_RETRY_MS;
      const livedLong = this.openedAt > 0 && this.deps.clock.now() - this.openedAt >= retryMs;
      this.openedAt = 0;
      if (ev.code === SERVER_RESTART_CLOSE) return this.scheduleRetry(0);
      this.scheduleRetry((ev.reason !== '' || !ev.wasClean) && livedLong ? 0 : retryMs);
    }
  }

  private onData(data: unknown): void {
    const frame = parseSocketFrame(data);
    // any frame is a reply: the connection is not delayed
    this.clearReply();
    if (!(frame instanceof Error) && frame.action === 'error' && frame.body.statusCode === 401) {
      // 'User Unauthorised': the address is spent and the session is over; nothing more to wait for
      this.stop();
      this.deps.onUnauthorised();
      return;
    }
    if (this.deps.outstanding() > 0) this.armReply();
    if (frame instanceof Error) this.deps.onWireError(frame);
    else this.deps.onFrame(frame);
  }

  private armReply(): void {
    this.clearReply();
    this.replyTimer = this.deps.clock.setTimeout(() => {
      this.replyTimer = null;
      if (this.deps.outstanding() === 0) return;
      // Delayed: reset the connection. On a dead network the closing handshake itself never
      // completes (the close event would come only after the socket library's own timeout),
      // so the socket is dropped at once and a new address asked for.
      const socket = this.socket;
      if (!socket) return;
      this.detach(socket);
      this.setState(SOCKET_STATE.closing);
      try {
        socket.close(DELAYED_CLOSE, 'reply timeout');
      } catch {
        // already closing
      }
      this.closed({ reason: 'reply timeout', wasClean: false });
    }, this.deps.replyTimeoutMs ?? SOCKET_REPLY_TIMEOUT_MS);
  }

  private clearReply(): void {
    if (this.replyTimer !== null) this.deps.clock.clearTimeout(this.replyTimer);
    this.replyTimer = null;
  }

  private scheduleRetry(delay?: number): void {
    if (!this.running) return;
    const max = this.deps.maxRetries ?? SOCKET_URL_MAX_RETRIES;
    if (this.retries >= max) return; // given up: nudge() (online, sync now) starts again
    this.retries += 1;
    this.clearRetry();
    this.retryTimer = this.deps.clock.setTimeout(() => {
      this.retryTimer = null;
      void this.connect();
    }, delay ?? this.deps.retryMs ?? SOCKET_URL_RETRY_MS);
  }

  private clearRetry(): void {
    if (this.retryTimer !== null) this.deps.clock.clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  private detach(socket: WebSocketLike): void {
    socket.onopen = null;
    socket.onmessage = null;
    socket.onclose = null;
    socket.onerror = () => {};
  }
}
