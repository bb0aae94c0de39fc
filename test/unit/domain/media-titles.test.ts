import { describe, expect, it } from 'vitest';
import { audioTitle, documentName, formatFileSize } from '../../../src/domain/media-titles';

describe('audio and document titles (spec part 1 §5, §9)', () => {
  it('keeps an audio title of 22 characters and cuts 23 to 22 and "..."', () => {
    expect(audioTitle('a'.repeat(22))).toBe('a'.repeat(22));
    expect(audioTitle('a'.repeat(23))).toBe(`${'a'.repeat(22)}...`);
  });
  it('keeps a document name of 30 characters and cuts 31 to 27 and "..." (30 in all)', () => {
    expect(documentName('d'.repeat(30))).toBe('d'.repeat(30));
    const cut = documentName(`${'d'.repeat(27)}xyzw.pdf`);
    expect(cut).toBe(`${'d'.repeat(27)}...`);
    expect(cut).toHaveLength(30);
  });
  it('counts characters, not UTF-16 units', () => {
    const telugu = 'పాట'.repeat(8); // 24 code points
    expect(Array.from(audioTitle(telugu))).toHaveLength(25);
    expect(audioTitle('🎵'.repeat(22))).toBe('🎵'.repeat(22));
  });
});

describe('formatFileSize', () => {
  it.each([
    [0, '0 B'], [820, '820 B'], [1024, '1 KB'], [1229, '1.2 KB'], [10 * 1024, '10 KB'],
    [64 * 1024 * 1024, '64 MB'], [1.5 * 1024 ** 3, '1.5 GB'], [-1, ''], [Number.NaN, ''],
  ])('%d bytes → %s', (bytes, text) => expect(formatFileSize(bytes)).toBe(text));
});
