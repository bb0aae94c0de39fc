// The route tree (code-based, TanStack Router). Each screen is its own lazy chunk, so the login
// route loads only the login screen (report-size.ts finds it by the chunk name login-screen-*).
// The guards read the router context (who the user is), which App keeps current and re-checks
// with router.invalidate() whenever it changes: signing in, out or finishing onboarding moves
// the user by itself.
import { Suspense } from 'react';
import { Outlet, createRootRouteWithContext, createRoute, createRouter, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { parsePlainSearch, stringifyPlainSearch } from './search-params';
import { redirectFor, type AppPath, type AuthSnapshot } from './route-guards';
import { linkTarget, pendingLink, rememberLink, routerTarget } from './pending-link';
import { Splash } from './splash';
import { NotFound } from './not-found';
import { DialogsHost } from './dialogs-host';
import { SCREEN_CHUNKS } from './screen-chunks';
// the signed-in shell's lazy parts, off the login route
import { GatedOutlet, NotificationsHost } from './shell-chunks';
import { offlineAware, RouteError } from './route-error';

export interface RouterContext {
  auth: AuthSnapshot;
}

/** Every screen, with the dialogs host above it (inside the router, so dialog actions can navigate). */
function RootLayout() {
  const signedIn = rootRoute.useRouteContext({ select: (context) => context.auth.signedIn });
  return (
    <>
      {signedIn ? <Suspense fallback={null}><GatedOutlet /></Suspense> : <Outlet />}
      <DialogsHost />
      {signedIn && (
        <Suspense fallback={null}>
          <NotificationsHost />
        </Suspense>
      )}
    </>
  );
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFound,
});

/** A bot id of the URL (spec part 1 §5: 16 digits; src/domain/constants.ts STANDALONE_BOT_ID_PATTERN). */
const BOT_ID = /^\d{16}$/;

/** Redirects to an app link kept by pending-link.ts (its path and query). */
function redirectToLink(link: string): never {
  const target = routerTarget(link);
  throw redirect({ to: target.to as '/home', search: target.search as never, replace: true });
}

function guard(path: AppPath, bot = '') {
  return ({ context }: { context: RouterContext }) => {
    const to = redirectFor(path, context.auth);
    if (!to) return;
    // just signed in (or onboarded): a link opened before sign-in (/loading) goes first
    if (to === '/home') {
      const pending = pendingLink();
      if (pending !== null) redirectToLink(pending);
    }
    if (to === '/bot/$botId') throw redirect({ to, params: { botId: context.auth.standaloneBot ?? '' }, replace: true });
    if (to === '/chat/$botUuid') {
      if (BOT_ID.test(bot)) throw redirect({ to, params: { botUuid: bot }, replace: true });
      throw redirect({ to: '/home', replace: true });
    }
    throw redirect({ to, replace: true });
  };
}

/**
 * `/?botId=<16-digit id>` (spec part 1 §5: the bot "from ... query botId") opens that bot's
 * standalone thread for a visitor who is not a signed-in member; a member gets the usual rules.
 */
function loginGuard({ context, location }: { context: RouterContext; location: { search: unknown } }) {
  const search = location.search as Record<string, unknown>;
  const bot = typeof search.botId === 'string' || typeof search.botId === 'number' ? String(search.botId) : '';
  if (!context.auth.signedIn && BOT_ID.test(bot)) throw redirect({ to: '/bot/$botId', params: { botId: bot }, replace: true });
  guard('/')({ context });
}

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: loginGuard,
  component: lazyRouteComponent(offlineAware(SCREEN_CHUNKS['/'])),
});

const otpRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/otp-verification',
  beforeLoad: guard('/otp-verification'),
  component: lazyRouteComponent(offlineAware(SCREEN_CHUNKS['/otp-verification'])),
});

const onboardingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/onboarding',
  beforeLoad: guard('/onboarding'),
  component: lazyRouteComponent(offlineAware(SCREEN_CHUNKS['/onboarding'])),
});

/** Home's search view is a history entry of its own (?search=open), so Back closes it before leaving Home. */
function homeSearch(search: Record<string, unknown>): { search?: 'open' } {
  return search.search === 'open' ? { search: 'open' } : {};
}

/**
 * The standalone (single-bot) entry (issue 17; spec part 1 §1, §5): one bot's thread with no
 * sign-in, no home and no other bots. Its screen starts the web session (start-session) when none
 * is stored for the bot; its own lazy chunk, off the login route.
 */
const standaloneRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/bot/$botId',
  beforeLoad: ({ context, params }) => guard('/bot/$botId', params.botId)({ context }),
  component: lazyRouteComponent(offlineAware(SCREEN_CHUNKS['/bot/$botId'])),
});

const homeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/home',
  validateSearch: homeSearch,
  beforeLoad: guard('/home'),
  component: lazyRouteComponent(offlineAware(SCREEN_CHUNKS['/home'])),
});

const chatRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/chat/$botUuid',
  beforeLoad: guard('/chat/$botUuid'),
  component: lazyRouteComponent(offlineAware(SCREEN_CHUNKS['/chat/$botUuid'])),
});

/** ?bot=<16-digit id>[&catalog=<id>]: the shop screens of one bot (spec part 2 §2). */
function shopSearch(search: Record<string, unknown>): { bot: string; catalog?: string } {
  const bot = typeof search.bot === 'string' || typeof search.bot === 'number' ? String(search.bot) : '';
  const catalog = typeof search.catalog === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(search.catalog) ? search.catalog : undefined;
  return { bot: /^\d{16}$/.test(bot) ? bot : '', ...(catalog ? { catalog } : {}) };
}

const catalogRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/catalog',
  validateSearch: shopSearch,
  beforeLoad: guard('/catalog'),
  component: lazyRouteComponent(offlineAware(SCREEN_CHUNKS['/catalog'])),
});

const cartRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/cart',
  validateSearch: (search: Record<string, unknown>) => ({ bot: shopSearch(search).bot }),
  beforeLoad: guard('/cart'),
  component: lazyRouteComponent(offlineAware(SCREEN_CHUNKS['/cart'])),
});

const settingsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/settings',
  beforeLoad: guard('/settings'),
  component: lazyRouteComponent(offlineAware(SCREEN_CHUNKS['/settings'])),
});

const deleteAccountRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/delete-account',
  beforeLoad: guard('/delete-account'),
  component: lazyRouteComponent(offlineAware(SCREEN_CHUNKS['/delete-account'])),
});

const selectBotRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/select-bot',
  beforeLoad: guard('/select-bot'),
  component: lazyRouteComponent(offlineAware(SCREEN_CHUNKS['/select-bot'])),
});

/**
 * ?bot=<16-digit id> of the bot profile screens; anything else reads as '' (the screen says so).
 * Search values arrive as plain strings (src/app/search-params.ts); a number (a caller passing
 * one) is taken back to its digits.
 */
function botSearch(search: Record<string, unknown>): { bot: string } {
  const raw = typeof search.bot === 'number' && Number.isSafeInteger(search.bot) ? String(search.bot) : search.bot;
  return { bot: typeof raw === 'string' && /^\d{16}$/.test(raw) ? raw : '' };
}

const botInfoRoute = createRoute({ getParentRoute: () => rootRoute, path: '/bot-info', validateSearch: botSearch, beforeLoad: guard('/bot-info'), component: lazyRouteComponent(offlineAware(SCREEN_CHUNKS['/bot-info'])) });
const optionListRoute = createRoute({ getParentRoute: () => rootRoute, path: '/list', validateSearch: botSearch, beforeLoad: guard('/list'), component: lazyRouteComponent(offlineAware(SCREEN_CHUNKS['/list'])) });
const shareLocationRoute = createRoute({ getParentRoute: () => rootRoute, path: '/share-location', validateSearch: botSearch, beforeLoad: guard('/share-location'), component: lazyRouteComponent(offlineAware(SCREEN_CHUNKS['/share-location'])) });
const botFaqRoute = createRoute({ getParentRoute: () => rootRoute, path: '/bot-faq', validateSearch: botSearch, beforeLoad: guard('/bot-faq'), component: lazyRouteComponent(offlineAware(SCREEN_CHUNKS['/bot-faq'])) });
const botReviewRoute = createRoute({ getParentRoute: () => rootRoute, path: '/bot-review', validateSearch: botSearch, beforeLoad: guard('/bot-review'), component: lazyRouteComponent(offlineAware(SCREEN_CHUNKS['/bot-review'])) });
const blockedRoute = createRoute({ getParentRoute: () => rootRoute, path: '/blocked', beforeLoad: guard('/blocked'), component: lazyRouteComponent(offlineAware(SCREEN_CHUNKS['/blocked'])) });
const archivedRoute = createRoute({ getParentRoute: () => rootRoute, path: '/archived', beforeLoad: guard('/archived'), component: lazyRouteComponent(offlineAware(SCREEN_CHUNKS['/archived'])) });

