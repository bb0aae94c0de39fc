// Shared helper of the media tests: small files of each accepted format (real first bytes, so the
// server's magic-byte check has something true to recognise), the S3-style upload the app does
// (get-media-upload-details, then multipart/form-data with the s3_fields first and the file last),
// and Bearer downloads.
import { readFileSync } from 'node:fs';
import type { MediaUploadDetails } from '../../../src/api/contract';
import { BOT_MEDIA, BOT_MEDIA_DIR } from '../../../server/media/bot-media';
import type { TestServer, TestSession } from './server';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));
const padTo = (head: Buffer, size = 64) => Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length), 0x20)]);

export const demoFile = (name: keyof typeof BOT_MEDIA) => readFileSync(`${BOT_MEDIA_DIR}${BOT_MEDIA[name].file}`);

/** One small file per accepted content type; the real demo files where there are some. */
export const SAMPLES: readonly { contentType: string; kind: 'image' | 'video' | 'audio' | 'document'; data: Buffer; label: string }[] = [
  { contentType: 'image/png', kind: 'image', data: demoFile('png'), label: 'PNG' },
  { contentType: 'image/jpeg', kind: 'image', data: demoFile('jpeg'), label: 'JPEG' },
  { contentType: 'image/gif', kind: 'image', data: demoFile('gif'), label: 'GIF' },
  { contentType: 'image/webp', kind: 'image', data: padTo(bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 ')), label: 'WebP' },
  { contentType: 'video/mp4', kind: 'video', data: demoFile('mp4'), label: 'MP4' },
  { contentType: 'video/quicktime', kind: 'video', data: padTo(bytes([0, 0, 0, 0x14], 'ftypqt  ')), label: 'MOV (ftyp)' },
  { contentType: 'video/quicktime', kind: 'video', data: padTo(bytes([0, 0, 0, 0x08], 'wide')), label: 'MOV (old atoms)' },
  { contentType: 'video/3gpp', kind: 'video', data: padTo(bytes([0, 0, 0, 0x18], 'ftyp3gp4')), label: '3GP' },
  { contentType: 'audio/mpeg', kind: 'audio', data: demoFile('mp3'), label: 'MP3 (ID3)' },
  { contentType: 'audio/mpeg', kind: 'audio', data: padTo(bytes([0xff, 0xfb, 0x90, 0x64])), label: 'MP3 (frame sync)' },
  { contentType: 'audio/ogg', kind: 'audio', data: demoFile('ogg'), label: 'OGG' },
  { contentType: 'audio/aac', kind: 'audio', data: padTo(bytes([0xff, 0xf1, 0x50, 0x80])), label: 'AAC (ADTS)' },
  { contentType: 'audio/mp4', kind: 'audio', data: padTo(bytes([0, 0, 0, 0x1c], 'ftypM4A ')), label: 'M4A' },
  { contentType: 'application/pdf', kind: 'document', data: demoFile('pdf'), label: 'PDF' },
  { contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', kind: 'document', data: padTo(bytes('PK', [3, 4, 20, 0])), label: 'DOCX' },
  { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', kind: 'document', data: padTo(bytes('PK', [3, 4, 20, 0])), label: 'XLSX' },
  { contentType: 'application/vnd.ms-excel', kind: 'document', data: padTo(bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])), label: 'XLS' },
];

export interface UploadOptions {
  /** Replaces or adds fields after the signed ones (tampering tests). */
  fields?: Record<string, string>;
  /** Leaves these signed fields out. */
  omit?: string[];
  /** Name of the file part (default 'file'). */
  fileField?: string;
  /** Post to this URL instead of upload_details.url. */
  url?: string;
}

/** Posts a file as the app does: the s3_fields in order, then the file. Answers the response. */
export async function postUpload(details: MediaUploadDetails, data: Uint8Array, opts: UploadOptions = {}): Promise<Response> {
  const form = new FormData();
  const fields = { ...details.upload_details.s3_fields, ...opts.fields };
  for (const [name, value] of Object.entries(fields)) if (!opts.omit?.includes(name)) form.append(name, value);
  form.append(opts.fileField ?? 'file', new Blob([new Uint8Array(data)], { type: fields['Content-Type'] ?? 'application/octet-stream' }), 'upload.bin');
  return fetch(opts.url ?? details.upload_details.url, { method: 'POST', body: form });
}

/** get-media-upload-details for the content type, then the upload; expects 204. Answers the details. */
export async function uploadMedia(t: TestServer, me: TestSession, contentType: string, data: Uint8Array): Promise<MediaUploadDetails> {
  const details = await t.ok('getMediaUploadDetails', { content_type: contentType }, { session: me });
  const response = await postUpload(details, data);
  if (response.status !== 204) throw new Error(`upload answered ${response.status}: ${await response.text()}`);
  return details;
}

/** GET /api/media/{id} with the session's media token (or the given Authorization). */
export function download(t: TestServer, mediaUuid: string, opts: { session?: TestSession; authorization?: string; headers?: Record<string, string>; method?: string } = {}): Promise<Response> {
  const headers: Record<string, string> = { ...opts.headers };
  const authorization = opts.authorization ?? (opts.session ? `Bearer ${opts.session.tokens.mediaToken}` : undefined);
  if (authorization !== undefined) headers.authorization = authorization;
  return t.fetch(`/api/media/${mediaUuid}`, { method: opts.method ?? 'GET', headers });
}
