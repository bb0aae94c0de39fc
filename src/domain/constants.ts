// Business constants and limits of the spec (part 1 §9, with the few of §4 and §5 that are plain
// numbers). One place each: code that needs one of these numbers imports it from here instead of
// writing the literal. Durations are in milliseconds unless the name says otherwise (_S, _DAYS).

export const SECOND_MS = 1_000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

// ---------- sign-in and session ----------

/** Digits in a one-time code; also the number of OTP boxes. */
export const OTP_LENGTH = 4;
/** How long the resend control stays disabled after a code was sent. */
export const OTP_RESEND_WAIT_MS = 59 * SECOND_MS;
/** Confetti wait (spec part 1 §9 gives "5" without a unit; seconds is the only sensible reading). */
export const CONFETTI_WAIT_S = 5;
/** Bot ids are 16-digit numbers (spec part 1 §5); the contract's body schemas check them with it. */
export const STANDALONE_BOT_ID_PATTERN = /^\d{16}$/;
/** A device id as start-session takes it: the app makes a UUID; another client may send 16 to 64 of these characters. */
export const STANDALONE_DEVICE_ID_PATTERN = /^[A-Za-z0-9-]{16,64}$/;
/** The bot a standalone app opens when the URL, the host name and the stored selection name none (spec part 1 §5 "else a default id"). */
export const STANDALONE_DEFAULT_BOT_ID = '1000000000000001';

// ---------- uploads and media ----------

/** 64 MB: larger files give maxFileSizeMsg64Mb. */
export const MAX_UPLOAD_BYTES = 67_108_864;
/** More files than this in one selection give maxUploadFile. */
export const MAX_FILES_PER_UPLOAD = 20;
/** Images whose longer side exceeds this are scaled down before upload. */
export const IMAGE_MAX_DIMENSION_PX = 1920;
/** Quality of the recompressed image (0..1). */
export const IMAGE_COMPRESSION_QUALITY = 0.7;
/** A GIF is shown at least this long. */
export const GIF_MIN_DISPLAY_MS = 5 * SECOND_MS;
/** GIF frames whose delay is under this many hundredths of a second... */
export const GIF_MIN_FRAME_DELAY_CS = 2;
/** ...count as this many hundredths (what browsers do too). */
export const GIF_SHORT_FRAME_DELAY_AS_CS = 10;
/** Upload of a file counts as done only on this status. */
export const UPLOAD_SUCCESS_STATUS = 204;
/** Audio titles truncate at this many characters, with an ellipsis. */
export const AUDIO_TITLE_MAX_CHARS = 22;
/** Document names longer than this are cut... */
export const DOCUMENT_NAME_MAX_CHARS = 30;
/** ...to this many characters plus an ellipsis (27 + '...' = 30). */
export const DOCUMENT_NAME_KEPT_CHARS = 27;

// ---------- network, live connection, update, remote config ----------

/** Connection timeout of the HTTP client (the one reading of the spec that gives a value). */
export const CONNECTION_TIMEOUT_MS = 1_200_000;
/** Socket-address request retry interval and count. */
export const SOCKET_URL_RETRY_MS = 5 * SECOND_MS;
export const SOCKET_URL_MAX_RETRIES = 100;
/** No reply within this long after a send: the connection is treated as delayed and reset. */
export const SOCKET_REPLY_TIMEOUT_MS = 90 * SECOND_MS;
/** Socket states of spec part 1 §4. */
export const SOCKET_STATE = { uninstantiated: -1, connecting: 0, open: 1, closing: 2, closed: 3 } as const;
/** Version check while signed in. */
export const VERSION_CHECK_INTERVAL_MS = 60 * SECOND_MS;
export const VERSION_CHECK_MAX_RETRIES = 100;
/** The update prompt repeats at most once a day. */
export const UPDATE_PROMPT_MIN_GAP_MS = DAY_MS;
/** Remote config: fetch timeout and minimum interval between fetches. */
export const REMOTE_CONFIG_FETCH_TIMEOUT_MS = 60 * SECOND_MS;
export const REMOTE_CONFIG_MIN_INTERVAL_MS = HOUR_MS;
/** Server updates (saved items, recent activity and similar) are applied only on this status. */
export const APPLY_UPDATE_STATUS = 200;

// ---------- chat ----------

