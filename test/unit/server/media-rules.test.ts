// Pure rules of the media module: which declared types are taken, how a file's first bytes are
// recognised (MPEG audio vs AAC frame syncs, ID3, QuickTime atoms), and which Range headers
// become a 206, a 416 or the whole file.
import { describe, expect, it } from 'vitest';
import { acceptedType, matchesDeclared, sniff } from '../../../server/media/content-types';
import { parseRange } from '../../../server/media/download';
import { linkTitle, youtubeVideoId } from '../../../server/media/link-title';

const head = (...bytes: (number | string)[]) =>
  new Uint8Array(bytes.flatMap((b) => (typeof b === 'string' ? [...b].map((c) => c.charCodeAt(0)) : [b])));

describe('acceptedType', () => {
  it.each([
    ['image/png', 'image'], ['IMAGE/JPEG', 'image'], ['image/avif', 'image'], ['video/mp4; codecs=avc1', 'video'], ['video/x-matroska', 'video'],
    ['audio/mpeg', 'audio'], ['audio/ogg', 'audio'], ['audio/aac', 'audio'], ['audio/mp4', 'audio'], ['application/pdf', 'document'],
    ['application/vnd.ms-excel', 'document'],
  ])('%s is a %s', (type, kind) => expect(acceptedType(type)?.kind).toBe(kind));

  it('normalises case, parameters and surrounding spaces', () => {
    expect(acceptedType(' Image/PNG ; charset=x\n')?.contentType).toBe('image/png');
  });

  it.each(['text/html', 'image/', '/png', 'audio/wav', 'application/zip', 'application/msword', 'text/plain', '', 'image/pn g', 'image/png/x'])('refuses %j', (type) => {
    expect(acceptedType(type)).toBeUndefined();
  });
});

describe('sniff', () => {
  it.each([
    [head(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a), 'png'],
    [head(0xff, 0xd8, 0xff, 0xe0), 'jpeg'],
    [head('GIF89a'), 'gif'],
    [head('GIF87a'), 'gif'],
    [head('RIFF', 0, 0, 0, 0, 'WEBP'), 'webp'],
    [head(0, 0, 0, 0x20, 'ftypisom'), 'iso-bmff'],
    [head(0, 0, 0, 8, 'moov'), 'quicktime'],
    [head(0x1a, 0x45, 0xdf, 0xa3), 'webm'],
    [head('OggS', 0), 'ogg'],
    [head('%PDF-1.7'), 'pdf'],
    [head('PK', 3, 4), 'zip'],
    [head(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1), 'ole'],
    [head(0xff, 0xf1), 'aac'],
    [head(0xff, 0xf9), 'aac'],
    [head(0xff, 0xfb), 'mp3'],
    [head(0xff, 0xf3), 'mp3'],
    [head(0xff, 0xe3), 'mp3'],
  ] as const)('recognises %s', (bytes, format) => expect(sniff(bytes)).toBe(format));

  it.each([
    head('<svg'), head('<!DOCTYPE html>'), head('RIFF', 0, 0, 0, 0, 'WAVE'), head(0xff, 0xe1), head(0xff), head(), head('PK', 5, 6), head(0, 0, 0, 0x20, 'ftyz'),
  ])('does not recognise %s', (bytes) => expect(sniff(bytes)).toBeUndefined());

  it('takes an ID3 tag for MP3 and AAC only', () => {
    expect(matchesDeclared(head('ID3', 4, 0), acceptedType('audio/mpeg')!.signatures)).toBe(true);
    expect(matchesDeclared(head('ID3', 4, 0), acceptedType('audio/aac')!.signatures)).toBe(true);
    expect(matchesDeclared(head('ID3', 4, 0), acceptedType('audio/ogg')!.signatures)).toBe(false);
    expect(matchesDeclared(head('ID3', 4, 0), acceptedType('image/png')!.signatures)).toBe(false);
  });

  it('checks the declared type, not only that the file is some known format', () => {
    expect(matchesDeclared(head(0xff, 0xd8, 0xff), acceptedType('image/png')!.signatures)).toBe(false);
    expect(matchesDeclared(head(0xff, 0xd8, 0xff), acceptedType('image/jpg')!.signatures)).toBe(true);
    expect(matchesDeclared(head(0xff, 0xd8, 0xff), acceptedType('image/x-unknown')!.signatures)).toBe(true);
    expect(matchesDeclared(head('PK', 3, 4), acceptedType('application/vnd.ms-excel')!.signatures)).toBe(false);
  });
});

describe('parseRange', () => {
  it.each([
    ['bytes=0-99', 1000, { start: 0, end: 99 }],
    ['bytes=900-', 1000, { start: 900, end: 999 }],
    ['bytes=-100', 1000, { start: 900, end: 999 }],
    ['bytes=-5000', 1000, { start: 0, end: 999 }],
    ['bytes=500-5000', 1000, { start: 500, end: 999 }],
    [' bytes=1-1 ', 10, { start: 1, end: 1 }],
  ] as const)('%s of %i bytes', (header, size, range) => expect(parseRange(header, size)).toEqual(range));

  it.each([['bytes=1000-', 1000], ['bytes=-0', 1000], ['bytes=0-', 0]] as const)('%s of %i bytes is unsatisfiable', (header, size) => {
    expect(parseRange(header, size)).toBe('unsatisfiable');
  });

  it.each([undefined, 'bytes=0-1,3-4', 'items=0-1', 'bytes=5-1', 'bytes=-', 'bytes=a-b', 'bytes=99999999999999999-'])('%s answers the whole file', (header) => {
    expect(parseRange(header, 1000)).toBeUndefined();
  });
});

describe('link titles', () => {
  it('finds YouTube video ids in every link form, and nothing elsewhere', () => {
    const id = (url: string) => youtubeVideoId(new URL(url));
    expect(id('https://www.youtube.com/watch?v=jNQXAC9IVRw')).toBe('jNQXAC9IVRw');
    expect(id('https://youtu.be/jNQXAC9IVRw?t=3')).toBe('jNQXAC9IVRw');
    expect(id('https://www.youtube.com/live/jNQXAC9IVRw')).toBe('jNQXAC9IVRw');
    expect(id('https://www.youtube.com/watch?v=short')).toBeUndefined();
    expect(id('https://evil.example/watch?v=jNQXAC9IVRw')).toBeUndefined();
    expect(id('https://youtube.com.evil.example/watch?v=jNQXAC9IVRw')).toBeUndefined();
  });

  it('answers known titles, else the host; refuses what is not https', () => {
    expect(linkTitle('https://youtu.be/jNQXAC9IVRw')).toBe('Me at the zoo');
    expect(linkTitle('https://WWW.Example.COM/x')).toBe('example.com');
    expect(() => linkTitle('http://example.com')).toThrow(/https/);
    expect(() => linkTitle('not a url')).toThrow(/valid URL/);
  });
});
