// The route tree (code-based, TanStack Router). Each screen is its own lazy chunk, so the login
// route loads only the login screen (report-size.ts finds it by the chunk name login-screen-*).
// The guards read the router context (who the user is), which App keeps current and re-checks
// with router.invalidate() whenever it changes: signing in, out or finishing onboarding moves
// the user by itself.
import { lazy, Suspense } from 'react';
import { Outlet, createRootRouteWithContext, createRoute, createRouter, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { parsePlainSearch, stringifyPlainSearch } from './search-params';
import { redirectFor, type AppPath, type AuthSnapshot } from './route-guards';
import { Splash } from './splash';
import { NotFound } from './not-found';
import { DialogsHost } from './dialogs-host';
import { SCREEN_CHUNKS } from './screen-chunks';

export interface RouterContext {
  auth: AuthSnapshot;
}

// Notifications concern signed-in users only: a lazy chunk, off the login route (report-size.ts).
const NotificationsHost = lazy(() => import('./notifications-host').then((m) => ({ default: m.NotificationsHost })));

/** Every screen, with the dialogs host above it (inside the router, so dialog actions can navigate). */
function RootLayout() {
  const signedIn = rootRoute.useRouteContext({ select: (context) => context.auth.signedIn });
  return (
    <>
      <Outlet />
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

function guard(path: AppPath) {
  return ({ context }: { context: RouterContext }) => {
    const to = redirectFor(path, context.auth);
    if (to) throw redirect({ to, replace: true });
  };
}

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: guard('/'),
  component: lazyRouteComponent(SCREEN_CHUNKS['/']),
});

const otpRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/otp-verification',
  beforeLoad: guard('/otp-verification'),
  component: lazyRouteComponent(SCREEN_CHUNKS['/otp-verification']),
});

const onboardingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/onboarding',
  beforeLoad: guard('/onboarding'),
  component: lazyRouteComponent(SCREEN_CHUNKS['/onboarding']),
});

/** Home's search view is a history entry of its own (?search=open), so Back closes it before leaving Home. */
function homeSearch(search: Record<string, unknown>): { search?: 'open' } {
  return search.search === 'open' ? { search: 'open' } : {};
}

const homeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/home',
  validateSearch: homeSearch,
  beforeLoad: guard('/home'),
  component: lazyRouteComponent(SCREEN_CHUNKS['/home']),
});

const chatRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/chat/$botUuid',
  beforeLoad: guard('/chat/$botUuid'),
  component: lazyRouteComponent(SCREEN_CHUNKS['/chat/$botUuid']),
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
  component: lazyRouteComponent(SCREEN_CHUNKS['/catalog']),
});

const cartRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/cart',
  validateSearch: (search: Record<string, unknown>) => ({ bot: shopSearch(search).bot }),
  beforeLoad: guard('/cart'),
  component: lazyRouteComponent(SCREEN_CHUNKS['/cart']),
});

const settingsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/settings',
  beforeLoad: guard('/settings'),
  component: lazyRouteComponent(SCREEN_CHUNKS['/settings']),
});

const deleteAccountRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/delete-account',
  beforeLoad: guard('/delete-account'),
  component: lazyRouteComponent(SCREEN_CHUNKS['/delete-account']),
});

const selectBotRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/select-bot',
  beforeLoad: guard('/select-bot'),
  component: lazyRouteComponent(SCREEN_CHUNKS['/select-bot']),
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

const botInfoRoute = createRoute({ getParentRoute: () => rootRoute, path: '/bot-info', validateSearch: botSearch, beforeLoad: guard('/bot-info'), component: lazyRouteComponent(SCREEN_CHUNKS['/bot-info']) });
const botFaqRoute = createRoute({ getParentRoute: () => rootRoute, path: '/bot-faq', validateSearch: botSearch, beforeLoad: guard('/bot-faq'), component: lazyRouteComponent(SCREEN_CHUNKS['/bot-faq']) });
const botReviewRoute = createRoute({ getParentRoute: () => rootRoute, path: '/bot-review', validateSearch: botSearch, beforeLoad: guard('/bot-review'), component: lazyRouteComponent(SCREEN_CHUNKS['/bot-review']) });
const blockedRoute = createRoute({ getParentRoute: () => rootRoute, path: '/blocked', beforeLoad: guard('/blocked'), component: lazyRouteComponent(SCREEN_CHUNKS['/blocked']) });
const archivedRoute = createRoute({ getParentRoute: () => rootRoute, path: '/archived', beforeLoad: guard('/archived'), component: lazyRouteComponent(SCREEN_CHUNKS['/archived']) });

const feedbackRoute = createRoute({ getParentRoute: () => rootRoute, path: '/feedback', beforeLoad: guard('/feedback'), component: lazyRouteComponent(SCREEN_CHUNKS['/feedback']) });
const faqsRoute = createRoute({ getParentRoute: () => rootRoute, path: '/faqs', beforeLoad: guard('/faqs'), component: lazyRouteComponent(SCREEN_CHUNKS['/faqs']) });
const termsRoute = createRoute({ getParentRoute: () => rootRoute, path: '/terms-of-use-menu', beforeLoad: guard('/terms-of-use-menu'), component: lazyRouteComponent(SCREEN_CHUNKS['/terms-of-use-menu']) });
const savedItemsRoute = createRoute({ getParentRoute: () => rootRoute, path: '/saved-items', beforeLoad: guard('/saved-items'), component: lazyRouteComponent(SCREEN_CHUNKS['/saved-items']) });

// Every route, in one list (each area adds its own routes above and names them here).
const routeTree = rootRoute.addChildren([
  loginRoute, otpRoute, onboardingRoute, homeRoute, chatRoute,
  catalogRoute, cartRoute,
  settingsRoute, deleteAccountRoute,
  selectBotRoute,
  botInfoRoute, botFaqRoute, botReviewRoute, blockedRoute, archivedRoute,
  feedbackRoute, faqsRoute, termsRoute,
  savedItemsRoute,
]);

export function createAppRouter(auth: AuthSnapshot) {
  return createRouter({
    routeTree,
    context: { auth },
    defaultPendingComponent: () => <Splash />,
    // Show the splash only when a chunk is slow (spotty networks), and then long enough not to flicker.
    defaultPendingMs: 300,
    defaultPendingMinMs: 300,
    scrollRestoration: true,
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
