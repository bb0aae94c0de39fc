// Slow and broken requests (issue 21 items 6, 12, 13; server/http/slow-body.ts, client-abort.ts):
// a body that trickles in is cut off (408, connection closed) within the configured time, an
// upload below the minimum rate too; a client cutting off its upload is logged as a client abort,
// not as an unhandled error; a JSON body over the limit gets its 413, never a broken pipe.
import { connect, type Socket } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaUploadDetails } from '../../src/api/contract';
import { SAMPLES, uploadMedia } from './helpers/media';
import { startTestServer, type TestServer } from './helpers/server';

const BODY_TIMEOUT_MS = 1_000;
const RATE_WINDOW_MS = 500;
const MIN_BYTES = 64 * 1024;
const PNG = SAMPLES.find((s) => s.label === 'PNG')!.data;

/** The server's log lines (pino JSON). */
const logLines: { level: number; msg?: string; err?: unknown }[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, callback) {
    for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) logLines.push(JSON.parse(line) as (typeof logLines)[number]);
    callback();
  },
});

/** The lines logged with this message, once there are `count` of them (or after 3 s). */
async function logged(msg: string, count = 1): Promise<(typeof logLines)[number][]> {
  const deadline = Date.now() + 3_000;
  while (logLines.filter((l) => l.msg === msg).length < count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  return logLines.filter((l) => l.msg === msg);
}

let t: TestServer;
let port: number;
beforeAll(async () => {
  t = await startTestServer({
    logger: { level: 'info', stream: logStream },
    uploadLimits: { bodyTimeoutMs: BODY_TIMEOUT_MS, uploadMinBytes: MIN_BYTES, uploadRateWindowMs: RATE_WINDOW_MS },
  });
  port = Number(new URL(t.url).port);
});
afterAll(() => t.close());

/** A raw connection: what it received, and when it was closed (ms after it opened). */
function rawConnection(head: string): { socket: Socket; received: () => string; closedAfter: Promise<number> } {
  const started = Date.now();
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  let received = '';
  socket.on('data', (d: Buffer) => { received += d.toString('latin1'); });
  socket.write(head);
  const closedAfter = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now() - started)));
  return { socket, received: () => received, closedAfter };
}

/** Resolves with the value, or with 'still open' after ms. */
const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<'still open'>((resolve) => setTimeout(() => resolve('still open'), ms).unref())]);

describe('slow bodies', () => {
  it(`closes connections whose JSON body trickles in, with a 408, ${BODY_TIMEOUT_MS} ms after they began`, async () => {
    const connections = Array.from({ length: 20 }, () => rawConnection(
      `POST /api/mobile/send-otp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{"mobile":`,
    ));
    const trickle = setInterval(() => { for (const c of connections) if (!c.socket.destroyed) c.socket.write(' '); }, 100);
    try {
      const closed = await Promise.all(connections.map((c) => within(c.closedAfter, BODY_TIMEOUT_MS + 3_000)));
      for (const after of closed) {
        expect(after).not.toBe('still open');
        expect(after).toBeGreaterThanOrEqual(BODY_TIMEOUT_MS - 50);
      }
      for (const c of connections) expect(c.received()).toMatch(/^HTTP\/1\.1 408 /);
      expect(connections[0]!.received()).toMatch(/"statusCode":408/);
      expect(await logged('request cut off: body too slow', connections.length)).toHaveLength(connections.length);
      expect(logLines.filter((l) => l.level >= 50)).toEqual([]);
    } finally {
      clearInterval(trickle);
      for (const c of connections) c.socket.destroy();
    }
  });

  it('cuts off an upload that sends less than the minimum per window (408), and still takes a fast one', async () => {
    const me = await t.signIn();
    const details = await t.ok('getMediaUploadDetails', { content_type: 'image/png' }, { session: me });
    const { head, body } = multipart(details, PNG);
    const c = rawConnection(head);
    c.socket.write(body.subarray(0, 1000));
    let sent = 1000;
    // 2 KiB every 100 ms: about 10 KiB per window, under the 64 KiB the server asks for.
    const trickle = setInterval(() => {
      if (c.socket.destroyed || sent >= body.length) return;
      c.socket.write(body.subarray(sent, sent + 2048));
      sent += 2048;
    }, 100);
    try {
      const after = await within(c.closedAfter, 3 * RATE_WINDOW_MS + 2_000);
      expect(after).not.toBe('still open');
      expect(c.received()).toMatch(/^HTTP\/1\.1 408 /);
      expect(c.received()).toMatch(/too slow/);
      expect(await logged('upload cut off: too slow')).toHaveLength(1);
      expect(logLines.filter((l) => l.level >= 50)).toEqual([]);
    } finally {
      clearInterval(trickle);
      c.socket.destroy();
    }
    // The slot is free again, and a fast upload passes.
    expect((await t.call('getMediaUploadDetails', { content_type: 'image/png' }, { session: me })).status).toBe(200);
    await uploadMedia(t, me, 'image/png', PNG);
  });

  it('sets Node\'s request, header and keep-alive timeouts', () => {
    const server = t.server.app.server;
    expect(server.requestTimeout).toBeGreaterThan(0);
    expect(server.headersTimeout).toBeGreaterThan(0);
    expect(server.headersTimeout).toBeLessThanOrEqual(server.requestTimeout);
    expect(server.keepAliveTimeout).toBeGreaterThan(0);
    expect(server.timeout).toBeGreaterThan(0);
  });
});

