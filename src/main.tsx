// Boot: open the database and start the sync engine (src/db/README.md), then render. Until then
// index.html shows the logo; if the database cannot open (storage blocked, private mode on an
// old browser), a short notice in the stored language (English by default) explains it.
// first: starts the database's chunk on its way before the other modules evaluate
import './app/boot-early';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startClient } from './db/client';
import { DatabaseProvider } from './db/database-provider';
import { DeferredDatabaseProvider } from './db/deferred-database-provider';
import { isSignedOutStart, signedOutGuess } from './app/boot-hint';
import { markBoot, threadOfPath, whenScreenPainted } from './db/boot-gate';
import { App } from './app/app';
import { BootFailure } from './app/boot-failure';
import { preloadForBoot } from './app/boot-preload';
import { preloadFeedPanel, preloadSignedInShell } from './app/shell-chunks';
import { captureInstallPrompt } from './app/install-prompt';
import { onIdle } from './app/idle';
import './styles/base.css';

markBoot('main');
const root = createRoot(document.getElementById('root')!);

captureInstallPrompt();
const signedOutStart = isSignedOutStart();
const preloaded = preloadForBoot(signedOutStart);

/**
 * The service worker (production builds only: in development Vite serves modules that a cache
 * would only get in the way of). Its glue is a separate chunk, loaded once the page has loaded
 * and the browser is idle, so it neither weighs on the login route nor competes with the first
 * paint; the precache downloads start only then.
 */
function registerServiceWorkerLater(): void {
  if (!import.meta.env.PROD) return;
  const start = () => void import('./app/service-worker').then((m) => m.startServiceWorker()).catch(() => undefined);
  const whenIdle = () => onIdle(start);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

// A signed-out start renders the login screen first and starts the data client once that
// screen's code and messages are in (src/app/boot-hint.ts); any other start reads the database first.
// Cold start on the chat list (bench/README.md "cold-start"): the reads the first screen needs start
// with the database open (their module is fetched meanwhile, off the login route), and on /home the
// sync worker waits until the list is painted (at most WORKER_START_CAP_MS). The same for a thread
// opened cold (/chat/{bot}, bench/README.md "thread-open"): its header and newest page are read
// with the database open, and the worker waits until the thread is painted.
const bootPath = window.location.pathname;
const WORKER_START_CAP_MS = 3_000;
if (signedOutStart) {
  root.render(
    <StrictMode>
      <DeferredDatabaseProvider start={() => preloaded.then(() => startClient())} guess={signedOutGuess()} fallback={<BootFailure />}>
        <App />
      </DeferredDatabaseProvider>
    </StrictMode>,
  );
  registerServiceWorkerLater();
} else {
  const bootPrefetch = import('./db/boot-prefetch');
  // the signed-in shell's chunks with the database: the first screen then renders without
  // suspending (src/app/preloadable.ts: a suspended start committed ~290 ms late)
  const shell = preloadSignedInShell();
  Promise.all([startClient({
    prefetch: async (db) => {
      const { prefetchForBoot, storedHomeTab } = await bootPrefetch;
      await prefetchForBoot(db, bootPath);
      // home's Feed tab is a chunk of its own: in before the first render, as the shell is
      if (bootPath === '/home' && storedHomeTab(db) === 'post') await preloadFeedPanel();
    },
    ...(bootPath === '/home' || threadOfPath(bootPath) !== null ? { startWorkerAfter: whenScreenPainted(WORKER_START_CAP_MS) } : {}),
  }), shell]).then(
  ([client]) => {
    markBoot('client-started');
    root.render(
      <StrictMode>
        <DatabaseProvider client={client}>
          <App />
        </DatabaseProvider>
      </StrictMode>,
    );
    registerServiceWorkerLater();
  },
  (err: unknown) => {
    console.error('could not start the data client', err);
    root.render(<BootFailure />);
    // the shell still deserves its offline start: the notice then shows offline too
    registerServiceWorkerLater();
  },
  );
}
