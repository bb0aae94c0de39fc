// The app's routes as spec part 1 §2 lists them, and the features a screen can be switched by
// (spec part 2 §6 "Screens are gated by remote flags"). Pure data shared by the app and the
// server: a dynamic link may only open one of these routes (server/links), and
// banner/get-notifications is asked with the features this user can open.

/** Spec part 1 §2 "Routes" (the chat thread is /chat with its bot as a parameter here). */
export const SPEC_APP_ROUTES = [
  '/', '/otp-verification', '/chat', '/select-bot', '/bot-review', '/home', '/image-preview', '/terms-of-use-menu',
  '/share-location', '/manage-upi', '/webview', '/list', '/bot-info', '/bot-faq', '/loading', '/image-capture',
  '/images-captured', '/video-capture', '/image-crop', '/video-preview', '/qr-code-scan', '/desktop-media-capture',
  '/settings', '/faqs', '/manage-profile', '/blocked', '/archived', '/engage', '/rewards', '/competition-zone',
  '/past-competitions', '/lucky-draw-results', '/cash-reward', '/coupon', '/welcome-banner', '/onboarding', '/catalog',
  '/cart', '/saved-items', '/digital-class', '/skills-corner', '/leaderboards', '/competition-details',
  '/submission-details', '/my-certificates', '/competition-upload', '/competition-all-entries', '/competition-preview',
  '/my-activity', '/feed', '/memory-match', '/mini-app-info', '/mini-apps', '/custom-code', '/pdf-viewer', '/delete-account',
] as const;
export type SpecAppRoute = (typeof SPEC_APP_ROUTES)[number];
const ROUTE_SET: ReadonlySet<string> = new Set(SPEC_APP_ROUTES);

/** A link target inside the app: a path of SPEC_APP_ROUTES (or /chat/<16-digit bot id>) with an optional query. */
export const APP_LINK_MAX_CHARS = 500;

/**
 * Whether `url` opens a screen of the app: a relative path (no scheme, no host, no `//`, no
 * backslash, no fragment) whose path is one of the spec's routes, or a bot's chat thread. Anything
 * else (another site, `javascript:`, an API path) is refused, so a short link can never send a
 * user off the app.
 */
export function isAppRouteLink(url: string): boolean {
  if (url.length === 0 || url.length > APP_LINK_MAX_CHARS) return false;
  if (!url.startsWith('/') || url.startsWith('//') || /[\\#\s]/.test(url)) return false;
  const [path = '', query] = url.split('?', 2) as [string, string | undefined];
  if (query !== undefined && !/^[\w.~%&=+,:@/-]*$/.test(query)) return false;
  return ROUTE_SET.has(path) || /^\/chat\/\d{16}$/.test(path);
}

/** Features a screen can be gated by (spec part 2 §6), named as banner/get-notifications takes them. */
export const APP_FEATURES = ['rewards', 'engage', 'leaderboards', 'competition_zone', 'skills_corner', 'digital_class', 'posts', 'live_quiz', 'location'] as const;
export type AppFeature = (typeof APP_FEATURES)[number];
