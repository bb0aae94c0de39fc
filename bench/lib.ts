// Shared by the benchmarks and their runner (bench/run.ts): what a benchmark answers, a small
// closed-loop load generator, percentiles, and the machine description every run prints first.
import { availableParallelism, cpus, loadavg, release, totalmem, freemem } from 'node:os';
import { performance } from 'node:perf_hooks';

/** Latency and throughput of one series of operations run at one concurrency. */
export interface LoadStats {
  /** Operations completed (each one timed from its start to its last byte read). */
  ops: number;
  concurrency: number;
  /** Milliseconds. */
  p50: number;
  p95: number;
  p99: number;
  mean: number;
  max: number;
  /** Operations per second over the wall time of the series. */
  throughput: number;
  wallMs: number;
}

/** A measured series; `unit` names one operation (what throughput counts per second). */
export interface Series {
  label: string;
  unit: string;
  stats: LoadStats;
}

/**
 * One comparison: the figures measured (the first is the headline one) against the reference
 * measured in the same run, with the same client and concurrency.
 */
export interface BenchCase {
  name: string;
  reference: Series;
  measured: Series[];
}

export interface BenchResult {
  /** What is measured, and what it is compared with (one line each). */
  subject: string;
  reference: string;
  /** Caveats a reader needs to read the figures right. */
  notes: string[];
  cases: BenchCase[];
}

/** A benchmark module (bench/<name>.bench.ts) exports one of these as its default. */
export type Bench = () => Promise<BenchResult>;

/** Nearest-rank percentile of an ascending array. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export function statsOf(latenciesMs: readonly number[], concurrency: number, wallMs: number): LoadStats {
  const sorted = [...latenciesMs].sort((a, b) => a - b);
  const sum = sorted.reduce((a, b) => a + b, 0);
  return {
    ops: sorted.length,
    concurrency,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    mean: sorted.length ? sum / sorted.length : Number.NaN,
    max: sorted.length ? sorted[sorted.length - 1]! : Number.NaN,
    throughput: wallMs > 0 ? (sorted.length * 1000) / wallMs : Number.NaN,
    wallMs,
  };
}

/**
 * Closed loop: `concurrency` workers each start the next operation as soon as their previous one
 * ends, until `total` have run. `op(i)` gets a unique index 0..total-1. An operation that throws
 * stops the series and the error propagates: a benchmark never measures failures.
 */
export async function runLoad(total: number, concurrency: number, op: (i: number) => Promise<void>): Promise<LoadStats> {
  const latencies: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < total) {
      const i = next++;
      const started = performance.now();
      await op(i);
      latencies.push(performance.now() - started);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: Math.min(concurrency, total) }, worker));
  return statsOf(latencies, concurrency, performance.now() - started);
}

/** Lines describing where the figures were measured. */
export function machineLines(): string[] {
  const cpuList = cpus();
  const models = [...new Set(cpuList.map((c) => c.model.trim()))].join(', ') || 'unknown';
  const mhz = cpuList[0]?.speed ? ` @ ${cpuList[0].speed} MHz` : '';
  const gib = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(1)} GiB`;
  const load = loadavg().map((l) => l.toFixed(2)).join(' ');
  return [
    `CPU      ${models}${mhz}`,
    `cores    ${cpuList.length} logical, ${availableParallelism()} available to this process`,
    `memory   ${gib(totalmem())} total, ${gib(freemem())} free`,
    `node     ${process.version} (V8 ${process.versions.v8}) on ${process.platform}-${process.arch}, kernel ${release()}`,
    `load     ${load} (1, 5, 15 min) at start`,
  ];
}
