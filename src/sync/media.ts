// Media of the sync engine (spec part 1 §4 "Media", §5 uploads, §7 media calls, §8 failures):
// downloads with the Bearer media token and progress into the media cache, uploads of chosen
// files (get-media-upload-details, then the multipart post, 204 only) run by the outbox before
// it sends the message, and the link titles of youtube messages looked up once per URL.
//
// Progress goes into the 'media-transfers' local document (a whole percent at most every
// PROGRESS_MIN_GAP_MS), which the tile and the pending bubble observe. Cancel runs here, in the
// engine that started the transfer (the tab's own worker; uploads run in the leader's).
import { API_BASE } from '../api/headers';
import { ANALYTICS_EVENT } from '../domain/analytics';
import { trackEvent } from '../db/analytics';
import { MEDIA_PATH } from '../api/route-table';
import { UPLOAD_SUCCESS_STATUS } from '../domain/constants';
import { BadStatusError, CancelError, NoResponseError, cancelledError, noResponseError, somethingWentWrongError } from '../domain/errors';
import { isLocalMedia, localMediaKey, needsUpload, nextTransfer, worthReporting, type Transfer, type TransferEvent } from '../domain/media-transfer';
import type { OutgoingMessage } from '../api/messages';
import { failed, ok, type CommandResult } from '../db/command-result';
import type { AppDatabase } from '../db/database';
import { getLocalDoc, modifyLocalDoc, patchLocalDoc } from '../db/local-store';
import type { MediaStore } from '../db/media-cache';
import type { OutboxDoc } from '../db/schemas';
import type { Clock, HttpClient } from './http-client';

/** Posts a multipart form; answers the status. Reports upload progress when it can. */
export type UploadTransport = (url: string, form: FormData, onProgress: (loaded: number, total: number) => void, signal: AbortSignal) => Promise<number>;

/** Crops and scales an image off the main thread; null when it cannot (the original is sent). */
export type PrepareImage = (blob: Blob, crop: CropRect | null) => Promise<Blob | null>;

export interface CropRect { x: number; y: number; width: number; height: number }

export interface MediaDeps {
  db: AppDatabase;
  http: HttpClient;
  clock: Clock;
  fetch: typeof fetch;
  origin: string;
  store: MediaStore;
  upload?: UploadTransport | undefined;
  prepareImage?: PrepareImage | undefined;
  /** the session rules for a 401/440 (session.ts report): the configuration call has its own standalone 401 rule */
  sessionRules?: ((route: 'getConfiguration', err: unknown) => Promise<unknown>) | undefined;
}

export interface MediaFlows {
  /** Fetches one media file into the cache (no-op when it is there). */
  downloadMedia(url: string): Promise<CommandResult>;
  /** Cancels a running download (by URL) or upload (by client message id). */
  cancelTransfer(key: string): Promise<CommandResult>;
  /** The title of a link, looked up once per URL and kept in 'link-titles'. */
  lookUpLinkTitle(url: string): Promise<CommandResult<string | null>>;
  /** /bot/get-configuration into 'bot-configs' (allow_user_media). */
  loadBotConfiguration(botUuid: string): Promise<CommandResult<boolean>>;
}

/** The entry to send now, or the message fails (a cancel, a file gone); any other failure is thrown. */
export type UploadOutcome = { entry: OutboxDoc } | { failed: string };

/** What the outbox asks of the media module before it sends an entry. */
export interface UploadStep {
  needs(entry: OutboxDoc): boolean;
  run(entry: OutboxDoc): Promise<UploadOutcome>;
}

const PROGRESS_MIN_GAP_MS = 100;
const TRANSFER_KEEP_MS = 24 * 60 * 60 * 1000;

export const mediaPathOf = (mediaUuid: string): string => `${API_BASE}${MEDIA_PATH}/${mediaUuid}`;


/** XMLHttpRequest where the realm has one (browsers, dedicated workers: upload progress), else fetch. */
export function defaultUploadTransport(fetchFn: typeof fetch): UploadTransport {
  if (typeof XMLHttpRequest === 'function') {
    return (url, form, onProgress, signal) => new Promise<number>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', url);
      xhr.upload.onprogress = (e) => onProgress(e.loaded, e.lengthComputable ? e.total : 0);
      xhr.onload = () => resolve(xhr.status);
      xhr.onerror = () => reject(new NoResponseError());
      xhr.onabort = () => reject(new CancelError('cancelled'));
      if (signal.aborted) return reject(new CancelError('cancelled'));
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
      xhr.send(form);
    });
  }
  return async (url, form, _onProgress, signal) => {
    try {
      return (await fetchFn(url, { method: 'POST', body: form, signal })).status;
    } catch {
      if (signal.aborted) throw new CancelError('cancelled');
      throw new NoResponseError();
    }
  };
}

