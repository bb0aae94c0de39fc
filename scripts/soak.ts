// `npm run soak`: the exactly-once property (test/integration/exactly-once.property.test.ts) with
// many more schedules than CI runs. It runs vitest on that one file with the schedule count and
// the seed in the environment, shows its output, and closes with one line:
//
//   soak: 1000 schedules, 0 failures, seed 12345, 4m12s
//
//   EXACTLY_ONCE_RUNS   schedules (default 1000)
//   EXACTLY_ONCE_SEED   seed (default random; printed, so a failure can be replayed)
//   EXACTLY_ONCE_SHRINK=0  report the first failing schedule as drawn, without shrinking it
//
// The engine's modules need Vite's import.meta.env, so the property runs under vitest, not here.
import { spawn } from 'node:child_process';

const runs = Number(process.env.EXACTLY_ONCE_RUNS ?? 1000);
const seed = process.env.EXACTLY_ONCE_SEED ? Number(process.env.EXACTLY_ONCE_SEED) : (Date.now() ^ (Math.random() * 0x100000000)) | 0;
if (!Number.isInteger(runs) || runs < 1) throw new Error(`EXACTLY_ONCE_RUNS must be a positive integer, got ${process.env.EXACTLY_ONCE_RUNS}`);

function duration(ms: number): string {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
}

const started = Date.now();
const child = spawn('npx', ['vitest', 'run', '--project', 'integration', 'test/integration/exactly-once.property.test.ts'], {
  env: { ...process.env, EXACTLY_ONCE_RUNS: String(runs), EXACTLY_ONCE_SEED: String(seed) },
  stdio: ['ignore', 'pipe', 'pipe'],
});

let output = '';
child.stdout.on('data', (chunk: Buffer) => {
  output += chunk.toString();
  process.stdout.write(chunk);
});
child.stderr.on('data', (chunk: Buffer) => {
  output += chunk.toString();
  process.stderr.write(chunk);
});

child.on('close', (code) => {
  // The test logs "exactly-once: N schedules passed" when every schedule held; fast-check's
  // report says after how many tests a failing one was found.
  const passed = /exactly-once: (\d+) schedules passed/.exec(output);
  const failedAfter = /failed after (\d+) tests?/i.exec(output);
  let summary: string;
  if (passed && code === 0) summary = `${passed[1]} schedules, 0 failures`;
  else if (failedAfter) summary = `${failedAfter[1]} schedules, 1 failure (fast-check stops at the first; replay with EXACTLY_ONCE_SEED=${seed})`;
  else summary = `${runs} schedules requested, run did not complete (vitest exit ${code})`;
  console.log(`soak: ${summary}, seed ${seed}, ${duration(Date.now() - started)}`);
  process.exitCode = code === 0 ? 0 : 1;
});
