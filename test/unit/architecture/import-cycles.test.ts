// No import cycle between the files of src/, server/ and sw/: type-only imports count too (a
// type cycle is a layering mistake waiting for its first value import). Specifiers are read with
// the TypeScript compiler's import scanner: import, export ... from, import() and require.
// Between the folders of src/ (db, sync, screens...), no cycle of the code that loads with a
// module: static imports of values (the lazy import() of a route or of the engine, and type-only
// imports, are not code that loads with it).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = process.cwd();

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** file -> the project files it imports (relative specifiers only; packages are not ours). */
function importGraph(files: readonly string[]): Map<string, string[]> {
  const known = new Set(files);
  const resolveSpecifier = (from: string, specifier: string): string | null => {
    if (!specifier.startsWith('.')) return null;
    const base = resolve(dirname(from), specifier);
    const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
    return candidates.find((c) => known.has(c)) ?? null;
  };
  return new Map(files.map((file) => {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    return [file, importedFiles.map((i) => resolveSpecifier(file, i.fileName)).filter((f): f is string => f !== null)];
  }));
}

/** Static imports of values: not `import type`, not `import { type A }` only, not import(). */
function valueImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const specifiers: string[] = [];
  for (const node of source.statements) {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly = clause !== undefined && (clause.isTypeOnly || (!clause.name && clause.namedBindings !== undefined
        && ts.isNamedImports(clause.namedBindings) && clause.namedBindings.elements.length > 0 && clause.namedBindings.elements.every((e) => e.isTypeOnly)));
      if (!typeOnly) specifiers.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier) && !node.isTypeOnly) {
      const named = node.exportClause && ts.isNamedExports(node.exportClause) ? node.exportClause.elements : null;
      if (!named || named.length === 0 || !named.every((e) => e.isTypeOnly)) specifiers.push(node.moduleSpecifier.text);
    }
  }
  return specifiers;
}

/** The cycles of a graph, one per strongly connected component of more than one file (Tarjan). */
function cyclesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || graph.get(v)?.includes(v)) cycles.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return cycles;
}

describe('import cycles', () => {
  it('finds a cycle, type-only imports included', () => {
    const graph = new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['a']]]);
    expect(cyclesOf(graph)).toEqual([['a', 'b', 'c']]);
  });

  it('none between the files of src/, server/ and sw/', () => {
    const files = ['src', 'server', 'sw'].flatMap((dir) => sourceFiles(join(ROOT, dir)));
    const graph = importGraph(files);
    expect(graph.size).toBeGreaterThan(300);
    expect(cyclesOf(graph).map((cycle) => cycle.map((f) => relative(ROOT, f)))).toEqual([]);
  });

  it('none between the folders of src/ in the code that loads with a module', () => {
    const src = join(ROOT, 'src');
    const folderOf = (file: string) => relative(src, file).split('/')[0]!.replace(/\.tsx?$/, '');
    const folders = new Map<string, Set<string>>();
    for (const file of sourceFiles(src)) {
      const from = folderOf(file);
      for (const specifier of valueImports(file)) {
        if (!specifier.startsWith('.')) continue;
        const to = folderOf(resolve(dirname(file), specifier));
        if (to === from || to.startsWith('..')) continue;
        if (!folders.has(from)) folders.set(from, new Set());
        folders.get(from)!.add(to);
      }
    }
    expect(folders.get('sync')?.has('db')).toBe(true);
    expect(cyclesOf(new Map([...folders].map(([k, v]) => [k, [...v]])))).toEqual([]);
  });
});
