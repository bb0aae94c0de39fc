// The flood limits of issue 21 (one user cannot stall the server): every number in one place,
// with its default and its environment variable. createServer({ floodLimits }) takes a partial
// object over these defaults; server/main.ts reads the variables (floodLimitsFromEnv);
// server/README.md lists them. The defaults are generous for a real user (the app sends a window
// of 100 frames when it flushes its queue, and a screen opens with a dozen calls) and for the
// tests, and still keep one user's flood from slowing everybody else down.
import type { Rate } from '../http/token-bucket';

export interface FloodLimits {
  /** Frames one socket may send (any action, ping too); past it: an `error` frame 429. */
  socketFrames: Rate;
  /** Messages one user may send, over every socket and the webhook together; past it: 429. */
  userSends: Rate;
  /** API calls of one signed-in user (every `/api` route); past it: 429 with Retry-After. */
  userCalls: Rate;
  /** API calls without a session, per client address (sign-in routes); past it: 429. */
  addressCalls: Rate;
  /** Frames of one socket waiting to be handled; past it the socket is no longer read (paused) and what was already read is refused. */
  socketBacklog: number;
  /** Frames refused in a row after which a socket is closed (1008): the app stops after its window of 100. */
  socketRefusalsToClose: number;
  /** Sends of one user waiting their turn (a user's sends run one at a time); past it: 429. */
  userSendQueue: number;
  /** Open sockets per user; a new one past it closes the user's oldest. */
  socketsPerUser: number;
  /** Bytes waiting to go out to one socket (a client that does not read); past it the socket is closed and its client catches up by paging. */
  socketSendBuffer: number;
}

export const DEFAULT_FLOOD_LIMITS: FloodLimits = {
  socketFrames: { burst: 300, perSecond: 100 },
  userSends: { burst: 100, perSecond: 5 },
  userCalls: { burst: 2000, perSecond: 100 },
  addressCalls: { burst: 1000, perSecond: 200 },
  socketBacklog: 200,
  socketRefusalsToClose: 500,
  userSendQueue: 16,
  socketsPerUser: 10,
  socketSendBuffer: 4 * 1024 * 1024,
};

/** Environment variable → the limit it sets. A rate is written `burst/perSecond`, e.g. `100/5`. */
export const FLOOD_LIMIT_VARIABLES = {
  FLOOD_SOCKET_FRAMES: 'socketFrames',
  FLOOD_USER_SENDS: 'userSends',
  FLOOD_USER_CALLS: 'userCalls',
  FLOOD_ADDRESS_CALLS: 'addressCalls',
  FLOOD_SOCKET_BACKLOG: 'socketBacklog',
  FLOOD_SOCKET_REFUSALS_TO_CLOSE: 'socketRefusalsToClose',
  FLOOD_USER_SEND_QUEUE: 'userSendQueue',
  FLOOD_SOCKETS_PER_USER: 'socketsPerUser',
  FLOOD_SOCKET_SEND_BUFFER: 'socketSendBuffer',
} as const satisfies Record<string, keyof FloodLimits>;

function parseRate(name: string, text: string): Rate {
  const match = /^(\d+(?:\.\d+)?)\/(\d+(?:\.\d+)?)$/.exec(text);
  const rate = match ? { burst: Number(match[1]), perSecond: Number(match[2]) } : undefined;
  if (!rate || rate.burst < 1 || rate.perSecond <= 0) throw new Error(`${name} must be burst/perSecond (e.g. 100/5, burst at least 1, rate above 0), got ${text}`);
  return rate;
}

function parseCount(name: string, text: string): number {
  const n = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(n) || n < 1) throw new Error(`${name} must be a whole number of at least 1, got ${text}`);
  return n;
}

/** The limits set in the environment (blank variables ignored); throws naming a bad one. */
export function floodLimitsFromEnv(env: Readonly<Record<string, string | undefined>>): Partial<FloodLimits> {
  const limits: Partial<Record<keyof FloodLimits, Rate | number>> = {};
  for (const [name, key] of Object.entries(FLOOD_LIMIT_VARIABLES)) {
    const text = env[name]?.trim();
    if (!text) continue;
    limits[key] = typeof DEFAULT_FLOOD_LIMITS[key] === 'number' ? parseCount(name, text) : parseRate(name, text);
  }
  return limits as Partial<FloodLimits>;
}

export function resolveFloodLimits(partial: Partial<FloodLimits> = {}): FloodLimits {
  return { ...DEFAULT_FLOOD_LIMITS, ...partial };
}
