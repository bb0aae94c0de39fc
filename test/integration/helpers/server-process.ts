// The server as a real process (`tsx server/main.ts`) with its own environment and PGlite data
// directory, its pino log read line by line: for tests that restart it, or kill it with SIGKILL.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

export interface LogLine { level: number; msg: string; [key: string]: unknown }

export interface ServerProcess {
  child: ChildProcessWithoutNullStreams;
  lines: LogLine[];
  /** The exit code and signal (SIGKILL for a kill -9). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  waitFor(test: (l: LogLine) => boolean, what: string, ms?: number): Promise<LogLine>;
  /** Waits for the "open <url> in a browser" line and answers the URL. */
  url(): Promise<string>;
}

export function startServerProcess(env: Record<string, string>): ServerProcess {
  // PGlite in DATA_DIR even when the tests run against a DATABASE_URL.
  const { DATABASE_URL: _url, OTP_FIXED: _otp, VERSION_CODE: _code, TEST_CRASH_POINT: _crash, ...inherited } = process.env;
  const childEnv = { ...inherited, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env };
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: ROOT, env: childEnv });
  const lines: LogLine[] = [];
  const waiters: { test: (l: LogLine) => boolean; resolve: (l: LogLine) => void }[] = [];
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
  createInterface({ input: child.stdout }).on('line', (text) => {
    let line: LogLine;
    try {
      line = JSON.parse(text) as LogLine;
    } catch {
      line = { level: 30, msg: text };
    }
    lines.push(line);
    for (const w of [...waiters]) if (w.test(line)) { waiters.splice(waiters.indexOf(w), 1); w.resolve(line); }
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  // A start (tsx compiling the server, PGlite loading) took over 30 s on the 2-core machine under
  // load: the waits are generous, nothing here times anything.
  const waitFor = (test: (l: LogLine) => boolean, what: string, ms = 90_000): Promise<LogLine> => {
    const found = lines.find(test);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no log line ${what} within ${ms} ms; stderr: ${stderr}; log: ${lines.map((l) => l.msg).join(' | ')}`)), ms);
      waiters.push({ test, resolve: (l) => { clearTimeout(timer); resolve(l); } });
      void exited.then(({ code, signal }) => { clearTimeout(timer); reject(new Error(`server exited (${code ?? signal}) before ${what}; stderr: ${stderr}`)); });
    });
  };
  return {
    child, lines, exited, waitFor,
    url: async () => String((await waitFor((l) => /^open http:\/\/\S+ in a browser$/.test(l.msg), 'with the URL')).url),
  };
}