/** After the first message to a bot, the 'conversed' mark is set this much later. */
export const CONVERSED_MARK_DELAY_MS = 2 * SECOND_MS;
/** A profile picture shows on a message when more than this passed since the previous one. */
export const PROFILE_PICTURE_GAP_MS = 5 * MINUTE_MS;
/** Synced message history per bot is trimmed to this many messages (the spec's figure; this app keeps the whole history, see LOCAL_HISTORY_BUDGET). */
export const SYNCED_HISTORY_PER_BOT = 20;
/** Longest text a user message may carry (the server's limit too). */
export const MESSAGE_TEXT_MAX_CHARS = 4096;
/**
 * Local history budget (src/db/README.md "Storage budget"): when more messages than this are
 * stored, the conversations opened least recently are trimmed to their newest
 * HISTORY_KEPT_PER_CONVERSATION messages until the total is under HISTORY_TRIM_TARGET.
 * Unacknowledged messages are never evicted. 250,000 messages are about 125 MB at ~500 bytes each.
 */
export const LOCAL_HISTORY_BUDGET = 250_000;
export const HISTORY_TRIM_TARGET = 200_000;
export const HISTORY_KEPT_PER_CONVERSATION = 500;
/** Messages per page of /bot/get-messages (the server's page size). */
export const MESSAGES_PAGE_SIZE = 50;
/** Most outbox messages sent in one /bot/message-webhook-pwa call (the server's limit). */
export const WEBHOOK_BATCH_MAX = 20;
/** The one runner's backoff after a retryable failure of any queued item (no Retry-After given): doubles from the first to the last. */
export const QUEUE_BACKOFF_FIRST_MS = SECOND_MS;
export const QUEUE_BACKOFF_MAX_MS = MINUTE_MS;
/** A bot launched less than this long ago is marked new. */
export const NEW_BOT_MAX_AGE_MS = 15 * DAY_MS;
/** Mute duration meaning "forever". */
export const MUTE_FOREVER = -1;
/** Max recent bot searches kept. */
export const MAX_RECENT_SEARCHES = 10;
/** Search runs this long after the last keystroke (results while typing, without a flood of calls). */
export const SEARCH_DEBOUNCE_MS = 300;
/** The read mark is sent this long after the newest message of an open thread came into view (not on every message of a burst). */
export const READ_MARK_DEBOUNCE_MS = 1000;

/** Page sizes of the paged lists. */
export const PAGE_SIZE = {
  savedItems: 8,
  userActivity: 20,
  submissions: 20,
  gameList: 16,
  feed: 15,
} as const;

// ---------- notifications ----------

/** Notification body cap; longer bodies are cut here and end with NOTIFICATION_BODY_ELLIPSIS. */
export const NOTIFICATION_BODY_MAX_CHARS = 200;
export const NOTIFICATION_BODY_ELLIPSIS = '...';
/** Notification gap (spec part 1 §9: "notification gap 10"). */
export const NOTIFICATION_GAP = 10;
/**
 * After the user declines the notification confirm modal, it is offered again this much later
 * (spec part 1 §9: "a configured number of days, value not shown"; this reads the spec's
 * "notification gap 10" as that number of days).
 */
export const NOTIFICATION_REASK_GAP_MS = NOTIFICATION_GAP * DAY_MS;
/** How long an in-app notification banner stays before it hides itself. */
export const IN_APP_NOTIFICATION_SHOW_MS = 6 * SECOND_MS;
/** Bot session message for notification (spec part 1 §9: 30). */
export const BOT_SESSION_MESSAGE_FOR_NOTIFICATION = 30;

// ---------- location ----------

export const GEOLOCATION_TIMEOUT_MS = 60 * SECOND_MS;
/** The location 'fetching' flag resets itself after this long. */
export const LOCATION_FETCHING_RESET_MS = 61 * SECOND_MS;
/** Brief notices (location results, please-wait) hide after this long. */
export const NOTICE_AUTO_HIDE_MS = SECOND_MS;
export const MAP_DEFAULT_ZOOM = 18;
/** For distances in metres. */
export const EARTH_RADIUS_M = 6_371_000;

// ---------- interaction timing ----------

