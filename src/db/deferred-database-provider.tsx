// The provider of a signed-out start (src/app/boot-hint.ts): the app renders at once on the boot's
// guess (boot-guess.ts) and the data client, with RxDB and the sync worker, starts after the
// opening screen's code has arrived, so a first visit on a slow network downloads and parses the
// login screen before the database. Commands the login screen runs before then wait for the
// client (clientForCommand). If the network goes before the database's code comes, the app stays
// and a later command (or the network's return) starts it again; if the database itself cannot
// open, `fallback` replaces the app, as at a normal boot.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ClientCodeUnavailable, setClientRetry, type Client } from './client';
import { ClientContext } from './client-context';
import { beginBootGuess, endBootGuess } from './boot-guess';
import type { LocalDocTypes } from './local-docs';

export interface DeferredDatabaseProviderProps {
  /** Starts the client (called once, after the first render). */
  start: () => Promise<Client>;
  /** What the signed-out device is taken to hold until the database is read (absent: defaults). */
  guess: { [K in keyof LocalDocTypes]?: LocalDocTypes[K] };
  fallback: ReactNode;
  children: ReactNode;
}

export function DeferredDatabaseProvider({ start, guess, fallback, children }: DeferredDatabaseProviderProps) {
  const [client, setClient] = useState<Client | null>(null);
  const [failed, setFailed] = useState(false);
  // before the first render of the children, which read the guess
  const begun = useRef(false);
  if (!begun.current) {
    begun.current = true;
    beginBootGuess(guess);
  }
  const started = useRef<Promise<Client> | null>(null);

  useEffect(() => {
    let live = true;
    const attempt = () => {
      // once per page (and per retry), though StrictMode runs this effect twice in development
      const current = (started.current ??= start());
      current.then(
        (c) => {
          if (live) setClient(c);
          setClientRetry(null);
        },
        (err: unknown) => {
          if (err instanceof ClientCodeUnavailable) {
            // The network went before the database's code came: the login screen stays, and the
            // next command or the network's return tries again (commands meanwhile say there is
            // no internet instead of waiting).
            if (started.current === current) started.current = null;
            setClientRetry(attempt);
            return;
          }
          console.error('could not start the data client', err);
          if (live) setFailed(true);
        },
      );
    };
    attempt();
    window.addEventListener('online', attempt);
    return () => {
      live = false;
      window.removeEventListener('online', attempt);
    };
  }, [start]);

  // The render with the client has created each mounted document's store from the guess; from
  // now on a new store starts unloaded, as usual.
  useEffect(() => {
    if (client) endBootGuess();
  }, [client]);

  if (failed) return <>{fallback}</>;
  return <ClientContext.Provider value={client}>{children}</ClientContext.Provider>;
}