const feedbackRoute = createRoute({ getParentRoute: () => rootRoute, path: '/feedback', beforeLoad: guard('/feedback'), component: lazyRouteComponent(offlineAware(SCREEN_CHUNKS['/feedback'])) });
const faqsRoute = createRoute({ getParentRoute: () => rootRoute, path: '/faqs', beforeLoad: guard('/faqs'), component: lazyRouteComponent(offlineAware(SCREEN_CHUNKS['/faqs'])) });
const termsRoute = createRoute({ getParentRoute: () => rootRoute, path: '/terms-of-use-menu', beforeLoad: guard('/terms-of-use-menu'), component: lazyRouteComponent(offlineAware(SCREEN_CHUNKS['/terms-of-use-menu'])) });
const savedItemsRoute = createRoute({ getParentRoute: () => rootRoute, path: '/saved-items', beforeLoad: guard('/saved-items'), component: lazyRouteComponent(offlineAware(SCREEN_CHUNKS['/saved-items'])) });
/** ?post=<uuid> of /feed (a single post); anything else reads as no post (the whole feed). */
function feedSearch(search: Record<string, unknown>): { post?: string } {
  return typeof search.post === 'string' && /^[0-9a-f-]{36}$/i.test(search.post) ? { post: search.post } : {};
}
const feedRoute = createRoute({ getParentRoute: () => rootRoute, path: '/feed', validateSearch: feedSearch, beforeLoad: guard('/feed'), component: lazyRouteComponent(offlineAware(SCREEN_CHUNKS['/feed'])) });
const myActivityRoute = createRoute({ getParentRoute: () => rootRoute, path: '/my-activity', beforeLoad: guard('/my-activity'), component: lazyRouteComponent(offlineAware(SCREEN_CHUNKS['/my-activity'])) });

// Competition zone (issue 16): ids in the search (?competition=, ?submission=, ?media=&title=).
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
function zoneSearch(search: Record<string, unknown>): { competition?: string; submission?: string; media?: string; title?: string } {
  const out: { competition?: string; submission?: string; media?: string; title?: string } = {};
  for (const key of ['competition', 'submission', 'media'] as const) {
    const v = search[key];
    if (typeof v === 'string' && UUID.test(v)) out[key] = v;
  }
  if (typeof search.title === 'string') out.title = search.title.slice(0, 200);
  return out;
}
const zoneRoute = (path: '/competition-zone' | '/competition-details' | '/competition-all-entries' | '/submission-details' | '/past-competitions' | '/my-certificates' | '/leaderboards' | '/competition-upload' | '/competition-preview' | '/pdf-viewer') =>
  createRoute({ getParentRoute: () => rootRoute, path, validateSearch: zoneSearch, beforeLoad: guard(path), component: lazyRouteComponent(offlineAware(SCREEN_CHUNKS[path])) });
const competitionRoutes = [
  zoneRoute('/competition-zone'), zoneRoute('/competition-details'), zoneRoute('/competition-all-entries'), zoneRoute('/submission-details'),
  zoneRoute('/past-competitions'), zoneRoute('/my-certificates'), zoneRoute('/leaderboards'), zoneRoute('/competition-upload'),
  zoneRoute('/competition-preview'), zoneRoute('/pdf-viewer'),
];
// Engage games and rewards (issue 14): ?play, ?schedule and ?coupon are UUIDs (anything else reads as '').
const uuidParam = (v: unknown) => (typeof v === 'string' && /^[0-9a-f-]{36}$/i.test(v) ? v : '');
const gamesRoute = (path: '/engage' | '/rewards' | '/lucky-draw-results' | '/cash-reward') =>
  createRoute({ getParentRoute: () => rootRoute, path, beforeLoad: guard(path), component: lazyRouteComponent(offlineAware(SCREEN_CHUNKS[path])) });
