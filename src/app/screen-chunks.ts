// The lazy screen modules, by path: the router renders them, and boot starts fetching the one
// of the opening URL while the database opens (on a slow network that saves a round trip).
export const SCREEN_CHUNKS = {
  '/': () => import('../screens/login/login-screen'),
  '/otp-verification': () => import('../screens/otp/otp-screen'),
  '/onboarding': () => import('../screens/onboarding/onboarding-screen'),
  '/home': () => import('../screens/home/home-screen'),
  '/chat/$botUuid': () => import('../screens/chat/chat-screen'),
  '/catalog': () => import('../screens/shop/catalog-screen'),
  '/cart': () => import('../screens/shop/cart-screen'),
  '/settings': () => import('../screens/settings/settings-screen'),
  '/delete-account': () => import('../screens/settings/delete-account-screen'),
  '/select-bot': () => import('../screens/select-bot/select-bot-screen'),
  '/bot-info': () => import('../screens/bots/bot-info-screen'),
  '/bot-faq': () => import('../screens/bots/bot-faq-screen'),
  '/bot-review': () => import('../screens/bots/bot-review-screen'),
  '/blocked': () => import('../screens/bots/blocked-screen'),
  '/archived': () => import('../screens/bots/archived-screen'),
  '/feedback': () => import('../screens/settings/feedback-screen'),
  '/faqs': () => import('../screens/settings/faqs-screen'),
  '/terms-of-use-menu': () => import('../screens/settings/terms-screen'),
  '/saved-items': () => import('../screens/saved/saved-items-screen'),
} as const;

export type ScreenPath = keyof typeof SCREEN_CHUNKS;

/** A literal path of SCREEN_CHUNKS (routes with parameters are matched by screenPathFor). */
export function isScreenPath(path: string): path is ScreenPath {
  return Object.hasOwn(SCREEN_CHUNKS, path);
}

/** The route path of a URL path, parameters included: '/chat/123' is '/chat/$botUuid'. */
export function screenPathFor(pathname: string): ScreenPath | null {
  if (isScreenPath(pathname)) return pathname;
  if (/^\/chat\/[^/]+\/?$/.test(pathname)) return '/chat/$botUuid';
  return null;
}