/** A solid button ignores further clicks for this long. */
export const DOUBLE_CLICK_GUARD_MS = 300;
/** An outlined button toggles selected and fires this much later. */
export const OUTLINED_BUTTON_DELAY_MS = 200;
/** Date-picker arrows: a press this long starts repeating, every DATE_PICKER_REPEAT_MS. */
export const DATE_PICKER_LONG_PRESS_MS = 500;
export const DATE_PICKER_REPEAT_MS = 300;
export const DIALOG_TRANSITION_MS = 50;
export const RESIZE_DEBOUNCE_MS = 100;

// ---------- dates ----------

/** The overall range of the date picker (inclusive). */
export const DATE_RANGE_MIN = { year: 1800, month: 1, day: 1 } as const;
export const DATE_RANGE_MAX = { year: 2200, month: 12, day: 31 } as const;

// ---------- layout ----------

/** Theme breakpoints (min widths in px). */
export const BREAKPOINTS = { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 } as const;
/** Device breakpoints (min widths in px). */
export const DEVICE_BREAKPOINTS = { mobile: 0, tablet: 640, laptop: 1024, desktop: 1300, monitor: 1500 } as const;
export const BUTTON_HEIGHT_PX = 50;
export const BUTTON_WIDTH_PX = 287;
export const PHONE_INPUT_HEIGHT_PX = 50;
/** Buttons of a text-file message are clamped to this many lines. */
export const TEXT_FILE_BUTTON_MAX_LINES = 3;
/** Media bubble bounds, in font units (em). */
export const MEDIA_BUBBLE_EM = { minWidth: 13, maxWidth: 16.92, minHeight: 5.38, maxHeight: 23.07 } as const;

// ---------- media storage ----------

/**
 * The Cache Storage cache that holds downloaded media (app and service worker share it, so a
 * downloaded image stays viewable offline). Entries are keyed by the media's URL path.
 */
export const MEDIA_CACHE_NAME = 'media-v1';

// ---------- cart ----------

/** Limits of a cart, the one place they are set (server validation and the client's guards). */
export const CART_LIMITS = {
  /** Lines in one cart (per user and bot). */
  maxLines: 100,
  /** Quantity of one line: a whole number from 1 to this (a product's max_quantity_allowed may be lower). */
  maxLineQuantity: 99,
  /** Customisation choices ({ id, value }) on one line. */
  maxCustomizations: 20,
} as const;

// ---------- settings ----------

/** The font-size slider (spec part 1 §2 settings sub-menu): sizeScale from, to and step; 1 is the default. */
export const FONT_SIZE_SCALE = { min: 0.85, max: 1.3, step: 0.05, default: 1 } as const;
/** What the bold-text toggle sets weightScale to (1 when off): the spec's weightScale, shown as bold text. */
export const BOLD_WEIGHT_SCALE = 1.25;
/** Kinds of media that may download by themselves (spec part 1 §3 auto-download setting). */
export const AUTO_DOWNLOAD_KINDS = ['Photo', 'Audio', 'Video'] as const;
// ---------- service worker (sw/, src/app/service-worker.ts) ----------

/** Downloaded media kept for offline viewing: at most this many files… */
export const MEDIA_CACHE_MAX_ENTRIES = 300;
/** …each for at most this long (30 days) since it was stored. */
export const MEDIA_CACHE_MAX_AGE_S = 30 * 24 * 60 * 60;
/** Bot icons kept by the service worker (stale-while-revalidate). */
export const ICON_CACHE_MAX_ENTRIES = 200;
/** Files under /assets/lazy/ (pdf.js, the QR decoder, the Nastaliq font: not precached) the service worker keeps after first use; a few builds' worth. */
export const LAZY_ASSET_CACHE_MAX_ENTRIES = 30;
/** The Background Sync tag the page registers while the outbox holds entries. */
export const OUTBOX_SYNC_TAG = 'outbox-flush';
/** The message the page posts to a waiting service worker to let it take over. */
export const SKIP_WAITING_MESSAGE = 'SKIP_WAITING';
/** App feedback (spec part 1 §7 send-feedback): the most characters its text may hold. */
export const FEEDBACK_MAX_CHARS = 2000;
/** The help line settings shows as a tel: link (spec part 1 §2): the demo's made-up support number. */
export const HELP_PHONE = '+91 80 4718 2000';

/** How long an emailed verification link works (issue 18; the spec gives no figure). */
export const EMAIL_VERIFICATION_LINK_TTL_MS = DAY_MS;
