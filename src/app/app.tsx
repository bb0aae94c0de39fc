// The app: database → language → error boundary → dialogs → router. Each provider renders the
// splash until what it needs has been read, so no screen ever renders on guessed state.
import { useEffect, useMemo, useRef, useState } from 'react';
import { RouterProvider } from '@tanstack/react-router';
// The modules themselves, not the ui-surface index: what the entry imports statically is on the
// login route, and the index would bring every hook and command of every screen (report-size.ts).
import { useAuthFlow } from '../db/hooks/use-auth-flow';
import { useOnboardingState } from '../db/hooks/use-onboarding-step';
import { useSession } from '../db/hooks/use-session';
import { useSettings } from '../db/hooks/use-settings';
import { markBoot } from '../db/boot-gate';
import { useScreenPainted } from '../db/hooks/use-screen-painted';
import { recordScreenView } from '../db/commands/record-screen-view';
import { AppIntlProvider } from './intl-provider';
import { ErrorBoundary } from './error-boundary';
import { CrashScreen } from './crash-screen';
import { DialogQueueProvider } from './dialog-queue';
import { ConfirmProvider } from './confirm';
import { createAppRouter } from './router';
import { keepEntryLink, landedAt } from './pending-link';
import type { AuthSnapshot } from './route-guards';
import { rememberBootHint } from './boot-hint';
import { warmOfflineScreens } from './offline-screens';
import { Splash } from './splash';

function useAuthSnapshot(): AuthSnapshot | null {
  const session = useSession();
  const flow = useAuthFlow();
  const onboarding = useOnboardingState();
  const step = onboarding.step;
  const standalone = session.doc?.isStandalone === true;
  // a standalone web session is no member's: it opens its one bot (route-guards.ts)
  const signedIn = !!session.doc?.token && !standalone;
  const standaloneBot = standalone && session.doc?.token ? session.doc.selectedBot?.bot_uuid ?? null : null;
  const otpRequested = flow.doc.otpRequested && !!flow.doc.mobile && !standalone;
  const ready = session.loaded && flow.loaded && onboarding.loaded;
  return useMemo(
    () => (ready ? { signedIn, otpRequested, onboardingStep: signedIn ? step : null, standaloneBot } : null),
    [ready, signedIn, otpRequested, step, standaloneBot],
  );
}

/** The user's font settings (spec part 1 §3: size and weight scale) applied to the whole page. */
function useFontSettings() {
  const settings = useSettings();
  const { sizeScale, boldText } = settings.doc;
  useEffect(() => {
    const root = document.documentElement;
    root.style.setProperty('--app-size-scale', String(sizeScale > 0 ? sizeScale : 1));
    root.classList.toggle('bold-text', boldText);
  }, [sizeScale, boldText]);
}

function Routes() {
  const auth = useAuthSnapshot();
  useFontSettings();
  // a start that does not land on the home list (signed out, onboarding) has nothing to wait for
  useScreenPainted(auth !== null && !(auth.signedIn && auth.onboardingStep === null));
  if (!auth) return <Splash />;
  markBoot('auth-ready');
  return <LiveRouter auth={auth} />;
}

function LiveRouter({ auth }: { auth: AuthSnapshot }) {
  const [router] = useState(() => {
    // opened at a screen behind sign-in by someone not signed in (or still onboarding): that
    // screen opens after sign-in instead of home (pending-link.ts); not for a standalone session
    if (!auth.standaloneBot && !(auth.signedIn && auth.onboardingStep === null)) keepEntryLink(window.location.pathname, window.location.search);
    return createAppRouter(auth);
  });
  const previous = useRef(auth);
  useEffect(() => rememberBootHint(auth), [auth]);
  // a member's app (signed in, onboarded): the screens used offline, ahead of the service worker
  useEffect(() => {
    if (auth.signedIn && auth.onboardingStep === null && !auth.standaloneBot) void warmOfflineScreens();
  }, [auth]);
  // a signed-out visitor at '/' on a host name the server maps to a bot: that bot's standalone app
  // (a lazy chunk: off the login route's JavaScript, report-size.ts)
  useEffect(() => {
    if (auth.signedIn || auth.otpRequested || auth.standaloneBot || router.state.location.pathname !== '/') return;
    let cancel: (() => void) | null = null;
    let live = true;
    void import('./standalone-host').then((m) => {
      if (live) cancel = m.openMappedHost(router);
    }).catch(() => undefined);
    return () => {
      live = false;
      cancel?.();
    };
  }, [auth, router]);
  // analytics screen views (spec: named by the last path segment): once per route the app lands on
  useEffect(() => {
    let last: string | null = null;
    const record = (pathname: string) => {
      if (pathname === last) return;
      last = pathname;
      void recordScreenView(pathname);
    };
    record(router.state.location.pathname);
    return router.subscribe('onResolved', (event) => record(event.toLocation.pathname));
  }, [router]);
  // a link kept for after sign-in has had its turn once the app is past the sign-in screens
  useEffect(() => router.subscribe('onResolved', (event) => landedAt(event.toLocation.pathname)), [router]);
  useEffect(() => {
    if (previous.current === auth) return;
    previous.current = auth;
    // RouterProvider has put the new auth into the context; re-run the guards of the current route.
    void router.invalidate();
  }, [auth, router]);
  return <RouterProvider router={router} context={{ auth }} />;
}

export function App() {
  return (
    <AppIntlProvider>
      <ErrorBoundary fallback={(reset) => <CrashScreen onRetry={reset} />}>
        <DialogQueueProvider>
          <ConfirmProvider>
            <Routes />
          </ConfirmProvider>
        </DialogQueueProvider>
      </ErrorBoundary>
    </AppIntlProvider>
  );
}
