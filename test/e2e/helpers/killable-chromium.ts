// A Chromium that can really be killed (SIGKILL, as a phone kills an app or the battery dies) and
// started again on the same profile. Playwright's persistent contexts give no process to kill, so
// the browser is spawned here with a DevTools port and reached with connectOverCDP.
import { spawn, type ChildProcess } from 'node:child_process';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { chromiumPath } from './browser';

export interface KillableChromium {
  browser: Browser;
  /** the profile's default context (persistent: IndexedDB, service worker, caches on disk) */
  context: BrowserContext;
  /** SIGKILL of the browser process, no goodbye; resolves once it is gone */
  kill(): Promise<void>;
}

export async function launchKillable(userDataDir: string): Promise<KillableChromium> {
  const child: ChildProcess = spawn(chromiumPath(), [
    '--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--no-default-browser-check',
    '--disable-background-networking', '--disable-component-update', '--disable-sync',
    // a killed browser offers to restore its tabs; the test opens its own
    '--disable-session-crashed-bubble', '--hide-crash-restore-bubble',
    `--user-data-dir=${userDataDir}`, '--remote-debugging-port=0', 'about:blank',
  ], { stdio: ['ignore', 'ignore', 'pipe'] });
  const wsEndpoint = await new Promise<string>((resolve, reject) => {
    let err = '';
    const timer = setTimeout(() => reject(new Error(`Chromium did not start: ${err.slice(-2000)}`)), 30_000);
    child.stderr!.on('data', (chunk: Buffer) => {
      err += chunk.toString();
      const match = /DevTools listening on (ws:\/\/\S+)/.exec(err);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.once('exit', (code) => reject(new Error(`Chromium exited (${code}): ${err.slice(-2000)}`)));
  });
  const browser = await chromium.connectOverCDP(wsEndpoint);
  const context = browser.contexts()[0];
  if (!context) throw new Error('no default context');
  return {
    browser,
    context,
    async kill() {
      const gone = new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) resolve();
        else child.once('exit', () => resolve());
      });
      child.kill('SIGKILL');
      await gone;
    },
  };
}
