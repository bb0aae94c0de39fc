// `npm run soak`: the delivery guarantees, many more times than CI runs them, in two parts:
//
// 1. The exactly-once property (test/integration/exactly-once.property.test.ts) with many
//    schedules: sends mixed with network faults, server and engine restarts.
//      EXACTLY_ONCE_RUNS   schedules (default 1000)
//      EXACTLY_ONCE_SEED   seed (default random; printed, so a failure can be replayed)
//      EXACTLY_ONCE_SHRINK=0  report the first failing schedule as drawn, without shrinking it
// 2. Kill and relaunch (test/e2e/kill-relaunch.test.ts) in Debian's Chromium with the built app:
//    messages queued, the browser SIGKILLed, started again on the same profile, each message
//    delivered once; KILL_RELAUNCH_ROUNDS rounds (default 20). Builds the app first if dist/ has
//    no service worker.
//
// SOAK=property or SOAK=kill-relaunch runs one part only. It closes with one line per part:
//
//   soak: 1000 schedules, 0 failures, seed 12345, 4m12s
//   soak: kill-relaunch 20 runs, 40 of 40 messages delivered exactly once, 6m30s
//
// The engine's modules need Vite's import.meta.env, so both run under vitest, not here.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const part = process.env.SOAK ?? 'all';
if (!['all', 'property', 'kill-relaunch'].includes(part)) throw new Error(`SOAK must be property, kill-relaunch or unset, got ${part}`);
const runs = Number(process.env.EXACTLY_ONCE_RUNS ?? 1000);
const seed = process.env.EXACTLY_ONCE_SEED ? Number(process.env.EXACTLY_ONCE_SEED) : (Date.now() ^ (Math.random() * 0x100000000)) | 0;
if (!Number.isInteger(runs) || runs < 1) throw new Error(`EXACTLY_ONCE_RUNS must be a positive integer, got ${process.env.EXACTLY_ONCE_RUNS}`);
const rounds = Number(process.env.KILL_RELAUNCH_ROUNDS ?? 20);
if (!Number.isInteger(rounds) || rounds < 1) throw new Error(`KILL_RELAUNCH_ROUNDS must be a positive integer, got ${process.env.KILL_RELAUNCH_ROUNDS}`);

function duration(ms: number): string {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
}

/** Runs a command with the output shown; resolves to its exit code and everything it printed. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      process.stdout.write(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      process.stderr.write(chunk);
    });
    child.on('close', (code) => resolve({ code, output }));
  });
}

async function property(): Promise<{ ok: boolean; line: string }> {
  const started = Date.now();
  const { code, output } = await run('npx', ['vitest', 'run', '--project', 'integration', 'test/integration/exactly-once.property.test.ts'], {
    EXACTLY_ONCE_RUNS: String(runs),
    EXACTLY_ONCE_SEED: String(seed),
  });
  // The test logs "exactly-once: N schedules passed" when every schedule held; fast-check's
  // report says after how many tests a failing one was found.
  const passed = /exactly-once: (\d+) schedules passed/.exec(output);
  const failedAfter = /failed after (\d+) tests?/i.exec(output);
  let summary: string;
  if (passed && code === 0) summary = `${passed[1]} schedules, 0 failures`;
  else if (failedAfter) summary = `${failedAfter[1]} schedules, 1 failure (fast-check stops at the first; replay with EXACTLY_ONCE_SEED=${seed})`;
  else summary = `${runs} schedules requested, run did not complete (vitest exit ${code})`;
  return { ok: code === 0, line: `soak: ${summary}, seed ${seed}, ${duration(Date.now() - started)}` };
}

async function killRelaunch(): Promise<{ ok: boolean; line: string }> {
  const started = Date.now();
  if (!existsSync(join(import.meta.dirname, '..', 'dist', 'sw.js'))) {
    const built = await run('npx', ['vite', 'build'], {});
    if (built.code !== 0) return { ok: false, line: 'soak: kill-relaunch not run, the build failed' };
  }
  const { code, output } = await run('npx', ['vitest', 'run', '--project', 'e2e', 'test/e2e/kill-relaunch.test.ts'], { KILL_RELAUNCH_ROUNDS: String(rounds) });
  // the test logs "kill-relaunch: N rounds, D of M messages delivered exactly once" when all held
  const done = /kill-relaunch: (\d+) rounds, (\d+) of (\d+) messages delivered exactly once/.exec(output);
  const summary = done && code === 0
    ? `kill-relaunch ${done[1]} runs, ${done[2]} of ${done[3]} messages delivered exactly once`
    : `kill-relaunch ${rounds} runs requested, FAILED (vitest exit ${code}; see above)`;
  return { ok: code === 0 && !!done, line: `soak: ${summary}, ${duration(Date.now() - started)}` };
}

const results: { ok: boolean; line: string }[] = [];
if (part === 'all' || part === 'property') results.push(await property());
if (part === 'all' || part === 'kill-relaunch') results.push(await killRelaunch());
for (const r of results) console.log(r.line);
process.exitCode = results.every((r) => r.ok) ? 0 : 1;
