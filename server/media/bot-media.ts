// The demo bots' own media: small real files committed under server/data/media/, each with a
// fixed media_uuid. They are served by GET /api/media/{media_uuid} like user uploads (Bearer
// media token), to any signed-in user. Their MediaRef (what a bot message carries) is built here.
import { readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { API_BASE } from '../../src/api/headers';
import type { MediaRef } from '../../src/api/messages';
import { MEDIA_PATH } from '../../src/api/route-table';
import type { MediaKind } from './content-types';

export const BOT_MEDIA_DIR = fileURLToPath(new URL('../data/media/', import.meta.url));

export interface BotMediaFile {
  media_uuid: string;
  file: string;
  content_type: string;
  kind: MediaKind;
  /** Shown to the user (document names, audio titles). */
  name: string;
  width?: number;
  height?: number;
  duration?: number;
}

/** Every bot media file, by a short name the bots use. */
export const BOT_MEDIA = {
  png: { media_uuid: '94815d23-6d93-4b55-957c-7071d412147b', file: 'showcase.png', content_type: 'image/png', kind: 'image', name: 'showcase.png', width: 480, height: 320 },
  jpeg: { media_uuid: '5b7fa18c-8566-4668-9e6c-7278e16e9cd3', file: 'photo.jpg', content_type: 'image/jpeg', kind: 'image', name: 'photo.jpg', width: 640, height: 427 },
  gif: { media_uuid: '29d543b8-b27e-4960-bcbc-d38c38671765', file: 'anim.gif', content_type: 'image/gif', kind: 'image', name: 'anim.gif', width: 240, height: 160, duration: 2 },
  mp3: { media_uuid: '5d6a1fb2-3201-4ca6-a80e-41b43c2970d3', file: 'tune.mp3', content_type: 'audio/mpeg', kind: 'audio', name: 'Showcase chime (a short tune).mp3', duration: 6.06 },
  ogg: { media_uuid: '028c8c8e-8f37-4ea9-a6e7-747590e3130f', file: 'bells.ogg', content_type: 'audio/ogg', kind: 'audio', name: 'Bells.ogg', duration: 6 },
  mp4: { media_uuid: '838b1573-46f3-4308-9fb1-9f7bd6da6304', file: 'clip.mp4', content_type: 'video/mp4', kind: 'video', name: 'clip.mp4', width: 320, height: 240, duration: 5 },
  pdf: { media_uuid: '12edbe6d-911b-401b-90a6-48a3a0296183', file: 'showcase-guide.pdf', content_type: 'application/pdf', kind: 'document', name: 'Showcase guide for the chat app (demo).pdf' },
  // the demo shop's product pictures (drawn by scripts/make-product-pictures.ts)
  productDal: { media_uuid: '02164edb-b347-4172-985b-0ff10edc122e', file: 'product-dal.png', content_type: 'image/png', kind: 'image', name: 'product-dal.png', width: 192, height: 192 },
  productAtta: { media_uuid: 'dae300a1-eb4f-4b15-adc9-3b54a0be2eae', file: 'product-atta.png', content_type: 'image/png', kind: 'image', name: 'product-atta.png', width: 192, height: 192 },
  productBhujia: { media_uuid: 'b1d57469-04a4-42e8-80da-8bc7c956fe6e', file: 'product-bhujia.png', content_type: 'image/png', kind: 'image', name: 'product-bhujia.png', width: 192, height: 192 },
  productButter: { media_uuid: '0dd8e1ea-b4b3-4549-9e82-eb4d2963afd5', file: 'product-butter.png', content_type: 'image/png', kind: 'image', name: 'product-butter.png', width: 192, height: 192 },
  productBiscuits: { media_uuid: '49dfeb47-afcd-462c-9faf-c836da517e18', file: 'product-biscuits.png', content_type: 'image/png', kind: 'image', name: 'product-biscuits.png', width: 192, height: 192 },
  productKaju: { media_uuid: 'ae2ecfb2-8b09-4f11-97ea-bdbc4922417a', file: 'product-kaju.png', content_type: 'image/png', kind: 'image', name: 'product-kaju.png', width: 192, height: 192 },
} as const satisfies Record<string, BotMediaFile>;

export type BotMediaName = keyof typeof BOT_MEDIA;

const byUuid: ReadonlyMap<string, BotMediaFile> = new Map(Object.values(BOT_MEDIA).map((m) => [m.media_uuid, m]));

/** The bot media file with this id, or undefined. */
export function findBotMedia(mediaUuid: string): BotMediaFile | undefined {
  return byUuid.get(mediaUuid);
}

/** Download path of a media file (bot or user): API_BASE + /media/{media_uuid}. */
export const mediaUrl = (mediaUuid: string) => `${API_BASE}${MEDIA_PATH}/${mediaUuid}`;

let thumbnails: Record<string, string> | undefined;
const sizes = new Map<string, number>();

function thumbnailOf(file: string): string | undefined {
  thumbnails ??= JSON.parse(readFileSync(`${BOT_MEDIA_DIR}thumbnails.json`, 'utf8')) as Record<string, string>;
  return thumbnails[file];
}

function sizeOf(file: string): number {
  let size = sizes.get(file);
  if (size === undefined) {
    size = statSync(`${BOT_MEDIA_DIR}${file}`).size;
    sizes.set(file, size);
  }
  return size;
}

/** Throws when a listed file is missing or empty (run at start, like the catalogue check). */
export function checkBotMedia(): void {
  for (const m of Object.values(BOT_MEDIA)) {
    if (sizeOf(m.file) <= 0) throw new Error(`bot media ${m.file} is empty`);
  }
}

/** What a bot message carries for the file: its path, type, name, size and, for pictures, a thumbnail. */
export function botMediaRef(name: BotMediaName, caption?: string): MediaRef & { media_uuid: string } {
  const m: BotMediaFile = BOT_MEDIA[name];
  const thumbnail = thumbnailOf(m.file);
  return {
    media_uuid: m.media_uuid,
    url: mediaUrl(m.media_uuid),
    content_type: m.content_type,
    name: m.name,
    size: sizeOf(m.file),
    ...(m.width !== undefined ? { width: m.width } : {}),
    ...(m.height !== undefined ? { height: m.height } : {}),
    ...(m.duration !== undefined ? { duration: m.duration } : {}),
    ...(thumbnail !== undefined ? { thumbnail } : {}),
    ...(caption !== undefined ? { caption } : {}),
  };
}
