// `npm run server` as a real process: configuration from the environment, the URL and every
// sign-in code in its (pino, JSON) log, data kept in DATA_DIR across restarts, and a clean
// exit on SIGTERM.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freshMobile } from './helpers/server';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'chatbot-server-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

interface LogLine { level: number; msg: string; [key: string]: unknown }

/** The server process and its log, line by line, with a way to wait for a line. */
function startProcess(env: Record<string, string>) {
  // PGlite in DATA_DIR even when the tests run against a DATABASE_URL.
  const { DATABASE_URL: _url, OTP_FIXED: _otp, VERSION_CODE: _code, ...inherited } = process.env;
  const childEnv = { ...inherited, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', ...env };
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: ROOT, env: childEnv });
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
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    lines,
    exited,
    // A process start (tsx compiling the server, PGlite loading) took over 30 s on the 2-core
    // machine under load; the waits are generous, as nothing here times anything.
    waitFor(test: (l: LogLine) => boolean, what: string, ms = 90_000): Promise<LogLine> {
      const found = lines.find(test);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no log line ${what} within ${ms} ms; stderr: ${stderr}; log: ${lines.map((l) => l.msg).join(' | ')}`)), ms);
        waiters.push({ test, resolve: (l) => { clearTimeout(timer); resolve(l); } });
        void exited.then((code) => { clearTimeout(timer); reject(new Error(`server exited (${code}) before ${what}; stderr: ${stderr}`)); });
      });
    },
  };
}

async function postJson(url: string, path: string, body: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(`${url}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, json: await response.json() as Record<string, unknown> };
}

describe('server/main.ts', () => {
  it('prints its URL and every sign-in code, keeps data across restarts, and stops cleanly on SIGTERM', async () => {
    const mobile = freshMobile();

    const first = startProcess({ VERSION_CODE: '777' });
    const opened = await first.waitFor((l) => /^open http:\/\/127\.0\.0\.1:\d+ in a browser$/.test(l.msg), 'with the URL');
    const url = String(opened.url);
    expect((await (await fetch(`${url}/version.json`)).json())).toMatchObject({ version_code: 777 });

    expect((await postJson(url, '/mobile/send-otp', { mobile })).status).toBe(200);
    const logged = await first.waitFor((l) => l.msg.startsWith(`sign-in code for ${mobile} : `), 'with the code');
    const code = /: (\d{4})$/.exec(logged.msg)?.[1];
    expect(code).toMatch(/^\d{4}$/);
    const signedIn = await postJson(url, '/mobile/verify-otp', { mobile, otp: code });
    expect(signedIn.status).toBe(200);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.lines.some((l) => l.msg === 'SIGTERM: shutting down')).toBe(true);

    // Same DATA_DIR: the user and the login token are still there.
    const second = startProcess({ OTP_FIXED: '4321' });
    const reopened = await second.waitFor((l) => l.msg.startsWith('open '), 'with the URL');
    const again = await postJson(String(reopened.url), '/mobile/login-with-token', { mobile, loginToken: signedIn.json.loginToken });
    expect(again.status).toBe(200);
    expect((again.json.user as { user_uuid: string }).user_uuid).toBe((signedIn.json.user as { user_uuid: string }).user_uuid);
    // OTP_FIXED: every code is that value, and the server says so.
    await second.waitFor((l) => /OTP_FIXED is set/.test(l.msg), 'warning about OTP_FIXED');
    const other = freshMobile('SG');
    expect((await postJson(String(reopened.url), '/mobile/send-otp', { mobile: other })).status).toBe(200);
    expect((await postJson(String(reopened.url), '/mobile/verify-otp', { mobile: other, otp: '4321' })).status).toBe(200);

    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);
  }, 300_000);

  it('refuses a bad OTP_FIXED at start', async () => {
    const bad = startProcess({ OTP_FIXED: '12345' });
    expect(await bad.exited).toBe(1);
  }, 120_000);

  it('refuses a bad flood limit at start (FLOOD_USER_SENDS must be burst/perSecond)', async () => {
    const bad = startProcess({ FLOOD_USER_SENDS: 'lots' });
    expect(await bad.exited).toBe(1);
  }, 120_000);

  it('refuses a bad upload or timeout limit at start', async () => {
    const bad = startProcess({ UPLOAD_QUOTA_MB: 'lots' });
    expect(await bad.exited).toBe(1);
  }, 120_000);
});
