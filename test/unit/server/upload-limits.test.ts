// The upload and timeout limits (server/config/upload-limits.ts): defaults, overrides, and the
// environment variables main.ts reads, in their documented units.
import { describe, expect, it } from 'vitest';
import { DEFAULT_UPLOAD_LIMITS, uploadLimits, uploadLimitsFromEnv } from '../../../server/config/upload-limits';

describe('upload limits', () => {
  it('are the defaults unless overridden', () => {
    expect(uploadLimits()).toEqual(DEFAULT_UPLOAD_LIMITS);
    expect(uploadLimits({ quotaBytes: 10 }).quotaBytes).toBe(10);
    expect(uploadLimits({ minFreeDiskBytes: 0 }).minFreeDiskBytes).toBe(0);
  });

  it('refuse a limit that is not a positive number', () => {
    expect(() => uploadLimits({ maxPendingUploads: 0 })).toThrow(/maxPendingUploads/);
    expect(() => uploadLimits({ bodyTimeoutMs: Number.NaN })).toThrow(/bodyTimeoutMs/);
    expect(() => uploadLimits({ minFreeDiskBytes: -1 })).toThrow(/minFreeDiskBytes/);
  });

  it('read the environment in its units (MB, KB, hours, seconds), leaving unset ones out', () => {
    expect(uploadLimitsFromEnv({})).toEqual({});
    expect(uploadLimitsFromEnv({
      UPLOAD_QUOTA_MB: '2', UPLOAD_MAX_PENDING: '7', UPLOAD_UNUSED_TTL_HOURS: '0.5', UPLOAD_MIN_FREE_DISK_MB: '0',
      BODY_TIMEOUT_SECONDS: '10', UPLOAD_MIN_RATE_KB: '16', UPLOAD_RATE_WINDOW_SECONDS: '20', REQUEST_TIMEOUT_SECONDS: '600',
      HEADERS_TIMEOUT_SECONDS: '15', KEEP_ALIVE_TIMEOUT_SECONDS: '5', IDLE_TIMEOUT_SECONDS: '90', UNRELATED: 'x',
    })).toEqual({
      quotaBytes: 2 * 1024 * 1024, maxPendingUploads: 7, unusedUploadTtlMs: 1_800_000, minFreeDiskBytes: 0,
      bodyTimeoutMs: 10_000, uploadMinBytes: 16 * 1024, uploadRateWindowMs: 20_000, requestTimeoutMs: 600_000,
      headersTimeoutMs: 15_000, keepAliveTimeoutMs: 5_000, idleTimeoutMs: 90_000,
    });
  });

  it('name the variable that is wrong', () => {
    expect(() => uploadLimitsFromEnv({ UPLOAD_QUOTA_MB: 'lots' })).toThrow(/UPLOAD_QUOTA_MB/);
    expect(() => uploadLimitsFromEnv({ BODY_TIMEOUT_SECONDS: '0' })).toThrow(/BODY_TIMEOUT_SECONDS/);
    expect(() => uploadLimitsFromEnv({ UPLOAD_MAX_PENDING: '-3' })).toThrow(/UPLOAD_MAX_PENDING/);
  });
});
