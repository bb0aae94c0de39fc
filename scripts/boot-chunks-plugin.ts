// Fewer, larger chunks (issue 20, bench/README.md "cold-start"). Left to itself, Rolldown cuts the
// code of a cold /home into ~95 files (one per set of screens that share a module); the browser
// then spends the start fetching, compiling and linking small files while the database waits for
// its code. Four groups, highest priority first:
//  - `boot`: the entry's static imports (Rolldown's `$initial` tag), one chunk instead of ~25;
//  - `boot-shared`: what a signed-in start and the login route's lazy code both import (small);
//  - `data`: the data client (src/db/database.ts with RxDB and Dexie, the worker's page-side client,
//    the boot reads), loaded by every signed-in start;
//  - `app-shared`: what the chat list and the shell around it import (hooks, commands, the shared
//    screen parts), which most other screens import too.
// `data` and `app-shared` take no module the login route loads (the login screen's, the boot
// messages', the mapped-host check's, the service worker glue's), and the build fails if the
// login route would load either (scripts/report-size.ts, test/e2e/login-route.test.ts). A screen's
// own modules stay in its chunk (the chat list's too), so opening one screen loads no other.
import type { Plugin } from 'vite';
import type { CodeSplittingGroup } from 'rolldown';

interface ModuleGraph {
  getModuleIds(): IterableIterator<string>;
  getModuleInfo(id: string): { isEntry: boolean; importedIds: readonly string[] } | null;
}

// Each group's modules are its roots' static imports, transitively. The login route's roots,
// besides the entry: what a signed-out visit at / loads, the login screen and its messages at
// once, the mapped-host check (src/app/app.tsx) and the service worker's glue once idle.
const LOGIN_ROOTS = [
  /\/src\/screens\/login\/login-screen\.tsx$/,
  /\/src\/i18n\/messages\/en\.json\?boot$/,
  /\/src\/app\/standalone-host\.ts$/,
  /\/src\/app\/service-worker\.ts$/,
];
const DATA_ROOTS = [/\/src\/db\/database\.ts$/, /\/src\/workers\/sync-client\.ts$/, /\/src\/db\/boot-prefetch\.ts$/];
const SHELL_ROOTS = [/\/src\/screens\/home\/home-screen\.tsx$/, /\/src\/app\/gated-outlet\.tsx$/, /\/src\/app\/notifications-host\.tsx$/];
/** The groups the login route must not load. */
const GROUP_NAMES = new Set(['data', 'app-shared']);
/** The chat list's own modules stay in the home screen's chunk. */
const SCREEN_OWN = /\/src\/screens\/home\//;
const LOGIN_OWN = /\/src\/screens\/login\//;

export interface BootChunkSets {
  data: Set<string>;
  appShared: Set<string>;
  shared: Set<string>;
}

/** Everything reachable from `roots` by `next` (the roots included). */
function reachable<T>(roots: readonly T[], next: (node: T) => readonly T[]): Set<T> {
  const seen = new Set<T>();
  const queue = [...roots];
  while (queue.length > 0) {
    const node = queue.pop()!;
    if (seen.has(node)) continue;
    seen.add(node);
    queue.push(...next(node));
  }
  return seen;
}

/** The modules of the groups `data`, `app-shared` and `boot-shared`, from the module graph of a finished build. */
export function bootChunkSets(graph: ModuleGraph): BootChunkSets {
  const ids = [...graph.getModuleIds()];
  const matching = (patterns: RegExp[]) => ids.filter((id) => patterns.some((p) => p.test(id)));
  const closure = (roots: RegExp[]) => reachable(matching(roots), (id) => graph.getModuleInfo(id)?.importedIds ?? []);
  const loginPath = closure(LOGIN_ROOTS);
  const dataAll = closure(DATA_ROOTS);
  const shellAll = closure(SHELL_ROOTS);
  const data = new Set([...dataAll].filter((id) => !loginPath.has(id)));
  const appShared = new Set([...shellAll].filter((id) => !loginPath.has(id) && !dataAll.has(id) && !SCREEN_OWN.test(id)));
  // What both a signed-in start and the login route's lazy code import (the import graph
  // over-states it: a package's index imports all of the package, though only what is used is
  // bundled), outside the login screen's own folder: one small chunk instead of a dozen.
  const shared = new Set([...dataAll, ...shellAll].filter((id) => loginPath.has(id) && !LOGIN_OWN.test(id) && !SCREEN_OWN.test(id)));
  return { data, appShared, shared };
}

interface BuiltChunk {
  fileName: string;
  name: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: readonly string[];
}

/** The group chunks (data, app-shared) that the entry or the login screen loads with their static imports: none, or the build is wrong. */
export function groupsOnLoginRoute(chunks: readonly BuiltChunk[]): string[] {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const roots = chunks.filter((chunk) => chunk.isEntry || LOGIN_ROOTS.some((p) => p.test(chunk.facadeModuleId ?? ''))).map((chunk) => chunk.fileName);
  const loaded = reachable(roots, (fileName) => byFile.get(fileName)?.imports ?? []);
  return [...loaded].filter((fileName) => GROUP_NAMES.has(byFile.get(fileName)?.name ?? ''));
}

/**
 * The plugin reads the module graph once the build has it (buildEnd, before chunks are made) and
 * fills `sets`, which the returned `groups` read while Rolldown makes the chunks (vite.config.ts).
 */
export function bootChunks(): { plugin: Plugin; groups: CodeSplittingGroup[] } {
  let sets: BootChunkSets = { data: new Set(), appShared: new Set(), shared: new Set() };
  const plugin: Plugin = {
    name: 'boot-chunks',
    apply: 'build',
    buildEnd(error) {
      if (error) return;
      sets = bootChunkSets(this);
      // a rename of a root would silently bring the small chunks back
      if (sets.data.size === 0 || sets.appShared.size === 0) this.warn('boot-chunks: a root was not found, the groups are empty');
    },
    generateBundle(_options, bundle) {
      // A module of the login route in a group would make the login route load the whole group:
      // the build fails rather than ship that (the login route's 150 KB budget).
      const grouped = groupsOnLoginRoute(Object.values(bundle).flatMap((file) => (file.type === 'chunk' ? [file] : [])));
      if (grouped.length > 0) this.error(`boot-chunks: the login route would load ${grouped.join(', ')}`);
    },
  };
  return {
    plugin,
    groups: [
      { name: 'boot', tags: ['$initial'], priority: 3 },
      { name: 'boot-shared', test: (id) => sets.shared.has(id), includeDependenciesRecursively: false, priority: 2.5 },
      { name: 'data', test: (id) => sets.data.has(id), includeDependenciesRecursively: false, priority: 2 },
      { name: 'app-shared', test: (id) => sets.appShared.has(id), includeDependenciesRecursively: false, priority: 1 },
    ],
  };
}
