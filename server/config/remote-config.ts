// The remote flags of spec part 1 §3, served from the server's configuration: a JSON file
// (REMOTE_CONFIG_FILE, default server/data/remote-config.json) merged over the defaults of
// src/api/remote-flags.ts. Flags of the wrong type are refused at start, not served.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { routes } from '../../src/api/contract';
import { DEFAULT_REMOTE_FLAGS, type RemoteFlags } from '../../src/api/remote-flags';
import type { RouteModule } from '../context';

export const DEFAULT_REMOTE_CONFIG_FILE = fileURLToPath(new URL('../data/remote-config.json', import.meta.url));

/** The defaults with the given flags over them; throws naming a flag of the wrong type or unknown. */
export function mergeRemoteFlags(overrides: unknown): RemoteFlags {
  if (overrides === null || typeof overrides !== 'object' || Array.isArray(overrides)) throw new Error('remote config must be a JSON object');
  const out: Record<string, unknown> = { ...DEFAULT_REMOTE_FLAGS };
  for (const [key, value] of Object.entries(overrides)) {
    if (!(key in DEFAULT_REMOTE_FLAGS)) throw new Error(`remote config: unknown flag ${key}`);
    const expected = DEFAULT_REMOTE_FLAGS[key as keyof RemoteFlags];
    const ok = Array.isArray(expected) ? Array.isArray(value) : typeof value === typeof expected;
    if (!ok) throw new Error(`remote config: ${key} must be ${Array.isArray(expected) ? 'a list' : `a ${typeof expected}`}`);
    if (key === 'hidden_bots' && !(value as unknown[]).every((v) => typeof v === 'string')) throw new Error('remote config: hidden_bots must list bot ids');
    out[key] = value;
  }
  return out as unknown as RemoteFlags;
}

export function loadRemoteFlags(file: string = DEFAULT_REMOTE_CONFIG_FILE): RemoteFlags {
  if (!existsSync(file)) return { ...DEFAULT_REMOTE_FLAGS };
  return mergeRemoteFlags(JSON.parse(readFileSync(file, 'utf8')));
}

/** `flags` is read per request, so a test or an operator can change the configuration at run time. */
export function remoteConfigRoutes(flags: () => RemoteFlags): RouteModule {
  return (api) => {
    api.publicRoute(routes.getRemoteConfig, async () => flags());
  };
}
