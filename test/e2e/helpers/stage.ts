// What most browser test files set up once: the real app server (serving dist/), Debian's
// Chromium, and with `proxy` the API cut proxy in front of the server (api-cut-proxy.ts). The
// fields are filled in the file's beforeAll and closed in its afterAll, so read them inside tests.
import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { startApiCutProxy, type ApiCutProxy, type ApiCutProxyOptions } from './api-cut-proxy';
import { startAppServer } from './app-server';
import { launchBrowser } from './browser';

export interface Stage {
  server: Awaited<ReturnType<typeof startAppServer>>;
  browser: Browser;
  /** only with `proxy` */
  proxy: ApiCutProxy;
  /** where the browser goes: the proxy's address with `proxy`, else the server's */
  url: string;
}

export function e2eStage(opts: { proxy?: boolean | ApiCutProxyOptions; server?: Parameters<typeof startAppServer>[0] } = {}): Stage {
  const stage = {} as Stage;
  beforeAll(async () => {
    stage.server = await startAppServer(opts.server);
    stage.url = stage.server.url;
    if (opts.proxy) {
      stage.proxy = await startApiCutProxy(stage.server.url, opts.proxy === true ? {} : opts.proxy);
      stage.url = stage.proxy.url;
    }
    stage.browser = await launchBrowser();
  });
  afterAll(async () => {
    await stage.browser?.close();
    await stage.proxy?.close();
    await stage.server?.close();
  });
  return stage;
}
