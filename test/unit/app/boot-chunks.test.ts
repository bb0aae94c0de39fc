// The build's chunk groups for a signed-in start (scripts/boot-chunks-plugin.ts): what each group
// takes from a module graph, and the build's check that the login route loads neither group.
import { describe, expect, it } from 'vitest';
import { bootChunkSets, groupsOnLoginRoute } from '../../../scripts/boot-chunks-plugin';

const R = '/repo';
/** A small app: the entry, the login screen, the data client and the chat list, sharing modules. */
const IMPORTS: Record<string, string[]> = {
  [`${R}/index.html`]: [`${R}/src/main.tsx`],
  [`${R}/src/main.tsx`]: [`${R}/node_modules/react/index.js`, `${R}/src/db/client.ts`],
  [`${R}/src/db/client.ts`]: [`${R}/node_modules/rxjs/index.js`],
  [`${R}/node_modules/rxjs/index.js`]: [`${R}/node_modules/rxjs/Observable.js`, `${R}/node_modules/rxjs/BehaviorSubject.js`],
  [`${R}/src/screens/login/login-screen.tsx`]: [`${R}/src/ui/button.tsx`, `${R}/src/screens/login/hero.tsx`, `${R}/src/db/local-store.ts`],
  [`${R}/src/db/local-store.ts`]: [`${R}/node_modules/rxjs/index.js`],
  [`${R}/src/i18n/messages/en.json?boot`]: [],
  [`${R}/src/db/database.ts`]: [`${R}/node_modules/rxdb/index.js`, `${R}/node_modules/rxjs/index.js`],
  [`${R}/src/workers/sync-client.ts`]: [`${R}/node_modules/comlink/index.js`],
  [`${R}/src/db/boot-prefetch.ts`]: [`${R}/src/db/database.ts`],
  [`${R}/src/screens/home/home-screen.tsx`]: [`${R}/src/screens/home/chat-rows.tsx`, `${R}/src/db/hooks.ts`, `${R}/src/ui/button.tsx`, `${R}/src/ui/avatar.tsx`],
  [`${R}/src/db/hooks.ts`]: [`${R}/src/db/database.ts`, `${R}/node_modules/react/index.js`],
  [`${R}/src/app/gated-outlet.tsx`]: [`${R}/src/app/feature-gate.tsx`],
  [`${R}/src/app/notifications-host.tsx`]: [],
};
const graph = {
  getModuleIds: () => new Set([...Object.keys(IMPORTS), ...Object.values(IMPORTS).flat()]).values(),
  getModuleInfo: (id: string) => ({ isEntry: id.endsWith('index.html'), importedIds: IMPORTS[id] ?? [] }),
};

describe('bootChunkSets', () => {
  const { data, appShared, shared } = bootChunkSets(graph);

  it('data: the data client and what it imports that the login route does not', () => {
    expect([...data].sort()).toEqual([
      `${R}/node_modules/comlink/index.js`, `${R}/node_modules/rxdb/index.js`,
      `${R}/src/db/boot-prefetch.ts`, `${R}/src/db/database.ts`, `${R}/src/workers/sync-client.ts`,
    ]);
  });

  it("app-shared: the shell's imports, without the login route's modules, the data client or the chat list's own", () => {
    expect([...appShared].sort()).toEqual([
      `${R}/node_modules/react/index.js`, `${R}/src/app/feature-gate.tsx`, `${R}/src/app/gated-outlet.tsx`,
      `${R}/src/app/notifications-host.tsx`, `${R}/src/db/hooks.ts`, `${R}/src/ui/avatar.tsx`,
    ]);
  });

  it("shared: what the signed-in start and the login route's lazy code both import, outside the login screen's folder", () => {
    expect([...shared].sort()).toEqual([
      `${R}/node_modules/rxjs/BehaviorSubject.js`, `${R}/node_modules/rxjs/Observable.js`, `${R}/node_modules/rxjs/index.js`, `${R}/src/ui/button.tsx`,
    ]);
  });

  it('finds nothing when the roots are renamed (the plugin then warns)', () => {
    const empty = bootChunkSets({ getModuleIds: () => [`${R}/index.html`].values(), getModuleInfo: () => ({ isEntry: true, importedIds: [] }) });
    expect(empty.data.size + empty.appShared.size + empty.shared.size).toBe(0);
  });
});

describe('groupsOnLoginRoute', () => {
  const chunk = (fileName: string, name: string, imports: string[], extra: { isEntry?: boolean; facadeModuleId?: string } = {}) =>
    ({ fileName, name, imports, isEntry: extra.isEntry ?? false, facadeModuleId: extra.facadeModuleId ?? null });

  it('passes when only signed-in screens load the groups', () => {
    expect(groupsOnLoginRoute([
      chunk('index.js', 'index', ['boot.js'], { isEntry: true }),
      chunk('boot.js', 'boot', []),
      chunk('login-screen.js', 'login-screen', ['index.js'], { facadeModuleId: `${R}/src/screens/login/login-screen.tsx` }),
      chunk('home-screen.js', 'home-screen', ['app-shared.js', 'data.js']),
      chunk('app-shared.js', 'app-shared', ['data.js', 'index.js']),
      chunk('data.js', 'data', ['index.js']),
    ])).toEqual([]);
  });

  it('names a group that the entry or the login screen would load through their static imports', () => {
    expect(groupsOnLoginRoute([
      chunk('index.js', 'index', [], { isEntry: true }),
      chunk('login-screen.js', 'login-screen', ['button.js'], { facadeModuleId: `${R}/src/screens/login/login-screen.tsx` }),
      chunk('button.js', 'button', ['app-shared.js']),
      chunk('app-shared.js', 'app-shared', ['data.js']),
      chunk('data.js', 'data', []),
    ]).sort()).toEqual(['app-shared.js', 'data.js']);
  });
});
