// TEMPORARY stand-in for src/domain/attachment-rules.ts and src/domain/media-titles.ts, which the
// lead is writing on main with these exact signatures (/work/briefs/domain-api.md). Imports switch
// to the real modules, and this file goes, as soon as main has them.
import { DOCUMENT_NAME_KEPT_CHARS, DOCUMENT_NAME_MAX_CHARS, AUDIO_TITLE_MAX_CHARS, MAX_FILES_PER_UPLOAD, MAX_UPLOAD_BYTES } from './constants';
import { MSG } from './errors';

export interface ChosenFile { name: string; type: string; size: number }
export type AttachmentFlow = 'image' | 'video' | 'document' | 'audio';
export interface AttachmentError { id: string; values?: Record<string, string> }
export type AttachmentOption = 'camera-image' | 'video-recording' | 'image-gallery' | 'video-gallery' | 'location' | 'document' | 'audio';
export interface DeviceCapabilities { nativeCapture: boolean; browserCamera: boolean }

const EXTENSIONS = ['ogg', 'mp3', 'jpg', 'jpeg', 'png', 'mp4', 'mov', 'pdf', 'docx', 'gif', 'xls', 'xlsx'];
const MIMES = [
  'image/jpg', 'image/jpeg', 'image/png', 'image/gif', 'video/mp4', 'video/quicktime', 'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'audio/aac', 'audio/mp4', 'audio/mpeg', 'audio/ogg',
  'application/vnd.ms-excel', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'video/3gpp',
];

function flowOf(type: string): AttachmentFlow {
  if (type.startsWith('image/')) return 'image';
  if (type.startsWith('video/')) return 'video';
  if (type.startsWith('audio/')) return 'audio';
  return 'document';
}

export function checkFiles(files: readonly ChosenFile[]): { ok: true; flow: AttachmentFlow } | { ok: false; error: AttachmentError } {
  if (files.length === 0) return { ok: false, error: { id: MSG.attachment.unsupported } };
  if (files.length > MAX_FILES_PER_UPLOAD) return { ok: false, error: { id: MSG.attachment.tooMany, values: { max: String(MAX_FILES_PER_UPLOAD) } } };
  for (const f of files) {
    const dot = f.name.lastIndexOf('.');
    const ext = dot >= 0 ? f.name.slice(dot + 1).toLowerCase() : '';
    if (!EXTENSIONS.includes(ext)) return { ok: false, error: { id: MSG.attachment.unsupportedExtension, values: { ext } } };
    if (!f.type) return { ok: false, error: { id: MSG.attachment.unsupported } };
    if (!MIMES.includes(f.type)) return { ok: false, error: { id: MSG.attachment.unsupportedType, values: { name: f.name } } };
    if (f.size === 0) return { ok: false, error: { id: MSG.attachment.empty } };
    if (f.size > MAX_UPLOAD_BYTES) return { ok: false, error: { id: MSG.attachment.tooLarge } };
  }
  if (files.length > 1) {
    const images = files.filter((f) => f.type.startsWith('image/')).length;
    if (images === files.length) return { ok: true, flow: 'image' };
    return { ok: false, error: { id: images > 0 ? MSG.attachment.allImages : MSG.attachment.oneFileAtATime } };
  }
  return { ok: true, flow: flowOf(files[0]!.type) };
}

export function attachmentMenu(allowUserMedia: boolean, caps: DeviceCapabilities, hasSelectedBot: boolean): AttachmentOption[] {
  if (!hasSelectedBot) return caps.nativeCapture ? ['camera-image', 'image-gallery'] : ['image-gallery'];
  if (!allowUserMedia) return [];
  if (caps.nativeCapture) return ['camera-image', 'video-recording', 'image-gallery', 'video-gallery', 'location', 'document', 'audio'];
  if (caps.browserCamera) return ['camera-image', 'image-gallery', 'video-gallery', 'location', 'document', 'audio'];
  return ['image-gallery', 'video-gallery', 'location', 'document', 'audio'];
}

export function acceptFor(option: AttachmentOption): string {
  switch (option) {
    case 'camera-image': return 'image/jpeg,image/png';
    case 'video-recording': return 'video/mp4,video/3gpp,video/quicktime,.mov';
    case 'image-gallery': return 'image/jpeg,image/png,image/gif';
    case 'video-gallery': return 'video/mp4,video/3gpp,.mov,video/quicktime';
    case 'document': return '.pdf,.docx,.xlsx,.xls';
    case 'audio': return '.mp3,.ogg';
    case 'location': return '';
  }
}

export function audioTitle(name: string): string {
  return name.length > AUDIO_TITLE_MAX_CHARS ? `${name.slice(0, AUDIO_TITLE_MAX_CHARS)}…` : name;
}
export function documentName(name: string): string {
  return name.length > DOCUMENT_NAME_MAX_CHARS ? `${name.slice(0, DOCUMENT_NAME_KEPT_CHARS)}…` : name;
}
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
