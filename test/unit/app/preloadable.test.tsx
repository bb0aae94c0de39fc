// src/app/preloadable.ts: preloaded, the component renders its module in the first render (no
// suspension, so no throttled reveal); not preloaded, it suspends like React.lazy; a failed
// load can be tried again.
import { Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { preloadable } from '../../../src/app/preloadable';

const Hello = ({ name }: { name: string }) => <p>hello {name}</p>;
const inSuspense = (node: React.ReactNode) => renderToString(<Suspense fallback={<i>waiting</i>}>{node}</Suspense>);

describe('preloadable', () => {
  it('renders its module at once after preload, with its props', async () => {
    const { Component, preload } = preloadable(() => Promise.resolve(Hello));
    await preload();
    const html = inSuspense(<Component name="Asha" />);
    expect(html).toContain('hello <!-- -->Asha');
    expect(html).not.toContain('waiting');
  });

  it('suspends when not preloaded (the first render shows the fallback)', () => {
    const { Component } = preloadable(() => Promise.resolve(Hello));
    expect(inSuspense(<Component name="Asha" />)).toContain('waiting');
  });

  it('keeps the lazy path once it rendered it, even after the module came (no remount below it)', async () => {
    const { Component, preload } = preloadable(() => Promise.resolve(Hello));
    // the component itself (no hooks): what it renders, without React
    const renders = (name: string) => (Component as (props: { name: string }) => React.ReactElement)({ name }).type;
    inSuspense(<Component name="Asha" />);
    await preload();
    expect(renders('Ravi')).not.toBe(Hello);
    // React.lazy's own payload is resolved now: the lazy path renders the module too
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(inSuspense(<Component name="Ravi" />)).toContain('hello <!-- -->Ravi');
    // a preloaded one that never went lazy renders the module itself
    const direct = preloadable(() => Promise.resolve(Hello));
    await direct.preload();
    expect((direct.Component as (props: { name: string }) => React.ReactElement)({ name: 'Asha' }).type).toBe(Hello);
  });

  it('loads once for many preloads, and again after a failure', async () => {
    let calls = 0;
    const { preload } = preloadable(() => (++calls === 1 ? Promise.reject(new Error('offline')) : Promise.resolve(Hello)));
    await expect(preload()).rejects.toThrow('offline');
    await Promise.all([preload(), preload()]);
    expect(calls).toBe(2);
  });
});
