// What the user may attach and where a selection goes (spec part 1 §5 "Attachments", "Accepted",
// "File picker", and §6 for the menu). The lists are the spec's, as written; two consequences
// worth knowing: .xls/.xlsx pass the extension check but their mime types are not in the spec's
// mime list, so the picker offers them and the check then refuses them by name; 3gp recordings
// are accepted by the recorder's input but their extension is not in the list.
import { MAX_FILES_PER_UPLOAD, MAX_UPLOAD_BYTES } from './constants';
import { MSG } from './errors';

export interface ChosenFile { name: string; type: string; size: number }
export type AttachmentFlow = 'image' | 'video' | 'document' | 'audio';
export interface AttachmentError { id: string; values?: Record<string, string> }
export type AttachmentCheck = { ok: true; flow: AttachmentFlow } | { ok: false; error: AttachmentError };

export const ACCEPTED_EXTENSIONS: readonly string[] = ['ogg', 'mp3', 'jpg', 'jpeg', 'png', 'mp4', 'mov', 'pdf', 'docx', 'gif', 'xls', 'xlsx'];

/** The spec's mime list: jpg, jpeg, png, gif, mp4, quicktime, pdf, docx, aac, mp4 audio, mpeg audio, ogg. */
export const ACCEPTED_MIME_TYPES: readonly string[] = [
  'image/jpg', 'image/jpeg', 'image/png', 'image/gif',
  'video/mp4', 'video/quicktime',
  'application/pdf', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'audio/aac', 'audio/mp4', 'audio/mpeg', 'audio/ogg',
];

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** Why one file is refused, or null. The spec's order: extension, no type, mime type, 0 bytes, over 64 MB. */
export function fileProblem(file: ChosenFile): AttachmentError | null {
  const ext = extensionOf(file.name);
  if (!ACCEPTED_EXTENSIONS.includes(ext)) return { id: MSG.attachment.unsupportedExtension, values: { ext } };
  if (file.type === '') return { id: MSG.attachment.unsupported };
  if (!ACCEPTED_MIME_TYPES.includes(file.type.toLowerCase())) return { id: MSG.attachment.unsupportedType, values: { name: file.name } };
  if (file.size <= 0) return { id: MSG.attachment.empty };
  if (file.size > MAX_UPLOAD_BYTES) return { id: MSG.attachment.tooLarge };
  return null;
}

const kindOf = (type: string): string => type.toLowerCase().split('/')[0] ?? '';

/** The flow of one accepted file by its type: image, video, audio, or a document (application/*). */
function flowOf(file: ChosenFile): AttachmentFlow | null {
  switch (kindOf(file.type)) {
    case 'image': return 'image';
    case 'video': return 'video';
    case 'audio': return 'audio';
    case 'application': return 'document';
    default: return null;
  }
}

/**
 * A selection: more than 20 files is refused; one refused file blocks the whole selection;
 * several files must all be images (the image flow); a mix gives allImages, several non-images
 * oneFileAtATime; a single file goes to the flow of its type.
 */
export function checkFiles(files: readonly ChosenFile[]): AttachmentCheck {
  if (files.length === 0) return { ok: false, error: { id: MSG.attachment.unsupported } };
  if (files.length > MAX_FILES_PER_UPLOAD) return { ok: false, error: { id: MSG.attachment.tooMany, values: { max: String(MAX_FILES_PER_UPLOAD) } } };
  for (const file of files) {
    const problem = fileProblem(file);
    if (problem) return { ok: false, error: problem };
  }
  if (files.length > 1) {
    const images = files.filter((f) => kindOf(f.type) === 'image').length;
    if (images === files.length) return { ok: true, flow: 'image' };
    return { ok: false, error: { id: images > 0 ? MSG.attachment.allImages : MSG.attachment.oneFileAtATime } };
  }
  const flow = flowOf(files[0]!);
  return flow ? { ok: true, flow } : { ok: false, error: { id: MSG.attachment.unsupportedType, values: { name: files[0]!.name } } };
}

export type AttachmentOption = 'camera-image' | 'video-recording' | 'image-gallery' | 'video-gallery' | 'location' | 'document' | 'audio';

export interface DeviceCapabilities {
  /** A native app shell that captures photos and videos itself. */
  nativeCapture: boolean;
  /** The browser can open the camera (getUserMedia or a capture input). */
  browserCamera: boolean;
}

/**
 * The attachment menu (spec part 1 §6): nothing when the bot does not allow user media; native
 * capture offers everything; a browser camera everything but video recording; otherwise the
 * galleries, location, document and audio. Without a selected bot (§5) only the camera image
 * (where natively supported) and the image gallery.
 */
export function attachmentMenu(allowUserMedia: boolean, caps: DeviceCapabilities, hasSelectedBot: boolean): AttachmentOption[] {
  if (!hasSelectedBot) return caps.nativeCapture ? ['camera-image', 'image-gallery'] : ['image-gallery'];
  if (!allowUserMedia) return [];
  if (caps.nativeCapture) return ['camera-image', 'video-recording', 'image-gallery', 'video-gallery', 'location', 'document', 'audio'];
  if (caps.browserCamera) return ['camera-image', 'image-gallery', 'video-gallery', 'location', 'document', 'audio'];
  return ['image-gallery', 'video-gallery', 'location', 'document', 'audio'];
}

/** The <input accept> of each option (spec part 1 §5 "Accepted"); location picks no file. */
export function acceptFor(option: AttachmentOption, hasSelectedBot = true): string {
  switch (option) {
    case 'document': return '.pdf,.docx,.xlsx,.xls';
    case 'audio': return '.mp3,.ogg';
    case 'camera-image': return hasSelectedBot ? 'image/jpeg,image/png' : 'image/jpeg,image/png,image/gif';
    case 'video-recording': return 'video/mp4,video/3gp,video/quicktime,video/mov';
    case 'image-gallery': return hasSelectedBot ? 'image/jpeg,image/png' : 'image/jpeg,image/png,image/gif';
    case 'video-gallery': return 'video/mp4,video/3gpp,.mov,video/quicktime';
    case 'location': return '';
  }
}
