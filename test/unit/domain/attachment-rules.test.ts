import { describe, expect, it } from 'vitest';
import { acceptFor, attachmentMenu, checkFiles, type ChosenFile } from '../../../src/domain/attachment-rules';
import { MAX_UPLOAD_BYTES } from '../../../src/domain/constants';
import { MSG } from '../../../src/domain/errors';

const file = (name: string, type: string, size = 1000): ChosenFile => ({ name, type, size });
const png = file('a.png', 'image/png');
const pdf = file('a.pdf', 'application/pdf');

describe('checkFiles (spec part 1 §5)', () => {
  it('routes a single file by type', () => {
    expect(checkFiles([png])).toEqual({ ok: true, flow: 'image' });
    expect(checkFiles([file('g.gif', 'image/gif')])).toEqual({ ok: true, flow: 'image' });
    expect(checkFiles([file('v.mp4', 'video/mp4')])).toEqual({ ok: true, flow: 'video' });
    expect(checkFiles([file('v.mov', 'video/quicktime')])).toEqual({ ok: true, flow: 'video' });
    expect(checkFiles([pdf])).toEqual({ ok: true, flow: 'document' });
    expect(checkFiles([file('d.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document')])).toEqual({ ok: true, flow: 'document' });
    expect(checkFiles([file('s.mp3', 'audio/mpeg')])).toEqual({ ok: true, flow: 'audio' });
    expect(checkFiles([file('s.ogg', 'audio/ogg')])).toEqual({ ok: true, flow: 'audio' });
  });
  it('refuses more than 20 files with maxUploadFile', () => {
    expect(checkFiles(Array.from({ length: 20 }, () => png))).toEqual({ ok: true, flow: 'image' });
    expect(checkFiles(Array.from({ length: 21 }, () => png))).toEqual({ ok: false, error: { id: MSG.attachment.tooMany, values: { max: '20' } } });
  });
  it('several files must all be images', () => {
    expect(checkFiles([png, file('b.jpg', 'image/jpeg')])).toEqual({ ok: true, flow: 'image' });
    expect(checkFiles([png, pdf])).toEqual({ ok: false, error: { id: MSG.attachment.allImages } });
    expect(checkFiles([pdf, file('s.mp3', 'audio/mpeg')])).toEqual({ ok: false, error: { id: MSG.attachment.oneFileAtATime } });
  });
  it('checks the extension first, then a missing type, then the mime type', () => {
    expect(checkFiles([file('run.exe', 'application/x-msdownload')])).toEqual({ ok: false, error: { id: MSG.attachment.unsupportedExtension, values: { ext: 'exe' } } });
    expect(checkFiles([file('noext', '')])).toEqual({ ok: false, error: { id: MSG.attachment.unsupportedExtension, values: { ext: '' } } });
    expect(checkFiles([file('a.png', '')])).toEqual({ ok: false, error: { id: MSG.attachment.unsupported } });
    expect(checkFiles([file('a.png', 'image/webp')])).toEqual({ ok: false, error: { id: MSG.attachment.unsupportedType, values: { name: 'a.png' } } });
    expect(checkFiles([file('A.PNG', 'image/png')])).toEqual({ ok: true, flow: 'image' });
  });
  it('follows the spec lists as written: .xlsx passes the extension check but not the mime list', () => {
    expect(checkFiles([file('t.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')]))
      .toEqual({ ok: false, error: { id: MSG.attachment.unsupportedType, values: { name: 't.xlsx' } } });
  });
  it('refuses 0 bytes and over 64 MB', () => {
    expect(checkFiles([file('a.png', 'image/png', 0)])).toEqual({ ok: false, error: { id: MSG.attachment.empty } });
    expect(checkFiles([file('a.png', 'image/png', MAX_UPLOAD_BYTES)])).toEqual({ ok: true, flow: 'image' });
    expect(checkFiles([file('a.png', 'image/png', MAX_UPLOAD_BYTES + 1)])).toEqual({ ok: false, error: { id: MSG.attachment.tooLarge } });
  });
  it('one failure blocks the whole selection', () => {
    expect(checkFiles([png, png, file('c.png', 'image/png', 0), png])).toEqual({ ok: false, error: { id: MSG.attachment.empty } });
  });
});

describe('attachment menu (spec part 1 §6) and accept lists (§5)', () => {
  const native = { nativeCapture: true, browserCamera: true };
  const browserCam = { nativeCapture: false, browserCamera: true };
  const none = { nativeCapture: false, browserCamera: false };
  it('offers nothing when the bot does not allow user media', () => expect(attachmentMenu(false, native, true)).toEqual([]));
  it('native capture: everything', () => expect(attachmentMenu(true, native, true)).toEqual(['camera-image', 'video-recording', 'image-gallery', 'video-gallery', 'location', 'document', 'audio']));
  it('browser camera: everything but video recording', () => expect(attachmentMenu(true, browserCam, true)).toEqual(['camera-image', 'image-gallery', 'video-gallery', 'location', 'document', 'audio']));
  it('otherwise: galleries, location, document, audio', () => expect(attachmentMenu(true, none, true)).toEqual(['image-gallery', 'video-gallery', 'location', 'document', 'audio']));
  it('without a selected bot: camera image (native only) and the image gallery with gif', () => {
    expect(attachmentMenu(true, native, false)).toEqual(['camera-image', 'image-gallery']);
    expect(attachmentMenu(true, browserCam, false)).toEqual(['image-gallery']);
    expect(acceptFor('image-gallery', false)).toBe('image/jpeg,image/png,image/gif');
  });
  it('accept lists', () => {
    expect(acceptFor('document')).toBe('.pdf,.docx,.xlsx,.xls');
    expect(acceptFor('audio')).toBe('.mp3,.ogg');
    expect(acceptFor('image-gallery')).toBe('image/jpeg,image/png');
    expect(acceptFor('video-gallery')).toBe('video/mp4,video/3gpp,.mov,video/quicktime');
    expect(acceptFor('location')).toBe('');
  });
});
