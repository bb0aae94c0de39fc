// The numbers that bound uploads and slow requests (issue 21, items 2, 6, 13), in one place:
// their defaults, and how main.ts reads them from the environment. server/README.md lists them.
//
// Storage: a user may keep `quotaBytes` of finished uploads and hold `maxPendingUploads` upload
// slots issued but not finished; uploads stop (507) while the media disk has less than
// `minFreeDiskBytes` free, so a full disk never reaches the database. Finished uploads that
// nothing references (no message, profile photo or feedback) are deleted after `unusedUploadTtlMs`.
//
// Time: a request body other than an upload must have arrived within `bodyTimeoutMs`; an upload
// must keep sending at least `uploadMinBytes` per `uploadRateWindowMs`; `requestTimeoutMs` is
// Node's whole-request backstop (long enough for a 64 MB upload on a slow mobile link).

export interface UploadLimits {
  /** Bytes of finished uploads one user may keep. */
  quotaBytes: number;
  /** Upload slots (get-media-upload-details answers) one user may hold unfinished at once. */
  maxPendingUploads: number;
  /** A finished upload that nothing references is deleted after this long (ms). */
  unusedUploadTtlMs: number;
  /** Below this many free bytes on the media disk, uploads are refused (507). */
  minFreeDiskBytes: number;
  /** A non-upload request body must have arrived completely within this long (ms). */
  bodyTimeoutMs: number;
  /** An upload slower than uploadMinBytes per uploadRateWindowMs is cut off. */
  uploadMinBytes: number;
  uploadRateWindowMs: number;
  /** Node's requestTimeout: the whole request, headers and body (ms). */
  requestTimeoutMs: number;
  /** Node's headersTimeout: the request's headers (ms). */
  headersTimeoutMs: number;
  /** Idle keep-alive connections are closed after this long (ms). */
  keepAliveTimeoutMs: number;
  /** A connection on which nothing moves either way for this long is closed (ms; Fastify's connectionTimeout). */
  idleTimeoutMs: number;
}

const MiB = 1024 * 1024;

export const DEFAULT_UPLOAD_LIMITS: Readonly<UploadLimits> = {
  quotaBytes: 1024 * MiB,
  maxPendingUploads: 50,
  unusedUploadTtlMs: 24 * 3600_000,
  minFreeDiskBytes: 512 * MiB,
  bodyTimeoutMs: 30_000,
  uploadMinBytes: 32 * 1024,
  uploadRateWindowMs: 15_000,
  requestTimeoutMs: 30 * 60_000,
  headersTimeoutMs: 20_000,
  keepAliveTimeoutMs: 72_000,
  idleTimeoutMs: 120_000,
};

/** Environment variable of each limit, and the unit it is written in. */
export const UPLOAD_LIMIT_ENV: Readonly<Record<keyof UploadLimits, { name: string; unit: number }>> = {
  quotaBytes: { name: 'UPLOAD_QUOTA_MB', unit: MiB },
  maxPendingUploads: { name: 'UPLOAD_MAX_PENDING', unit: 1 },
  unusedUploadTtlMs: { name: 'UPLOAD_UNUSED_TTL_HOURS', unit: 3600_000 },
  minFreeDiskBytes: { name: 'UPLOAD_MIN_FREE_DISK_MB', unit: MiB },
  bodyTimeoutMs: { name: 'BODY_TIMEOUT_SECONDS', unit: 1000 },
  uploadMinBytes: { name: 'UPLOAD_MIN_RATE_KB', unit: 1024 },
  uploadRateWindowMs: { name: 'UPLOAD_RATE_WINDOW_SECONDS', unit: 1000 },
  requestTimeoutMs: { name: 'REQUEST_TIMEOUT_SECONDS', unit: 1000 },
  headersTimeoutMs: { name: 'HEADERS_TIMEOUT_SECONDS', unit: 1000 },
  keepAliveTimeoutMs: { name: 'KEEP_ALIVE_TIMEOUT_SECONDS', unit: 1000 },
  idleTimeoutMs: { name: 'IDLE_TIMEOUT_SECONDS', unit: 1000 },
};

/** The defaults with the given overrides; throws naming a limit that is not a positive number. */
export function uploadLimits(overrides: Partial<UploadLimits> = {}): UploadLimits {
  const limits = { ...DEFAULT_UPLOAD_LIMITS, ...overrides };
  for (const [key, value] of Object.entries(limits)) {
    // 0 free disk bytes means "no threshold"; every other limit must be above 0.
    const least = key === 'minFreeDiskBytes' ? 0 : Number.MIN_VALUE;
    if (typeof value !== 'number' || !Number.isFinite(value) || value < least) throw new Error(`upload limit ${key} must be a positive number, got ${String(value)}`);
  }
  return limits;
}

/** The limits set in the environment (unset ones are left out); throws naming a bad variable. */
export function uploadLimitsFromEnv(env: NodeJS.ProcessEnv): Partial<UploadLimits> {
  const out: Partial<UploadLimits> = {};
  for (const [key, { name, unit }] of Object.entries(UPLOAD_LIMIT_ENV) as [keyof UploadLimits, { name: string; unit: number }][]) {
    const text = env[name]?.trim();
    if (!text) continue;
    const value = Number(text);
    if (!Number.isFinite(value) || value < 0 || (value === 0 && key !== 'minFreeDiskBytes')) throw new Error(`${name} must be a positive number, got ${text}`);
    out[key] = Math.round(value * unit);
  }
  return out;
}
