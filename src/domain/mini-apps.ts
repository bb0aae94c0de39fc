// Mini-app rules of spec part 2 (§2 link mapping, §3 entity, §5 storage writes need key and value)
// and the limits this product chose for them, in one place. Pure: the app, the server and the
// tests import it.

/** Fixed mini-app ids of the built-in screens (spec part 2 §2: "fixed mini-app identifiers exist"). */
export const FIXED_MINI_APP_IDS = {
  competitionZone: '2000000000000001',
  liveQuiz: '2000000000000002',
  rewards: '2000000000000003',
  skillsCorner: '2000000000000004',
  digitalClass: '2000000000000005',
  memoryMatch: '2000000000000006',
} as const;

/**
 * A mini app's native link path → the built-in screen it opens (spec part 2 §2: rewards, engage,
 * skills-corner, digital-class; plus the built-in screens the catalogue lists as mini apps).
 * Any other path shows miniAppNotSupported.
 */
export const NATIVE_MINI_APP_ROUTES: Readonly<Record<string, string>> = {
  '/rewards': '/rewards',
  '/engage': '/engage',
  '/skills-corner': '/skills-corner',
  '/digital-class': '/digital-class',
  '/competition-zone': '/competition-zone',
  '/memory-match': '/memory-match',
};

/** The links a mini app may ask the bridge to open (spec part 2 §2: exactly these four). */
export const BRIDGE_NATIVE_LINKS: readonly string[] = ['/rewards', '/engage', '/skills-corner', '/digital-class'];

/** Where the reference server serves web mini apps' files: `${WEB_MINI_APP_PREFIX}<slug>/`. */
export const WEB_MINI_APP_PREFIX = '/apps/';

/** A sign-on grant lives this long and works once (OAuth 2.0 advises at most 10 minutes). */
export const SSO_GRANT_TTL_MS = 60_000;

/** Storage keys: short names a mini app picks. */
export const STORAGE_KEY_PATTERN = /^[A-Za-z0-9_.-]{1,64}$/;
export const STORAGE_VALUE_MAX_CHARS = 4_096;
/** Keys one user's storage of one mini app may hold. */
export const STORAGE_KEYS_PER_APP = 100;

export const ACTIVITY_MAX_CHARS = 200;
export const RATING_MIN = 1;
export const RATING_MAX = 5;

/** The permissions a mini app may ask for (asked of the user once, stored per mini app). */
export const MINI_APP_PERMISSIONS = ['location', 'notifications'] as const;
export type MiniAppPermission = (typeof MINI_APP_PERMISSIONS)[number];

/** Where a mini-app tile or link goes: a built-in screen, the mini-app view, or nowhere. */
export type MiniAppTarget = { kind: 'native'; to: string } | { kind: 'web' } | { kind: 'unsupported' };

/** The open rule of a mini app: a native path opens its screen, a web app its view, else unsupported. */
export function miniAppTarget(app: { path: string; kind?: 'native' | 'web' | undefined }): MiniAppTarget {
  const native = NATIVE_MINI_APP_ROUTES[app.path];
  if (native) return { kind: 'native', to: native };
  if (app.kind === 'web' || app.path.startsWith(WEB_MINI_APP_PREFIX)) return { kind: 'web' };
  return { kind: 'unsupported' };
}

/** The screen a bridge `open-link` path opens, or undefined (miniAppNotSupported). */
export function nativeLinkTarget(path: string): string | undefined {
  return BRIDGE_NATIVE_LINKS.includes(path) ? path : undefined;
}