function multipart(details: MediaUploadDetails, file: Buffer): { head: string; body: Buffer } {
  const boundary = 'x-slow-upload-boundary';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(details.upload_details.s3_fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`), file, Buffer.from(`\r\n--${boundary}--\r\n`));
  const body = Buffer.concat(parts);
  const path = new URL(details.upload_details.url).pathname;
  const head = `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${body.length}\r\n\r\n`;
  return { head, body };
}

describe('a client that cuts off its upload', () => {
  it('is logged as a client abort at info level, not as an unhandled error with a stack', async () => {
    const me = await t.signIn();
    const details = await t.ok('getMediaUploadDetails', { content_type: 'image/png' }, { session: me });
    const { head, body } = multipart(details, Buffer.concat([PNG, Buffer.alloc(512 * 1024)]));
    const before = logLines.length;
    const c = rawConnection(head);
    c.socket.write(body.subarray(0, body.length / 2));
    await new Promise((resolve) => setTimeout(resolve, 200));
    c.socket.destroy();
    await c.closedAfter;
    await logged('client aborted the upload');
    const lines = logLines.slice(before);
    expect(lines.find((l) => l.msg === 'client aborted the upload')?.level).toBe(30);
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
    expect(lines.some((l) => l.msg === 'unhandled error')).toBe(false);
    // The slot is released: the same fields upload the file afterwards.
    expect((await fetch(details.upload_details.url, { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=x-slow-upload-boundary' }, body: new Uint8Array(multipart(details, PNG).body) })).status).toBe(204);
  });
});

describe('a client that cuts off a JSON body', () => {
  it('is logged as a client abort at info level, with no error line', async () => {
    const before = logLines.length;
    const c = rawConnection('POST /api/mobile/send-otp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n{"mobile":"');
    await new Promise((resolve) => setTimeout(resolve, 100));
    c.socket.destroy();
    await c.closedAfter;
    await logged('client aborted the request');
    const lines = logLines.slice(before);
    expect(lines.find((l) => l.msg === 'client aborted the request')?.level).toBe(30);
    expect(lines.filter((l) => l.level >= 40)).toEqual([]);
  });
});

describe('JSON bodies over the limit', () => {
  /**
   * Posts `bytes` of JSON to send-otp (limit 64 KiB) as a client that sends the whole request
   * before it reads the answer (Python's requests, curl with a small buffer, many SDKs) does;
   * answers the status read, or the error that came instead of it.
   */
  function postBig(bytes: number, chunked: boolean): Promise<number | string> {
    const json = Buffer.from(`{"mobile":"${'9'.repeat(bytes - 14)}"}`);
    const body = chunked ? Buffer.concat([Buffer.from(`${json.length.toString(16)}\r\n`), json, Buffer.from('\r\n0\r\n\r\n')]) : json;
    const head = `POST /api/mobile/send-otp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n${chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${json.length}`}\r\n\r\n`;
    return new Promise((resolve) => {
      const socket = connect(port, '127.0.0.1');
      let received = '';
      let failure: string | undefined;
      socket.pause();
      const settle = () => {
        const status = /^HTTP\/1\.1 (\d{3}) /.exec(received)?.[1];
        resolve(status ? Number(status) : failure ?? 'closed with no answer');
      };
      socket.on('error', (err: NodeJS.ErrnoException) => { failure ??= err.code ?? err.message; });
      socket.on('data', (d: Buffer) => {
        received += d.toString('latin1');
        if (/\r\n\r\n[\s\S]*\}/.test(received)) socket.end();
      });
      socket.on('close', settle);
      socket.write(Buffer.concat([Buffer.from(head), body]), () => socket.resume());
    });
  }

  for (const mb of [1, 8]) {
    for (const chunked of [false, true]) {
      it(`answers every ${mb} MB body ${chunked ? 'sent chunked' : 'with its Content-Length'} with a 413`, async () => {
        const results: (number | string)[] = [];
        for (let i = 0; i < 8; i++) results.push(await postBig(mb * 1024 * 1024, chunked));
        expect(results).toEqual(Array(8).fill(413));
      });
    }
  }
});

describe('closing the server', () => {
  // its own server, started in the hook (its start is not what is measured), closed by the test
  let own: TestServer;
  let closed = false;
  beforeAll(async () => {
    own = await startTestServer({ shutdownGraceMs: 500 });
  });
  afterAll(async () => {
    if (!closed) await own.close();
  });

  it('cuts a request still running after the shutdown grace instead of waiting for it for ever', async () => {
    const ownPort = Number(new URL(own.url).port);
    // a request whose body never comes: busy, not idle, until the 30 s body timeout
    const socket = connect(ownPort, '127.0.0.1');
    socket.on('error', () => undefined);
    const cutAfter = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.write('POST /api/mobile/send-otp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"mob');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const started = Date.now();
    closed = true;
    expect(await within(own.close().then(() => Date.now() - started), 10_000)).toBeLessThan(5_000);
    expect(await within(cutAfter, 1_000)).toBeUndefined();
  });
});
