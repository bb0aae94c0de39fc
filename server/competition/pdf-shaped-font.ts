// A TrueType font embedded in a PDF so that shaped glyphs (shaping.ts) can be drawn by glyph id:
// a Type0 font with Identity-H encoding over a CIDFontType2 whose CIDToGIDMap says which glyph of
// the embedded subset each 2-byte code draws (PDF 32000-1 §9.7.4). pdf-lib's own fonts encode
// text through the font's cmap, so they cannot draw a conjunct's glyph, which no code point maps to.
//
// Codes are handed out per (glyph, text, width), not per glyph, because the ToUnicode map and the
// /W widths are per code: the same base glyph stands for 'స' alone and for 'స్త్రీ' as the first
// glyph of that syllable, and the syllable's other glyphs stand for nothing; a mark's width is
// where the pen goes after it (its advance less its offset), so a viewer sees no gap between
// glyphs and reads no space that is not there. Extraction (pdf.js, poppler) then reads the text
// as written, also where the drawing order differs from the text's (pre-base forms).
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, PDFString, type PDFRef } from 'pdf-lib';
import { subsetFont } from './font-subset';
import type { ShapedGlyph, ShapingFont } from './shaping';

/** PDF glyph space: 1000 units per em. */
export const PDF_EM = 1000;

const hex4 = (n: number) => n.toString(16).toUpperCase().padStart(4, '0');
const utf16Hex = (text: string) => Array.from({ length: text.length }, (_, i) => hex4(text.charCodeAt(i))).join('');

/**
 * What a glyph that stands for nothing reads as: WORD JOINER, a format character that pdf.js skips
 * (an empty entry it would replace by the code itself) and that joins nothing visible.
 */
const NOTHING = '\u2060';

/** The ToUnicode CMap (PDF 32000-1 §9.10.3), at most 100 entries per bfchar block. */
function toUnicodeCMap(texts: readonly string[]): string {
  const entries = texts.map((text, cid) => ({ cid, text: text || NOTHING })).filter((e) => e.cid > 0);
  const blocks: string[] = [];
  for (let i = 0; i < entries.length; i += 100) {
    const block = entries.slice(i, i + 100);
    blocks.push(`${block.length} beginbfchar\n${block.map((e) => `<${hex4(e.cid)}> <${utf16Hex(e.text)}>`).join('\n')}\nendbfchar`);
  }
  return [
    '/CIDInit /ProcSet findresource begin', '12 dict begin', 'begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
    '/CMapName /Adobe-Identity-UCS def', '/CMapType 2 def',
    '1 begincodespacerange', '<0000> <FFFF>', 'endcodespacerange',
    ...blocks,
    'endcmap', 'CMapName currentdict /CMap defineresource pop', 'end', 'end',
  ].join('\n');
}

/** Six capitals naming the subset (PDF 32000-1 §9.6.4), from what it holds. */
function subsetTag(key: string): string {
  let h = 2166136261;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 16777619) >>> 0;
  let tag = '';
  for (let i = 0; i < 6; i++) {
    tag += String.fromCharCode(65 + (h % 26));
    h = Math.floor(h / 26) + i * 7919;
  }
  return tag;
}

export class PdfShapedFont {
  /** The Type0 font dictionary, filled in by embed(). */
  readonly ref: PDFRef;
  /** (glyph, text, width in PDF_EM units) of each code; code 0 draws .notdef and stands for nothing. */
  private readonly codes: { gid: number; text: string; width: number }[] = [{ gid: 0, text: '', width: 0 }];
  private readonly codeOf = new Map<string, number>();

  constructor(private readonly doc: PDFDocument, private readonly bytes: Uint8Array, readonly shaping: ShapingFont, private readonly name: string) {
    this.ref = doc.context.nextRef();
  }

  /** The 2-byte code that draws this glyph, reads as its text and moves the pen by width (≥ 0, PDF_EM units). */
  code(glyph: ShapedGlyph, width: number): number {
    const key = `${glyph.gid}:${width}:${glyph.text}`;
    let code = this.codeOf.get(key);
    if (code === undefined) {
      code = this.codes.length;
      if (code > 0xffff) throw new Error('too many glyphs for one font');
      this.codes.push({ gid: glyph.gid, text: glyph.text, width });
      this.codeOf.set(key, code);
    }
    return code;
  }

  /** Writes the subset font and its dictionaries; call once, after the last glyph is drawn. */
  async embed(): Promise<void> {
    const { context } = this.doc;
    // metrics for the font descriptor (fontkit only reads the font here)
    const source = fontkit.create(Buffer.from(this.bytes));
    const fontFile = await subsetFont(this.bytes, this.codes.map((c) => c.gid));
    // the subset keeps glyph ids: each code maps to its glyph's own id
    const cidToGid = new Uint8Array(this.codes.length * 2);
    this.codes.forEach(({ gid }, code) => {
      cidToGid[code * 2] = gid >> 8;
      cidToGid[code * 2 + 1] = gid & 0xff;
    });
    const scale = PDF_EM / source.unitsPerEm;
    const baseName = `${subsetTag(this.codes.map((c) => c.gid).join(','))}+${this.name}`;
    const widths = this.codes.map((c) => c.width);
    const descriptor = context.register(context.obj({
      Type: 'FontDescriptor', FontName: baseName, Flags: 4,
      FontBBox: [source.bbox.minX, source.bbox.minY, source.bbox.maxX, source.bbox.maxY].map((v) => Math.round(v * scale)),
      ItalicAngle: 0, Ascent: Math.round(source.ascent * scale), Descent: Math.round(source.descent * scale),
      CapHeight: Math.round((source.capHeight || source.ascent) * scale), StemV: 80,
      FontFile2: context.register(context.flateStream(fontFile, { Length1: fontFile.length })),
    }));
    const cidFont = context.register(context.obj({
      Type: 'Font', Subtype: 'CIDFontType2', BaseFont: baseName,
      CIDSystemInfo: { Registry: PDFString.of('Adobe'), Ordering: PDFString.of('Identity'), Supplement: 0 },
      FontDescriptor: descriptor, DW: 0,
      // every code from 0 in one run: [0 [w0 w1 …]]
      W: [0, widths],
      CIDToGIDMap: context.register(context.flateStream(cidToGid)),
    }));
    context.assign(this.ref, context.obj({
      Type: 'Font', Subtype: 'Type0', BaseFont: baseName, Encoding: 'Identity-H',
      DescendantFonts: [cidFont],
      ToUnicode: context.register(context.flateStream(toUnicodeCMap(this.codes.map((c) => c.text)))),
    }));
  }
}
