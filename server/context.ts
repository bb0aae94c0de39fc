// What route modules get from the server: storage, the clock, the log, and sign-in settings.
import type { FastifyBaseLogger } from 'fastify';
import type { OtpLimits } from './config/otp-limits';
import type { Db } from './db/db';
import type { ApiRouter } from './http/define-route';
import type { LimitStores } from './http/limit-stores';

/** Sessions that have just ended: by their ids' digests, or every session of a user (deleted profile). */
export type EndedSessions = { sessionHashes: readonly string[] } | { userUuid: string };

export interface ServerContext {
  db: Db;
  /** Epoch ms. Always use this, never Date.now(): tests move it to test expiry without sleeping. */
  now: () => number;
  log: FastifyBaseLogger;
  /** When set, every sign-in code equals it (demos and tests). */
  otpFixed: string | undefined;
  /** The sign-in limits (server/config/otp-limits.ts): defaults with the server's options over them. */
  otpLimits: OtpLimits;
  /** Where rate limits keep their counts: this process, or Redis in cluster mode (http/limit-stores.ts). */
  limitStores: LimitStores;
  /** Called with every sign-in code issued (tests read codes through it). */
  onOtpIssued: ((mobile: string, code: string) => void) | undefined;
  /** Call once sessions have ended (after the commit): their open sockets are closed at once. */
  sessionsEnded: (ended: EndedSessions) => void;
  /**
   * Finishes an upload made straight to S3 the first time its id is used (media/settle.ts; a
   * refused file throws its 4xx); nothing to do with the local folder. Call it outside a transaction.
   */
  settleUpload: (mediaUuid: string) => Promise<void>;
}

/** A module of routes: registers its contract routes on the router. */
export type RouteModule = (api: ApiRouter, ctx: ServerContext) => void;
