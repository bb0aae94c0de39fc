// What the local documents read as while a signed-out start shows the login screen before the
// data client has started (src/app/boot-hint.ts decides that start; DeferredDatabaseProvider runs
// it). The guess is what a signed-out device holds: no session token, no sign-in in progress,
// defaults everywhere, and the app language of the last visit. Each document's store starts from
// it when the client arrives, so nothing flashes back to the splash; the first real read of the
// document then replaces it (and if the guess was wrong, the routes follow the real state).
import type { LocalDocId, LocalDocTypes } from './local-docs';

export interface GuessSnapshot<T> {
  loaded: true;
  doc: T | null;
}

type Guesses = { [K in LocalDocId]?: LocalDocTypes[K] };

let guesses: Guesses | null = null;
const snapshots = new Map<LocalDocId, GuessSnapshot<unknown>>();

/** Starts guessing: every document reads as absent except those in `docs`. */
export function beginBootGuess(docs: Guesses): void {
  guesses = docs;
  snapshots.clear();
}

/** The client's stores are in place: documents read from the database from now on. */
export function endBootGuess(): void {
  guesses = null;
  snapshots.clear();
}

export function isBootGuessing(): boolean {
  return guesses !== null;
}

/** The guessed snapshot of `id` (one object per id, as useSyncExternalStore wants), or null when not guessing. */
export function bootGuess<K extends LocalDocId>(id: K): GuessSnapshot<LocalDocTypes[K]> | null {
  if (!guesses) return null;
  let snapshot = snapshots.get(id);
  if (!snapshot) {
    snapshot = { loaded: true, doc: guesses[id] ?? null };
    snapshots.set(id, snapshot);
  }
  // stored under its own id just above
  return snapshot as GuessSnapshot<LocalDocTypes[K]>;
}

export interface GuessSource<T> {
  subscribe(listener: () => void): () => void;
  getSnapshot(): GuessSnapshot<T>;
}

const sources = new Map<LocalDocId, GuessSource<unknown>>();
const noChanges = () => () => {};

/** A store over the guess of `id` for useSyncExternalStore (it never changes), or null when not guessing. */
export function bootGuessSource<K extends LocalDocId>(id: K): GuessSource<LocalDocTypes[K]> | null {
  const snapshot = bootGuess(id);
  if (!snapshot) return null;
  let source = sources.get(id);
  if (!source || source.getSnapshot() !== snapshot) {
    source = { subscribe: noChanges, getSnapshot: () => snapshot };
    sources.set(id, source);
  }
  // made for this id just above
  return source as GuessSource<LocalDocTypes[K]>;
}
