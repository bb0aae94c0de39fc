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
import { AppIntlProvider } from './intl-provider';
import { ErrorBoundary } from './error-boundary';
import { CrashScreen } from './crash-screen';
import { DialogQueueProvider } from './dialog-queue';
import { ConfirmProvider } from './confirm';
import { createAppRouter } from './router';
import type { AuthSnapshot } from './route-guards';
import { rememberBootHint } from './boot-hint';
import { Splash } from './splash';

function useAuthSnapshot(): AuthSnapshot | null {
  const session = useSession();
  const flow = useAuthFlow();
  const onboarding = useOnboardingState();
  const step = onboarding.step;
  const signedIn = !!session.doc?.token;
  const otpRequested = flow.doc.otpRequested && !!flow.doc.mobile;
  const ready = session.loaded && flow.loaded && onboarding.loaded;
  return useMemo(() => (ready ? { signedIn, otpRequested, onboardingStep: signedIn ? step : null } : null), [ready, signedIn, otpRequested, step]);
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
  const [router] = useState(() => createAppRouter(auth));
  const previous = useRef(auth);
  useEffect(() => rememberBootHint(auth), [auth]);
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
