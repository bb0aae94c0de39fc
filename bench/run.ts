// Runs the benchmarks: every bench/<name>.bench.ts in turn, or only those named on the command
// line (`npm run bench -- sign-in`). Prints the machine first, then each benchmark's figures
// with their ratios against the reference measured in the same run, then one summary line per
// benchmark. Exits non-zero only when a benchmark crashes (or a name is unknown), never
// because a figure is slow: benchmarks are read, not asserted (DESIGN.md §7).
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { machineLines, type BenchCase, type BenchResult, type LoadStats, type Series } from './lib';

const BENCH_DIR = dirname(fileURLToPath(import.meta.url));
const SUFFIX = '.bench.ts';

const ms = (v: number) => (Number.isNaN(v) ? '—' : v < 10 ? v.toFixed(2) : v.toFixed(1));
const perSecond = (v: number) => (Number.isNaN(v) ? '—' : v < 100 ? v.toFixed(1) : v.toFixed(0));
const ratio = (v: number) => (Number.isFinite(v) ? `${v < 10 ? v.toFixed(2) : v.toFixed(1)}×` : '—');

function table(rows: string[][]): string[] {
  const widths = rows[0]!.map((_, col) => Math.max(...rows.map((r) => r[col]!.length)));
  // First column left-aligned (labels), the figures right-aligned.
  return rows.map((r) => r.map((cell, col) => (col === 0 ? cell.padEnd(widths[col]!) : cell.padStart(widths[col]!))).join('  ').trimEnd());
}

function caseLines(c: BenchCase): string[] {
  const ref = c.reference.stats;
  const row = (s: Series, isReference: boolean) => {
    const st: LoadStats = s.stats;
    return [
      s.label,
      String(st.ops),
      ms(st.p50),
      ms(st.p95),
      ms(st.p99),
      ms(st.max),
      Number.isNaN(st.throughput) ? '—' : `${perSecond(st.throughput)} ${s.unit}/s`,
      isReference ? '1×' : ratio(st.p50 / ref.p50),
      isReference ? '1×' : ratio(st.p95 / ref.p95),
      isReference ? '1×' : ratio(st.p99 / ref.p99),
      isReference ? '1×' : ratio(st.throughput / ref.throughput),
    ];
  };
  const header = ['', 'n', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'throughput', 'p50 ratio', 'p95 ratio', 'p99 ratio', 'thrpt ratio'];
  return [
    `  ${c.name}`,
    ...table([header, ...c.measured.map((s) => row(s, false)), row(c.reference, true)]).map((l) => `    ${l}`),
  ];
}

function summaryLine(name: string, result: BenchResult): string {
  const parts = result.cases.map((c) => {
    const head = c.measured[0];
    if (!head) return `${c.name}: nothing measured`;
    const s = head.stats;
    const ref = c.reference.stats;
    return `${c.name}: p50 ${ms(s.p50)} ms = ${ratio(s.p50 / ref.p50)} ${c.reference.label}, ` +
      `${perSecond(s.throughput)} ${head.unit}/s = ${ratio(s.throughput / ref.throughput)}`;
  });
  return `${name}: ${parts.join('; ')}`;
}

async function main(): Promise<number> {
  const available = readdirSync(BENCH_DIR).filter((f) => f.endsWith(SUFFIX)).map((f) => f.slice(0, -SUFFIX.length)).sort();
  const wanted = process.argv.slice(2).map((a) => a.replace(/\.bench\.ts$/, ''));
  const unknown = wanted.filter((w) => !available.includes(w));
  if (unknown.length > 0) {
    console.error(`unknown benchmark ${unknown.join(', ')}; available: ${available.join(', ')}`);
    return 2;
  }
  const names = wanted.length > 0 ? available.filter((n) => wanted.includes(n)) : available;

  console.log('machine');
  for (const line of machineLines()) console.log(`  ${line}`);

  const summaries: string[] = [];
  let crashed = 0;
  for (const name of names) {
    console.log(`\n${name}`);
    const started = performance.now();
    try {
      const mod: unknown = await import(pathToFileURL(join(BENCH_DIR, name + SUFFIX)).href);
      const run = typeof mod === 'object' && mod !== null && 'default' in mod ? mod.default : undefined;
      if (typeof run !== 'function') throw new Error(`${name}${SUFFIX} has no default export function`);
      const result = (await run()) as BenchResult;
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(`  measures   ${result.subject}`);
      console.log(`  reference  ${result.reference}`);
      for (const note of result.notes) console.log(`  note       ${note}`);
      for (const c of result.cases) console.log(caseLines(c).join('\n'));
      console.log(`  took ${seconds} s`);
      summaries.push(summaryLine(name, result));
    } catch (error) {
      crashed++;
      console.error(`  CRASHED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      summaries.push(`${name}: CRASHED`);
    }
  }

  console.log('\nsummary');
  for (const s of summaries) console.log(`  ${s}`);
  return crashed > 0 ? 1 : 0;
}

process.exitCode = await main();
