// The link title lookup (spec part 1 §7: "link title lookup via an oEmbed-style endpoint per
// uncached url"). This server has no internet, so it does not fetch anything: it knows the titles
// of the demo YouTube videos the Showcase bot sends and answers the host name for other links.
// Only https links are looked up.
import { badRequest } from '../http/errors';

export interface DemoVideo { video_id: string; title: string }

/** The YouTube videos the demo bots link to, with their titles. */
export const DEMO_YOUTUBE: readonly DemoVideo[] = [
  { video_id: 'jNQXAC9IVRw', title: 'Me at the zoo' },
  { video_id: 'aqz-KE-bpKQ', title: 'Big Buck Bunny 60fps 4K - Official Blender Foundation Short Film' },
];

export const youtubeUrl = (videoId: string) => `https://www.youtube.com/watch?v=${videoId}`;

const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com', 'youtube-nocookie.com', 'www.youtube-nocookie.com']);
const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;

/** The video id of a YouTube link (watch?v=, youtu.be/, /shorts/, /embed/, /live/), or undefined. */
export function youtubeVideoId(url: URL): string | undefined {
  let id: string | null | undefined;
  if (url.hostname === 'youtu.be') id = url.pathname.split('/')[1];
  else if (YOUTUBE_HOSTS.has(url.hostname)) {
    const [, first, second] = url.pathname.split('/');
    id = first === 'watch' ? url.searchParams.get('v') : ['shorts', 'embed', 'live', 'v'].includes(first ?? '') ? second : undefined;
  }
  return id && VIDEO_ID.test(id) ? id : undefined;
}

/** The title of an https link: a known video's title, else the link's host name. */
export function linkTitle(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw badRequest('url is not a valid URL');
  }
  if (url.protocol !== 'https:') throw badRequest('url must be an https URL');
  if (url.hostname === '') throw badRequest('url has no host');
  const videoId = youtubeVideoId(url);
  const known = videoId === undefined ? undefined : DEMO_YOUTUBE.find((v) => v.video_id === videoId);
  if (known) return known.title;
  return url.hostname.replace(/^www\./, '');
}
