// A lazy component that renders at once when its module is already in. React.lazy suspends on its
// first render even then (its promise settles a microtask later), and React holds back the commit
// of a suspended boundary's retry for up to 300 ms after its fallback showed (its reveal
// throttle): a cold start on the chat list committed its rows ~290 ms after they were rendered,
// with the main thread idle meanwhile (bench/README.md "cold-start"). Preloaded before the first
// render, the component here renders its module directly; not preloaded, it is React.lazy.
import { createElement, lazy, type ComponentType } from 'react';

export interface Preloadable<P extends object> {
  Component: ComponentType<P>;
  /** Fetches the module; resolves once it is in (or rejects: the lazy path then shows the error). */
  preload: () => Promise<void>;
}

export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>): Preloadable<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const fetchModule = () =>
    (pending ??= load().then(
      (component) => (loaded = component),
      (err: unknown) => {
        pending = null;
        throw err;
      },
    ));
  const Lazy = lazy(() => fetchModule().then((component) => ({ default: component })));
  // once the lazy path rendered, it stays: switching types would remount what is below
  let lazyRendered = false;
  function Component(props: P) {
    if (loaded && !lazyRendered) return createElement(loaded, props);
    lazyRendered = true;
    return createElement(Lazy, props);
  }
  return { Component, preload: () => fetchModule().then(() => undefined) };
}
