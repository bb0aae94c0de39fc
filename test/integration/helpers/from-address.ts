// Calls from another loopback address: Linux answers all of 127.0.0.0/8 on lo, so a test can be
// several clients (the sign-in limits count per client address) on one machine, loopback only.
import { request } from 'node:http';
import type { ErrorBody } from '../../../src/api/contract';
import { API_BASE } from '../../../src/api/headers';

export interface AddressedAnswer { status: number; body: ErrorBody & Record<string, unknown>; retryAfter: number | undefined }

/** POSTs `body` as JSON to `API_BASE + path` of `baseUrl`, from the local address `from`. */
export function postFrom(baseUrl: string, from: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<AddressedAnswer> {
  const payload = JSON.stringify(body);
  const url = new URL(API_BASE + path, baseUrl);
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: 'POST',
      localAddress: from,
      agent: false,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...headers },
    }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => { text += chunk; });
      res.on('end', () => {
        const retry = res.headers['retry-after'];
        resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as AddressedAnswer['body'], retryAfter: retry === undefined ? undefined : Number(retry) });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

let last = 1;
/** A loopback address no other caller of this process got (127.0.0.2, 127.0.0.3 …). */
export function freshAddress(): string {
  last += 1;
  return `127.0.${Math.floor(last / 250)}.${(last % 250) + 1}`;
}
