// The part of each locale a signed-out first visit needs before its login screen can show: the
// app shell, the login, code and onboarding screens, and the error and dialog catalogue. The build
// cuts each locale file to these ids for `?boot` imports (vite.config.ts, precompileMessages), so
// the login route downloads about 3 KB of messages instead of 16 KB (gzip, English); the whole
// locale follows once the login screen is painted (src/app/intl-provider.tsx).
// Kept free of imports: vite.config.ts reads it.

/** Id prefixes of the boot messages (an id's first segment, with its dot). */
export const BOOT_MESSAGE_PREFIXES: readonly string[] = ['app.', 'common.', 'login.', 'otp.', 'onboarding.', 'error.', 'dialog.', 'notice.', 'toast.'];

export function isBootMessageId(id: string): boolean {
  return BOOT_MESSAGE_PREFIXES.some((prefix) => id.startsWith(prefix));
}
