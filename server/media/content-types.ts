// Which files may be uploaded (spec part 1 §5 "Accepted" and the picker's mime list) and how a
// file proves it is what its Content-Type says: by its first bytes, never by its name or the
// client's word. A declared type the server cannot verify is refused, so nothing it serves back
// (with that Content-Type) can be a disguised HTML or SVG page.

/** What a message of the file's kind is: image, video, audio or document. */
export type MediaKind = 'image' | 'video' | 'audio' | 'document';

/** The formats the server recognises by their first bytes. */
export type Signature = 'png' | 'jpeg' | 'gif' | 'webp' | 'iso-bmff' | 'quicktime' | 'webm' | 'mp3' | 'ogg' | 'aac' | 'pdf' | 'zip' | 'ole';

const IMAGE_SIGNATURES: readonly Signature[] = ['png', 'jpeg', 'gif', 'webp'];
const VIDEO_SIGNATURES: readonly Signature[] = ['iso-bmff', 'quicktime', 'webm'];

/** Declared content types (lower case, no parameters) and the formats each may hold. */
const KNOWN: Readonly<Record<string, { kind: MediaKind; signatures: readonly Signature[] }>> = {
  'image/png': { kind: 'image', signatures: ['png'] },
  'image/jpeg': { kind: 'image', signatures: ['jpeg'] },
  'image/jpg': { kind: 'image', signatures: ['jpeg'] },
  'image/gif': { kind: 'image', signatures: ['gif'] },
  'image/webp': { kind: 'image', signatures: ['webp'] },
  'video/mp4': { kind: 'video', signatures: ['iso-bmff'] },
  'video/3gpp': { kind: 'video', signatures: ['iso-bmff'] },
  'video/quicktime': { kind: 'video', signatures: ['iso-bmff', 'quicktime'] },
  'video/x-m4v': { kind: 'video', signatures: ['iso-bmff'] },
  'video/webm': { kind: 'video', signatures: ['webm'] },
  'audio/mpeg': { kind: 'audio', signatures: ['mp3'] },
  'audio/mp3': { kind: 'audio', signatures: ['mp3'] },
  'audio/ogg': { kind: 'audio', signatures: ['ogg'] },
  'audio/aac': { kind: 'audio', signatures: ['aac'] },
  'audio/mp4': { kind: 'audio', signatures: ['iso-bmff'] },
  'audio/x-m4a': { kind: 'audio', signatures: ['iso-bmff'] },
  'audio/m4a': { kind: 'audio', signatures: ['iso-bmff'] },
  'application/pdf': { kind: 'document', signatures: ['pdf'] },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': { kind: 'document', signatures: ['zip'] },
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { kind: 'document', signatures: ['zip'] },
  'application/vnd.ms-excel': { kind: 'document', signatures: ['ole'] },
};

/** Bytes of the start of a file needed to recognise every signature above. */
export const SNIFF_BYTES = 16;

/** 'image/PNG; charset=x' → 'image/png'. */
export function normaliseContentType(contentType: string): string {
  return (contentType.split(';')[0] ?? '').trim().toLowerCase();
}

/**
 * The kind and allowed formats of a declared content type, or undefined when it may not be
 * uploaded ('No media type found'). Any image/* or video/* is taken (spec part 1 §5: "an image,
 * video or given type"); one the server does not know must still be a format of its kind.
 */
export function acceptedType(contentType: string): { contentType: string; kind: MediaKind; signatures: readonly Signature[] } | undefined {
  const type = normaliseContentType(contentType);
  if (!/^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/.test(type)) return undefined;
  const known = KNOWN[type];
  if (known) return { contentType: type, ...known };
  if (type.startsWith('image/')) return { contentType: type, kind: 'image', signatures: IMAGE_SIGNATURES };
  if (type.startsWith('video/')) return { contentType: type, kind: 'video', signatures: VIDEO_SIGNATURES };
  return undefined;
}

const startsWith = (head: Uint8Array, bytes: readonly number[], at = 0) =>
  head.length >= at + bytes.length && bytes.every((b, i) => head[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** ISO base media boxes a QuickTime file may open with besides ftyp. */
const QUICKTIME_ATOMS = ['moov', 'mdat', 'wide', 'free', 'skip', 'pnot'];

/** The format of a file by its first bytes (at least SNIFF_BYTES of them, or the whole file). */
export function sniff(head: Uint8Array): Signature | undefined {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return 'gif';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'webp';
  if (startsWith(head, ascii('ftyp'), 4)) return 'iso-bmff';
  if (QUICKTIME_ATOMS.some((atom) => startsWith(head, ascii(atom), 4))) return 'quicktime';
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) return 'webm';
  if (startsWith(head, ascii('OggS'))) return 'ogg';
  if (startsWith(head, ascii('%PDF-'))) return 'pdf';
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return 'zip';
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'ole';
  // ADTS (AAC): 12 sync bits, layer 00. MPEG audio (MP3): 11 sync bits, a layer that is not 00.
  if (head.length >= 2 && head[0] === 0xff && (head[1]! & 0xf6) === 0xf0) return 'aac';
  if (head.length >= 2 && head[0] === 0xff && (head[1]! & 0xe0) === 0xe0 && (head[1]! & 0x06) !== 0) return 'mp3';
  return undefined;
}

/** Whether the file's first bytes match one of the formats its declared type allows. */
export function matchesDeclared(head: Uint8Array, signatures: readonly Signature[]): boolean {
  // An ID3v2 tag opens MP3 files and some AAC ones: the audio frames come after it.
  if (startsWith(head, ascii('ID3'))) return signatures.includes('mp3') || signatures.includes('aac');
  const found = sniff(head);
  return found !== undefined && signatures.includes(found);
}