const engagePlayRoute = createRoute({ getParentRoute: () => rootRoute, path: '/engage-play', validateSearch: (s: Record<string, unknown>) => ({ play: uuidParam(s.play) }), beforeLoad: guard('/engage-play'), component: lazyRouteComponent(offlineAware(SCREEN_CHUNKS['/engage-play'])) });
const couponRoute = createRoute({ getParentRoute: () => rootRoute, path: '/coupon', validateSearch: (s: Record<string, unknown>) => ({ coupon: uuidParam(s.coupon) }), beforeLoad: guard('/coupon'), component: lazyRouteComponent(offlineAware(SCREEN_CHUNKS['/coupon'])) });
const spinRoute = createRoute({ getParentRoute: () => rootRoute, path: '/spin-the-wheel', validateSearch: (s: Record<string, unknown>) => ({ schedule: uuidParam(s.schedule) }), beforeLoad: guard('/spin-the-wheel'), component: lazyRouteComponent(offlineAware(SCREEN_CHUNKS['/spin-the-wheel'])) });
const memoryMatchRoute = createRoute({ getParentRoute: () => rootRoute, path: '/memory-match', validateSearch: (s: Record<string, unknown>) => ({ schedule: uuidParam(s.schedule) }), beforeLoad: guard('/memory-match'), component: lazyRouteComponent(offlineAware(SCREEN_CHUNKS['/memory-match'])) });
const gamesRoutes = [gamesRoute('/engage'), gamesRoute('/rewards'), gamesRoute('/lucky-draw-results'), gamesRoute('/cash-reward'), engagePlayRoute, couponRoute, spinRoute, memoryMatchRoute];
// Payments (issue 15): ?bot= of the checkout, ?pr= of the processing screen (a UUID), and what the
// card provider's page adds when it sends the payer back (redirect_status).
const paymentRequestSearch = (search: Record<string, unknown>) => {
  const pr = typeof search.pr === 'string' && /^[0-9a-f-]{36}$/i.test(search.pr) ? search.pr : '';
  const status = typeof search.redirect_status === 'string' ? search.redirect_status : '';
  return { pr, ...(search.failed === '1' ? { failed: '1' } : {}), ...(status ? { redirect_status: status } : {}) };
};
const manageUpiRoute = createRoute({ getParentRoute: () => rootRoute, path: '/manage-upi', beforeLoad: guard('/manage-upi'), component: lazyRouteComponent(offlineAware(SCREEN_CHUNKS['/manage-upi'])) });
// ?pr= when a bot's payment request message in chat opened the checkout (that request is paid)
const checkoutSearch = (search: Record<string, unknown>) => {
  const { pr } = paymentRequestSearch(search);
  return { bot: shopSearch(search).bot, ...(pr ? { pr } : {}) };
};
const checkoutRoute = createRoute({ getParentRoute: () => rootRoute, path: '/checkout', validateSearch: checkoutSearch, beforeLoad: guard('/checkout'), component: lazyRouteComponent(offlineAware(SCREEN_CHUNKS['/checkout'])) });
const paymentProcessingRoute = createRoute({ getParentRoute: () => rootRoute, path: '/payment-processing', validateSearch: paymentRequestSearch, beforeLoad: guard('/payment-processing'), component: lazyRouteComponent(offlineAware(SCREEN_CHUNKS['/payment-processing'])) });
// Mini apps, learning and the webview (issue 17): ?id=<16-digit mini app id>, ?url=<https link>
function miniAppSearch(search: Record<string, unknown>): { id: string } {
  const raw = typeof search.id === 'number' && Number.isSafeInteger(search.id) ? String(search.id) : search.id;
  return { id: typeof raw === 'string' && /^\d{16}$/.test(raw) ? raw : '' };
}
const webviewSearch = (search: Record<string, unknown>): { url: string } => ({ url: typeof search.url === 'string' ? search.url : '' });
const miniAppsRoute = createRoute({ getParentRoute: () => rootRoute, path: '/mini-apps', beforeLoad: guard('/mini-apps'), component: lazyRouteComponent(offlineAware(SCREEN_CHUNKS['/mini-apps'])) });
const miniAppInfoRoute = createRoute({ getParentRoute: () => rootRoute, path: '/mini-app-info', validateSearch: miniAppSearch, beforeLoad: guard('/mini-app-info'), component: lazyRouteComponent(offlineAware(SCREEN_CHUNKS['/mini-app-info'])) });
const miniAppViewRoute = createRoute({ getParentRoute: () => rootRoute, path: '/mini-app', validateSearch: miniAppSearch, beforeLoad: guard('/mini-app'), component: lazyRouteComponent(offlineAware(SCREEN_CHUNKS['/mini-app'])) });
const skillsCornerRoute = createRoute({ getParentRoute: () => rootRoute, path: '/skills-corner', beforeLoad: guard('/skills-corner'), component: lazyRouteComponent(offlineAware(SCREEN_CHUNKS['/skills-corner'])) });
const digitalClassRoute = createRoute({ getParentRoute: () => rootRoute, path: '/digital-class', beforeLoad: guard('/digital-class'), component: lazyRouteComponent(offlineAware(SCREEN_CHUNKS['/digital-class'])) });
const manageProfileRoute = createRoute({ getParentRoute: () => rootRoute, path: '/manage-profile', validateSearch: (s: Record<string, unknown>) => (typeof s.email === 'string' ? { email: s.email.slice(0, 16) } : {}), beforeLoad: guard('/manage-profile'), component: lazyRouteComponent(offlineAware(SCREEN_CHUNKS['/manage-profile'])) });
const customCodeRoute = createRoute({ getParentRoute: () => rootRoute, path: '/custom-code', beforeLoad: guard('/custom-code'), component: lazyRouteComponent(offlineAware(SCREEN_CHUNKS['/custom-code'])) });
const webviewRoute = createRoute({ getParentRoute: () => rootRoute, path: '/webview', validateSearch: webviewSearch, beforeLoad: guard('/webview'), component: lazyRouteComponent(offlineAware(SCREEN_CHUNKS['/webview'])) });

