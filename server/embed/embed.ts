// The embedded mode's two halves on the server (issue 17): GET /embed.js (the script a website
// adds) and, for demos and tests, a host page served on a second origin (a second port), the way a
// real website would embed the bot.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import type { FastifyInstance } from 'fastify';

// (a directory URL: a bundler would take `new URL('./embed.js', …)` for an asset import)
const EMBED_JS = readFileSync(join(fileURLToPath(new URL('./', import.meta.url)), 'embed-script.js'), 'utf8');

export function registerEmbedScript(app: FastifyInstance): void {
  app.get('/embed.js', (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').header('cross-origin-resource-policy', 'cross-origin').send(EMBED_JS));
}

/** The demo website's page: an article and the one script tag. */
export function embedHostPage(appOrigin: string, botId: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Green Valley Farmers' Co-op</title></head>
<body style="font: 16px/1.5 system-ui, sans-serif; margin: 0; padding: 24px; max-width: 640px">
<h1>Green Valley Farmers' Co-op</h1>
<p>Questions about seeds, prices or your account? Tap the chat bubble to ask our assistant.</p>
<script src="${appOrigin}/embed.js" data-bot-id="${botId}" data-label="Chat with us" defer></script>
</body></html>`;
}

/** Serves the demo website (any path answers its page). `appOrigin` is read per request. */
export async function startEmbedDemoHost(opts: { port: number; host?: string; appOrigin: () => string; botId: string }): Promise<{ url: string; close(): Promise<void> }> {
  const server: HttpServer = createHttpServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    response.end(embedHostPage(opts.appOrigin(), opts.botId));
  });
  await new Promise<void>((resolve) => server.listen(opts.port, opts.host ?? '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : opts.port;
  return {
    url: `http://${opts.host ?? '127.0.0.1'}:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
