import { describe, expect, it } from 'vitest';
import { autoDownloads, DEFAULT_AUTO_DOWNLOAD, parseAutoDownload, toggleAutoDownload } from '../../../src/domain/auto-download';

describe('auto-download setting (spec part 1 §3)', () => {
  it('defaults to Photo only', () => {
    expect(parseAutoDownload(DEFAULT_AUTO_DOWNLOAD)).toEqual(['Photo']);
    expect(autoDownloads(DEFAULT_AUTO_DOWNLOAD, 'image/png')).toBe(true);
    expect(autoDownloads(DEFAULT_AUTO_DOWNLOAD, 'video/mp4')).toBe(false);
    expect(autoDownloads(DEFAULT_AUTO_DOWNLOAD, 'audio/mpeg')).toBe(false);
  });
  it('parses a comma list, ignoring unknown words and order', () => {
    expect(parseAutoDownload('Video, Photo,Nonsense')).toEqual(['Photo', 'Video']);
    expect(parseAutoDownload('')).toEqual([]);
  });
  it('toggles a kind, keeping the spec order', () => {
    expect(toggleAutoDownload('Photo', 'Video')).toBe('Photo,Video');
    expect(toggleAutoDownload('Video,Photo', 'Photo')).toBe('Video');
    expect(toggleAutoDownload('', 'Audio')).toBe('Audio');
  });
  it('documents never download by themselves', () => {
    expect(autoDownloads('Photo,Audio,Video', 'application/pdf')).toBe(false);
  });
});