// Camera, QR and the welcome banner (issue 18): the capture routes take ?bot= (where the result is sent).
const cameraRoute = (path: '/image-capture' | '/images-captured' | '/video-capture' | '/desktop-media-capture') =>
  createRoute({ getParentRoute: () => rootRoute, path, validateSearch: botSearch, beforeLoad: guard(path), component: lazyRouteComponent(offlineAware(SCREEN_CHUNKS[path])) });
const cameraRoutes = [
  createRoute({ getParentRoute: () => rootRoute, path: '/qr-code-scan', beforeLoad: guard('/qr-code-scan'), component: lazyRouteComponent(offlineAware(SCREEN_CHUNKS['/qr-code-scan'])) }),
  cameraRoute('/image-capture'), cameraRoute('/images-captured'), cameraRoute('/video-capture'), cameraRoute('/desktop-media-capture'),
  createRoute({ getParentRoute: () => rootRoute, path: '/welcome-banner', beforeLoad: guard('/welcome-banner'), component: lazyRouteComponent(offlineAware(SCREEN_CHUNKS['/welcome-banner'])) }),
];

/**
 * /loading?to=<app link> (spec part 1 §2 route list): where short links land. A signed-in member
 * goes straight to the link; anyone else signs in (or finishes onboarding) first, and the link
 * opens after that, in place of the home screen. The splash shows meanwhile; a `to` that is not
 * an app route (another site, an API path) leads home.
 */
const loadingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/loading',
  beforeLoad: ({ context, search }) => {
    const link = linkTarget((search as Record<string, unknown>).to);
    // a standalone (single-bot) session stays with its bot (the guard sends it there)
    if (context.auth.standaloneBot) guard('/')({ context });
    if (context.auth.signedIn && context.auth.onboardingStep === null) redirectToLink(link);
    rememberLink(link);
    guard('/')({ context });
    throw redirect({ to: '/', replace: true });
  },
  component: () => <Splash />,
});

// Every route, in one list (each area adds its own routes above and names them here).
const routeTree = rootRoute.addChildren([
  loginRoute, otpRoute, onboardingRoute, homeRoute, chatRoute, standaloneRoute, loadingRoute, optionListRoute, shareLocationRoute,
  catalogRoute, cartRoute,
  settingsRoute, deleteAccountRoute,
  selectBotRoute,
  botInfoRoute, botFaqRoute, botReviewRoute, blockedRoute, archivedRoute,
  feedbackRoute, faqsRoute, termsRoute,
  savedItemsRoute,
  ...competitionRoutes,
  ...gamesRoutes,
  manageUpiRoute, checkoutRoute, paymentProcessingRoute,
  miniAppsRoute, miniAppInfoRoute, miniAppViewRoute, skillsCornerRoute, digitalClassRoute, webviewRoute,
  feedRoute, myActivityRoute,
  ...cameraRoutes,
  manageProfileRoute, customCodeRoute,
]);

export function createAppRouter(auth: AuthSnapshot) {
  return createRouter({
    routeTree,
    context: { auth },
    defaultPendingComponent: () => <Splash />,
    // a screen that cannot render (its code not reachable offline, or a crash): route-error.tsx
    defaultErrorComponent: RouteError,
    // Show the splash only when a chunk is slow (spotty networks), and then long enough not to flicker.
    defaultPendingMs: 300,
    defaultPendingMinMs: 300,
    // Every screen gets back where it was, but a chat thread: it opens at its unread marker or its
    // newest message (message-list.tsx); restored after that, a reload showed it mid-history.
    scrollRestoration: ({ location }) => !location.pathname.startsWith('/chat/'),
    // plain ?bot=<id> in the address bar, not JSON-quoted values (src/app/search-params.ts)
    parseSearch: parsePlainSearch,
    stringifySearch: stringifyPlainSearch,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
