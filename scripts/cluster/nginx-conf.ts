// deploy/nginx.conf filled in for this machine (npm run cluster, the fault tests in test/fault/): the
// servers on loopback ports as the upstreams, nginx listening on `listenPort`, in a temporary
// prefix of its own (logs/, tmp/) so it runs as the user, beside any system nginx.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const TEMPLATE = fileURLToPath(new URL('../../deploy/nginx.conf', import.meta.url));

/** Writes the configuration into a new prefix; answers the prefix (nginx -p) and the file (-c). */
export function writeNginxConf(serverPorts: readonly number[], listenPort: number): { prefix: string; conf: string } {
  const prefix = mkdtempSync(join(tmpdir(), 'chatbot-nginx-'));
  for (const dir of ['logs', 'tmp']) mkdirSync(join(prefix, dir));
  const conf = readFileSync(TEMPLATE, 'utf8')
    .replace('@@UPSTREAMS@@', serverPorts.map((p) => `    server 127.0.0.1:${p} max_fails=2 fail_timeout=5s;`).join('\n'))
    .replace('@@LISTEN@@', `127.0.0.1:${listenPort}`);
  writeFileSync(join(prefix, 'nginx.conf'), conf);
  return { prefix, conf: join(prefix, 'nginx.conf') };
}
