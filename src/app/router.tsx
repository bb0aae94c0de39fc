// The route tree (code-based, TanStack Router). Each screen is its own lazy chunk, so the login
// route loads only the login screen (report-size.ts finds it by the chunk name login-screen-*).
// The guards read the router context (who the user is), which App keeps current and re-checks
// with router.invalidate() whenever it changes: signing in, out or finishing onboarding moves
// the user by itself.
import { Outlet, createRootRouteWithContext, createRoute, createRouter, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { redirectFor, type AppPath, type AuthSnapshot } from './route-guards';
import { Splash } from './splash';
import { NotFound } from './not-found';
import { DialogsHost } from './dialogs-host';
import { NotificationsHost } from './notifications-host';
import { SCREEN_CHUNKS } from './screen-chunks';

export interface RouterContext {
  auth: AuthSnapshot;
}

/** Every screen, with the dialogs host above it (inside the router, so dialog actions can navigate). */
function RootLayout() {
  return (
    <>
      <Outlet />
      <DialogsHost />
      <NotificationsHost />
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

const homeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/home',
  beforeLoad: guard('/home'),
  component: lazyRouteComponent(SCREEN_CHUNKS['/home']),
});

const chatRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/chat/$botUuid',
  beforeLoad: guard('/chat/$botUuid'),
  component: lazyRouteComponent(SCREEN_CHUNKS['/chat/$botUuid']),
});

const routeTree = rootRoute.addChildren([loginRoute, otpRoute, onboardingRoute, homeRoute, chatRoute]);

export function createAppRouter(auth: AuthSnapshot) {
  return createRouter({
    routeTree,
    context: { auth },
    defaultPendingComponent: () => <Splash />,
    // Show the splash only when a chunk is slow (spotty networks), and then long enough not to flicker.
    defaultPendingMs: 300,
    defaultPendingMinMs: 300,
    scrollRestoration: true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
