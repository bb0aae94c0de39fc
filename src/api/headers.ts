// Header names of spec part 1 §7: authenticated calls carry mobile and session-id, every call
// carries package-name, version-name and language. Queued actions add Idempotency-Key.
export const HEADER = {
  mobile: 'mobile',
  sessionId: 'session-id',
  packageName: 'package-name',
  versionName: 'version-name',
  language: 'language',
  deviceId: 'device-id',
  /** standalone (/api/web/) calls: the one bot and the user start-session answered */
  botId: 'bot-id',
  userId: 'user-id',
  /** A POST's idempotency key (IETF httpapi draft; server/README.md "Idempotency keys"). */
  idempotencyKey: 'idempotency-key',
  /** Set to 'true' on an answer replayed for a repeated idempotency key. */
  idempotentReplayed: 'idempotent-replayed',
} as const;

/** Every API call lives under this base path on the reference server. */
export const API_BASE = '/api';

/** package-name is 'web' when the path contains /api/web/, else 'pwa' (spec part 1 §7). */
export function packageNameFor(path: string): 'web' | 'pwa' {
  return path.includes('/api/web/') ? 'web' : 'pwa';
}
