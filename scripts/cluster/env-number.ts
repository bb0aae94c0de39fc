// The cluster tools' numeric settings (npm run load, npm run fault): a whole number from the
// environment within the bounds that keep a run short and on this machine, else a clear error.
export function boundedEnv(name: string, fallback: number, max: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1 || value > max) throw new Error(`${name} must be a whole number from 1 to ${max}, got ${process.env[name]}`);
  return value;
}

/** Throws unless `url` names this machine (the tools run on loopback only). */
export function loopbackOnly(tool: string, url: string): void {
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(new URL(url).hostname)) throw new Error(`${tool}: loopback only, not ${url}`);
}
