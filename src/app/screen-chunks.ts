// The lazy screen modules, by path: the router renders them, and boot starts fetching the one
// of the opening URL while the database opens (on a slow network that saves a round trip).
export const SCREEN_CHUNKS = {
  '/': () => import('../screens/login/login-screen'),
  '/otp-verification': () => import('../screens/otp/otp-screen'),
  '/onboarding': () => import('../screens/onboarding/onboarding-screen'),
  '/home': () => import('../screens/home/home-screen'),
  '/chat/$botUuid': () => import('../screens/chat/chat-screen'),
  // the standalone (single-bot) entry (issue 17)
  '/bot/$botId': () => import('../screens/standalone/standalone-screen'),
  '/catalog': () => import('../screens/shop/catalog-screen'),
  '/cart': () => import('../screens/shop/cart-screen'),
  '/settings': () => import('../screens/settings/settings-screen'),
  '/delete-account': () => import('../screens/settings/delete-account-screen'),
  '/select-bot': () => import('../screens/select-bot/select-bot-screen'),
  '/bot-info': () => import('../screens/bots/bot-info-screen'),
  '/bot-faq': () => import('../screens/bots/bot-faq-screen'),
  '/list': () => import('../screens/chat/option-list-screen'),
  '/share-location': () => import('../screens/chat/share-location-screen'),
  '/bot-review': () => import('../screens/bots/bot-review-screen'),
  '/blocked': () => import('../screens/bots/blocked-screen'),
  '/archived': () => import('../screens/bots/archived-screen'),
  '/feedback': () => import('../screens/settings/feedback-screen'),
  '/faqs': () => import('../screens/settings/faqs-screen'),
  '/terms-of-use-menu': () => import('../screens/settings/terms-screen'),
  '/saved-items': () => import('../screens/saved/saved-items-screen'),
  // competition zone (issue 16)
  '/competition-zone': () => import('../screens/competition/competition-zone-screen'),
  '/competition-details': () => import('../screens/competition/competition-details-screen'),
  '/competition-all-entries': () => import('../screens/competition/all-entries-screen'),
  '/submission-details': () => import('../screens/competition/submission-details-screen'),
  '/past-competitions': () => import('../screens/competition/past-competitions-screen'),
  '/my-certificates': () => import('../screens/competition/my-certificates-screen'),
  '/leaderboards': () => import('../screens/competition/leaderboards-screen'),
  '/competition-upload': () => import('../screens/competition/competition-upload-screen'),
  '/competition-preview': () => import('../screens/competition/competition-preview-screen'),
  '/pdf-viewer': () => import('../screens/competition/pdf-viewer-screen'),
  // engage games and rewards (issue 14)
  '/engage': () => import('../screens/games/engage-screen'),
  // profile and custom code (issue 18)
  '/manage-profile': () => import('../screens/profile/manage-profile-screen'),
  '/custom-code': () => import('../screens/profile/custom-code-screen'),
  '/engage-play': () => import('../screens/games/play-screen'),
  '/rewards': () => import('../screens/games/rewards-screen'),
  '/lucky-draw-results': () => import('../screens/games/lucky-draw-screen'),
  '/cash-reward': () => import('../screens/games/cash-reward-screen'),
  '/coupon': () => import('../screens/games/coupon-screen'),
  '/spin-the-wheel': () => import('../screens/games/spin-screen'),
  '/memory-match': () => import('../screens/games/memory-match-screen'),
  '/manage-upi': () => import('../screens/payments/manage-upi-screen'),
  '/checkout': () => import('../screens/payments/checkout-screen'),
  '/payment-processing': () => import('../screens/payments/payment-processing-screen'),
  // mini apps, learning and the webview (issue 17)
  '/mini-apps': () => import('../screens/mini-apps/mini-apps-screen'),
  '/mini-app-info': () => import('../screens/mini-apps/mini-app-info-screen'),
  '/mini-app': () => import('../screens/mini-apps/mini-app-view-screen'),
  '/skills-corner': () => import('../screens/learning/skills-corner-screen'),
  '/digital-class': () => import('../screens/learning/digital-class-screen'),
  '/webview': () => import('../screens/webview/webview-screen'),
  '/feed': () => import('../screens/feed/feed-screen'),
  '/my-activity': () => import('../screens/feed/my-activity-screen'),
  // camera and QR (issue 18)
  '/qr-code-scan': () => import('../screens/camera/qr-scan-screen'),
  '/image-capture': () => import('../screens/camera/image-capture-screen'),
  '/images-captured': () => import('../screens/camera/images-captured-screen'),
  '/video-capture': () => import('../screens/camera/video-capture-screen'),
  '/desktop-media-capture': () => import('../screens/camera/desktop-media-capture-screen'),
  '/welcome-banner': () => import('../screens/guides/welcome-banner-screen'),
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
  if (/^\/bot\/[^/]+\/?$/.test(pathname)) return '/bot/$botId';
  return null;
}
