// `npm run server` as a real process: configuration from the environment, the URL and every
// sign-in code in its (pino, JSON) log, data kept in DATA_DIR across restarts, and a clean
// exit on SIGTERM.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freshMobile } from './helpers/server';
import { startServerProcess } from './helpers/server-process';

const dataDir = mkdtempSync(join(tmpdir(), 'chatbot-server-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The server process with this test's DATA_DIR (helpers/server-process.ts); `exited` answers the exit code. */
function startProcess(env: Record<string, string>) {
  const server = startServerProcess({ DATA_DIR: dataDir, ...env });
  return { ...server, exited: server.exited.then(({ code }) => code) };
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

  it('refuses REDIS_URL (cluster mode) without DATABASE_URL at start', async () => {
    const bad = startProcess({ REDIS_URL: 'redis://127.0.0.1:6379' });
    expect(await bad.exited).toBe(1);
  }, 120_000);

  it('refuses a bad upload or timeout limit at start', async () => {
    const bad = startProcess({ UPLOAD_QUOTA_MB: 'lots' });
    expect(await bad.exited).toBe(1);
  }, 120_000);
});
