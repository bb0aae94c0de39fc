import { describe, expect, it } from 'vitest';
import * as C from '../../../src/domain/constants';

describe('business constants (spec part 1 §9)', () => {
  it('sign-in', () => {
    expect(C.OTP_LENGTH).toBe(4);
    expect(C.OTP_RESEND_WAIT_MS).toBe(59_000);
    expect(C.STANDALONE_BOT_ID_PATTERN.test('1234567890123456')).toBe(true);
    expect(C.STANDALONE_BOT_ID_PATTERN.test('123456789012345')).toBe(false);
    expect(C.STANDALONE_BOT_ID_PATTERN.test('12345678901234567')).toBe(false);
  });

  it('uploads and media', () => {
    expect(C.MAX_UPLOAD_BYTES).toBe(64 * 1024 * 1024);
    expect(C.MAX_FILES_PER_UPLOAD).toBe(20);
    expect(C.IMAGE_MAX_DIMENSION_PX).toBe(1920);
    expect(C.IMAGE_COMPRESSION_QUALITY).toBe(0.7);
    expect(C.AUDIO_TITLE_MAX_CHARS).toBe(22);
    expect(C.DOCUMENT_NAME_MAX_CHARS).toBe(30);
    expect(C.DOCUMENT_NAME_KEPT_CHARS + 3).toBe(C.DOCUMENT_NAME_MAX_CHARS);
  });

  it('network and timing', () => {
    expect(C.SOCKET_URL_RETRY_MS).toBe(5_000);
    expect(C.SOCKET_URL_MAX_RETRIES).toBe(100);
    expect(C.VERSION_CHECK_INTERVAL_MS).toBe(60_000);
    expect(C.SOCKET_REPLY_TIMEOUT_MS).toBe(90_000);
    expect(C.GEOLOCATION_TIMEOUT_MS).toBe(60_000);
    expect(C.LOCATION_FETCHING_RESET_MS).toBe(61_000);
    expect(C.NOTICE_AUTO_HIDE_MS).toBe(1_000);
    expect(C.REMOTE_CONFIG_FETCH_TIMEOUT_MS).toBe(60_000);
    expect(C.REMOTE_CONFIG_MIN_INTERVAL_MS).toBe(3_600_000);
    expect(C.DOUBLE_CLICK_GUARD_MS).toBe(300);
    expect(C.OUTLINED_BUTTON_DELAY_MS).toBe(200);
    expect([C.DATE_PICKER_LONG_PRESS_MS, C.DATE_PICKER_REPEAT_MS]).toEqual([500, 300]);
    expect(C.SOCKET_STATE).toEqual({ uninstantiated: -1, connecting: 0, open: 1, closing: 2, closed: 3 });
  });

  it('lists, notifications, chat', () => {
    expect(C.MAX_RECENT_SEARCHES).toBe(10);
    expect(C.PAGE_SIZE).toEqual({ savedItems: 8, userActivity: 20, submissions: 20, gameList: 16, feed: 15 });
    expect(C.NOTIFICATION_BODY_MAX_CHARS).toBe(200);
    expect(C.PROFILE_PICTURE_GAP_MS).toBe(5 * 60_000);
    expect(C.NEW_BOT_MAX_AGE_MS).toBe(15 * 24 * 3_600_000);
    expect(C.MUTE_FOREVER).toBe(-1);
    expect(C.MAP_DEFAULT_ZOOM).toBe(18);
  });

  it('layout', () => {
    expect(C.BREAKPOINTS).toEqual({ xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 });
    expect(C.DEVICE_BREAKPOINTS).toEqual({ mobile: 0, tablet: 640, laptop: 1024, desktop: 1300, monitor: 1500 });
    expect([C.BUTTON_HEIGHT_PX, C.BUTTON_WIDTH_PX, C.PHONE_INPUT_HEIGHT_PX]).toEqual([50, 287, 50]);
  });
});
