// GET /version.json: the build's version, polled by the app to offer updates (spec part 1 §4).
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { VersionFile } from '../../src/api/contract';

const PACKAGE_JSON = new URL('../../package.json', import.meta.url);

export function packageVersion(): string {
  const pkg: unknown = JSON.parse(readFileSync(PACKAGE_JSON, 'utf8'));
  const version = typeof pkg === 'object' && pkg !== null && 'version' in pkg ? pkg.version : undefined;
  if (typeof version !== 'string') throw new Error('package.json has no version');
  return version;
}

/** major·10000 + minor·100 + patch: 0.1.0 → 100, 1.2.3 → 10203 (minor and patch stay below 100). */
export function versionCodeOf(version: string): number {
  const match = /^(\d+)\.(\d+)\.(\d+)/.exec(version);
  if (!match) throw new Error(`not a semantic version: ${version}`);
  const [major, minor, patch] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (minor > 99 || patch > 99) throw new Error(`minor and patch must stay below 100 for version codes: ${version}`);
  return major * 10_000 + minor * 100 + patch;
}

/** `file` may be a function, read per request (tests swap the version at run time). */
export function registerVersion(app: FastifyInstance, file: VersionFile | (() => VersionFile)): void {
  app.get('/version.json', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return typeof file === 'function' ? file() : file;
  });
}