export function createMedia(deps: MediaDeps): { flows: MediaFlows; uploadStep: UploadStep } {
  const { db, http, clock, store } = deps;
  const upload = deps.upload ?? defaultUploadTransport(deps.fetch);
  const controllers = new Map<string, AbortController>();
  const downloads = new Map<string, Promise<CommandResult>>();
  const titles = new Map<string, Promise<CommandResult<string | null>>>();
  const absolute = (url: string) => (/^https?:/.test(url) ? url : `${deps.origin}${url}`);

  async function report(key: string, kind: Transfer['kind'], event: TransferEvent): Promise<void> {
    // records untouched for a day go, so the document stays small
    const cutoff = event.at - TRANSFER_KEEP_MS;
    await modifyLocalDoc(db, 'media-transfers', (all) => {
      const kept = Object.fromEntries(Object.entries(all ?? {}).filter(([k, t]) => k === key || t.at > cutoff));
      return { ...kept, [key]: nextTransfer(all?.[key] ?? null, kind, event) };
    });
  }

  /** A reporter that writes a whole-percent change at most every PROGRESS_MIN_GAP_MS. */
  function progressReporter(key: string, kind: Transfer['kind']) {
    let percent = -1;
    let lastAt = 0;
    return (loaded: number, total: number) => {
      const now = clock.now();
      if (!worthReporting(percent, loaded, total) || now - lastAt < PROGRESS_MIN_GAP_MS) return;
      percent = Math.floor((loaded / total) * 100);
      lastAt = now;
      void report(key, kind, { type: 'progress', loaded, total, at: now }).catch(() => {});
    };
  }

  let tokenRefresh: Promise<string> | null = null;
  /** The session's media token, fetched again when missing or about to expire (or when `force`). */
  async function mediaToken(force = false): Promise<string> {
    const session = await getLocalDoc(db, 'session');
    if (!force && session?.mediaToken && (session.mediaTokenExpiry ?? 0) > clock.now() + 60_000) return session.mediaToken;
    tokenRefresh ??= (async () => {
      const answer = await http.call('getMediaToken', {});
      if (session) await patchLocalDoc(db, 'session', { mediaToken: answer.mediaToken, mediaTokenExpiry: answer.mediaTokenExpiry }, session);
      return answer.mediaToken;
    })().finally(() => {
      tokenRefresh = null;
    });
    return tokenRefresh;
  }

  async function fetchWithToken(url: string, signal: AbortSignal): Promise<Response> {
    const get = async (token: string) => deps.fetch(absolute(url), { headers: { authorization: `Bearer ${token}` }, signal });
    let res = await get(await mediaToken());
    if (res.status === 401) res = await get(await mediaToken(true));
    return res;
  }

  async function download(url: string): Promise<CommandResult> {
    if (await store.has(url)) return ok();
    const controller = new AbortController();
    controllers.set(url, controller);
    await report(url, 'download', { type: 'start', total: 0, at: clock.now() });
    try {
      const res = await fetchWithToken(url, controller.signal);
      if (res.status !== 200) throw new BadStatusError(res.status);
      const total = Number(res.headers.get('content-length') ?? 0) || 0;
      const progress = progressReporter(url, 'download');
      const chunks: Uint8Array[] = [];
      let loaded = 0;
      if (res.body) {
        const reader = res.body.getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          chunks.push(value);
          loaded += value.byteLength;
          progress(loaded, total);
        }
      }
      const blob = new Blob(chunks as BlobPart[], { type: res.headers.get('content-type') ?? 'application/octet-stream' });
      await store.put(url, blob);
      await report(url, 'download', { type: 'done', at: clock.now() });
      return ok();
    } catch (err) {
      await report(url, 'download', { type: 'fail', at: clock.now() }).catch(() => {});
      if (controller.signal.aborted) return failed(cancelledError());
      if (err instanceof BadStatusError) return failed(somethingWentWrongError(err.status, err.message));
      return failed(noResponseError());
    } finally {
      controllers.delete(url);
    }
  }

  const flows: MediaFlows = {
    downloadMedia(url) {
      if (typeof url !== 'string' || url.length === 0 || isLocalMedia(url)) return Promise.resolve(ok());
      let running = downloads.get(url);
      if (!running) {
        running = download(url).finally(() => downloads.delete(url));
        downloads.set(url, running);
      }
      return running;
    },

    async cancelTransfer(key) {
      const controller = controllers.get(key);
      if (controller) {
        controller.abort();
        return ok();
      }
      // a record left 'running' by an engine that is gone (a closed tab, a reload): settle it
      const t = (await getLocalDoc(db, 'media-transfers'))?.[key];
      if (t?.state === 'running') await report(key, t.kind, { type: 'fail', at: clock.now() });
      return ok();
    },

    lookUpLinkTitle(url) {
      let running = titles.get(url);
      if (running) return running;
      running = (async (): Promise<CommandResult<string | null>> => {
        const known = (await getLocalDoc(db, 'link-titles'))?.[url];
        if (known) return ok(known.title);
        try {
          const answer: unknown = await http.call('getLinkTitle', { url });
          const title = answer !== null && typeof answer === 'object' && typeof (answer as { title?: unknown }).title === 'string'
            ? (answer as { title: string }).title.slice(0, 300) : null;
          if (title) await modifyLocalDoc(db, 'link-titles', (all) => ({ ...all, [url]: { title, at: clock.now() } }));
          return ok(title);
        } catch (err) {
          if (err instanceof BadStatusError) return failed(somethingWentWrongError(err.status, err.message));
          return failed(noResponseError());
        }
      })().finally(() => titles.delete(url));
      titles.set(url, running);
      return running;
    },

    async loadBotConfiguration(botUuid) {
      try {
        const config = await http.call('getConfiguration', { bot_uuid: botUuid });
        const allow = config.allow_user_media === true;
        await modifyLocalDoc(db, 'bot-configs', (all) => ({ ...all, [botUuid]: { allow_user_media: allow, at: clock.now() } }));
        return ok(allow);
      } catch (err) {
        if (err instanceof BadStatusError && (err.status === 401 || err.status === 440) && deps.sessionRules) await deps.sessionRules('getConfiguration', err);
        if (err instanceof BadStatusError) return failed(somethingWentWrongError(err.status, err.message));
        return failed(noResponseError());
      }
    },
  };

  /** The upload of a queued media message (the outbox runs it before sending the message). */
  async function runUpload(entry: OutboxDoc): Promise<UploadOutcome> {
    const payload = entry.payload;
    if (!('media' in payload)) return { entry };
    const key = entry.id;
    const file = await store.get(localMediaKey(entry.id));
    if (!file) return { failed: 'the chosen file is no longer on this device' };
    let blob = file.blob;
    const contentType = payload.media.content_type || blob.type;
    if (payload.type === 'image' && contentType !== 'image/gif' && deps.prepareImage) {
      const crop = parseCrop(file.meta.crop);
      // spec part 1 §5: a failed compression is ignored and the original sent
      blob = (await deps.prepareImage(blob, crop).catch(() => null)) ?? blob;
    }
    const sentType = blob.type || contentType;
    const controller = new AbortController();
    controllers.set(key, controller);
    await report(key, 'upload', { type: 'start', total: blob.size, at: clock.now() });
    try {
      // parsed with the route's schema (http-client.ts): a malformed one rejects with BadAnswerError
      const answer = await http.call('getMediaUploadDetails', { content_type: sentType, purpose: 'chat' }, { signal: controller.signal });
      // spec part 1 §7: the given fields (in order), Content-Type unless they carry it, then the file
      const form = new FormData();
      for (const [k, v] of Object.entries(answer.upload_details.s3_fields)) form.append(k, String(v));
      if (!Object.keys(answer.upload_details.s3_fields).some((k) => k.toLowerCase() === 'content-type')) form.append('Content-Type', sentType);
      form.append('file', blob, payload.media.name ?? 'file');
      const status = await upload(absolute(answer.upload_details.url), form, progressReporter(key, 'upload'), controller.signal);
      // spec part 1 §5: only 204 is a success
      if (status !== UPLOAD_SUCCESS_STATUS) throw new BadStatusError(status);
      const url = mediaPathOf(answer.media_uuid);
      // the sender sees their own file at once, offline too, without downloading it back
      await store.put(url, blob).catch(() => {});
      const media = { ...payload.media, media_uuid: answer.media_uuid, url, content_type: sentType, size: blob.size };
      const next = { ...payload, media } as OutgoingMessage;
      // durable before the send: a crash from here on sends, never uploads again
      const doc = await db.outbox.findOne(entry.id).exec();
      await doc?.incrementalPatch({ payload: next });
      // the pending bubble now points at the uploaded copy (the local one goes below)
      const message = await db.messages.findOne(entry.id).exec();
      await message?.incrementalModify((m) => (m.message_id ? m : { ...m, message: { ...m.message, media } }));
      await report(key, 'upload', { type: 'done', at: clock.now() });
      // recorded when the file is on the server, not when it was chosen (a refused or cancelled
      // upload is no upload); an upload retried after a crash from here on is not run again
      await trackEvent(db, ANALYTICS_EVENT.mediaUploaded, { bot_uuid: entry.bot_uuid, kind: payload.type, content_type: sentType || 'unknown' }, clock.now());
      await store.delete(localMediaKey(entry.id)).catch(() => {});
      return { entry: { ...entry, payload: next } };
    } catch (err) {
      await report(key, 'upload', { type: 'fail', at: clock.now() }).catch(() => {});
      if (controller.signal.aborted) return { failed: 'upload cancelled' };
      // a success status that is not 204 is a refused file; every other failure goes to the one
      // classifier of every queued call (the runner: src/domain/failure-class.ts): a refused
      // file (a 4xx) fails the message, an unreachable, slow or overloaded server waits
      if (err instanceof BadStatusError && err.status < 400) return { failed: err.message };
      throw err;
    } finally {
      controllers.delete(key);
    }
  }

  return {
    flows,
    uploadStep: {
      needs: (entry) => needsUpload(entry.payload),
      run: runUpload,
    },
  };
}

function parseCrop(text: string | undefined): CropRect | null {
  if (!text) return null;
  const [x, y, width, height] = text.split(',').map(Number);
  if ([x, y, width, height].some((n) => n === undefined || !Number.isFinite(n)) || width! <= 0 || height! <= 0) return null;
  return { x: x!, y: y!, width: width!, height: height! };
}
