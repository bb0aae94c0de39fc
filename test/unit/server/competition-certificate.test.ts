// The certificate's text handling (server/competition/certificate.ts, shaping.ts, woff.ts): runs
// by font, shaping by HarfBuzz with each glyph's text, WOFF unpacked into a font HarfBuzz and
// fontkit read, and the certificate's text read back by pdf.js exactly as written.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { certificatePdf, fontRuns, scriptOf, type Script } from '../../../server/competition/certificate';
import { shapingFont, textOfCluster } from '../../../server/competition/shaping';
import { woffToSfnt } from '../../../server/competition/woff';

const require = createRequire(import.meta.url);
const teluguWoff = join(dirname(require.resolve('@fontsource/noto-sans-telugu/package.json')), 'files', 'noto-sans-telugu-telugu-400-normal.woff');

describe('scriptOf and fontRuns', () => {
  it('tells the five languages\' scripts apart', () => {
    expect(scriptOf('సరిత')).toBe('telugu');
    expect(scriptOf('राधिका')).toBe('devanagari');
    expect(scriptOf('माझं')).toBe('devanagari');
    expect(scriptOf('પ્રિયા')).toBe('gujarati');
    expect(scriptOf('Asha')).toBe('latin');
  });
  it('cuts where the font must change: punctuation and digits go Latin, spaces stay in their run', () => {
    // the Indic fonts of @fontsource hold their block, spaces and joiners; Latin holds ASCII
    const has = (script: Script, c: number) => (script === 'latin' ? c < 0x250 : c === 0x20 || c === 0x200d || scriptOf(String.fromCodePoint(c)) === script);
    const texts = (s: string) => fontRuns(s, has).map((r) => `${r.script}:${r.text}`);
    expect(texts('ఇంట్లో సైన్స్: ఒక వీడియో')).toEqual(['telugu:ఇంట్లో సైన్స్', 'latin:: ', 'telugu:ఒక వీడియో']);
    expect(texts('Asha Rao')).toEqual(['latin:Asha Rao']);
    expect(texts('Rank 2 - राधिका')).toEqual(['latin:Rank 2 - ', 'devanagari:राधिका']);
    expect(texts('रवि 7')).toEqual(['devanagari:रवि ', 'latin:7']);
  });
});

describe('shaping', () => {
  const font = (pkg: string, file: string) => shapingFont(woffToSfnt(readFileSync(join(dirname(require.resolve(`@fontsource/${pkg}/package.json`)), 'files', file))));

  it('draws a Telugu conjunct as HarfBuzz shapes it, not letter by letter', async () => {
    const telugu = await font('noto-sans-telugu', 'noto-sans-telugu-telugu-400-normal.woff');
    const sri = telugu.shape('శ్రీ');
    const drawn = sri.filter((g) => g.width > 0 || g.dx !== 0 || g.dy !== 0 || g.advance > 0);
    // శ ్ ర ీ: one syllable; no glyph is .notdef and fewer are drawn than there are letters
    expect(sri.every((g) => g.gid !== 0)).toBe(true);
    expect(drawn.length).toBeLessThan(4);
    expect(sri.map((g) => g.text).join('')).toBe('శ్రీ');
  });

  it('gives every glyph its share of the text, nonspacing marks only on glyphs without width', () => {
    const g = (gid: number, width: number) => ({ gid, dx: 0, dy: 0, advance: width, width });
    const shared = textOfCluster([g(5, 500), g(6, 400)], 'కృ', 3);
    expect(shared.map((x) => [x.gid, x.text])).toEqual([[5, 'క'], [6, 'ృ']]);
    // ి (Mn) leaves the wide glyph for a blank one after it
    expect(textOfCluster([g(9, 700)], 'మి', 3).map((x) => [x.gid, x.width, x.text])).toEqual([[9, 700, 'మ'], [3, 0, 'ి']]);
    // a reordered pre-base glyph first: the text still joins up in order
    expect(textOfCluster([g(1, 250), g(2, 600)], 'प्रि', 3).map((x) => x.text).join('')).toBe('प्रि');
    // nothing with a width: the first glyph carries it all
    expect(textOfCluster([g(7, 0), g(8, 0)], 'ं', 3).map((x) => x.text)).toEqual(['ं', '']);
  });
});

describe('certificatePdf', () => {
  it('reads back, through pdf.js, every name and title exactly as written', async () => {
    const names = ['శ్రీలక్ష్మి కృష్ణమూర్తి', 'ఉమామహేశ్వరి', 'प्रियंका शर्मा', 'श्रद्धा कुलकर्णी', 'ક્રિષ્ણા પટેલ', 'હર્ષ ત્રિવેદી', 'Asha Rao'];
    for (const name of names) {
      const bytes = await certificatePdf({ userName: name, competitionTitle: 'ఇంట్లో సైన్స్: ఒక నిమిషం వీడియో', heading: 'Certificate of participation', result: 'Rank 4 of 9', date: '25 November 2026' });
      const pdf = await getDocument({ data: bytes }).promise;
      const text = (await (await pdf.getPage(1)).getTextContent()).items.map((i) => ('str' in i ? i.str : '')).join('');
      await pdf.destroy();
      expect(text, name).toContain(name);
      expect(text).toContain('ఇంట్లో సైన్స్: ఒక నిమిషం వీడియో');
      expect(text).toContain('Rank 4 of 9');
      // subsets of the fonts, not whole fonts
      expect(bytes.length).toBeLessThan(40_000);
    }
  });
});

describe('woffToSfnt', () => {
  it('unpacks the WOFF into a TrueType font with the same glyphs', () => {
    const woff = readFileSync(teluguWoff);
    const sfnt = woffToSfnt(woff);
    expect(Buffer.from(sfnt.subarray(0, 4)).readUInt32BE(0)).toBe(0x00010000);
    const fromWoff = fontkit.create(Buffer.from(woff));
    const fromSfnt = fontkit.create(Buffer.from(sfnt));
    expect(fromSfnt.numGlyphs).toBe(fromWoff.numGlyphs);
    expect(fromSfnt.glyphForCodePoint(0x0c38).id).toBe(fromWoff.glyphForCodePoint(0x0c38).id);
  });
  it('refuses what is not a WOFF', () => {
    expect(() => woffToSfnt(new Uint8Array(64))).toThrow('not a WOFF file');
  });
});
