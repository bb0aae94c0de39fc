// OpenType shaping with HarfBuzz (harfbuzzjs, WebAssembly) for the certificates: pdf-lib draws a
// string glyph by glyph from the font's cmap, which is wrong for Telugu, Devanagari and Gujarati
// (conjuncts, below-base and pre-base forms, vowel signs placed by GPOS). HarfBuzz turns a run of
// text into the glyph ids the font's GSUB picks and the offsets its GPOS gives; certificate.ts
// draws exactly those glyphs. Each glyph also carries the text it stands for (textOfCluster), so
// the PDF's text reads as written.
type HarfBuzz = typeof import('harfbuzzjs');

// Loaded on the first certificate, not at server start (the module instantiates its WebAssembly).
let harfbuzzModule: Promise<HarfBuzz> | null = null;
const harfbuzz = (): Promise<HarfBuzz> => (harfbuzzModule ??= import('harfbuzzjs'));

/** One glyph as HarfBuzz placed it, in font units. */
export interface ShapedGlyph {
  /** Glyph id in the font. */
  gid: number;
  /** Drawn relative to the pen (mark positioning). */
  dx: number;
  dy: number;
  /** How far the pen moves after it. */
  advance: number;
  /** How far a viewer's current point must move after drawing it for the next glyph: advance − dx, at least 0. */
  width: number;
  /** The characters it stands for; a line's glyphs together stand for the line's text, in order. */
  text: string;
}

export interface ShapingFont {
  readonly unitsPerEm: number;
  /** The font has a glyph for this code point. */
  has(codePoint: number): boolean;
  shape(text: string): ShapedGlyph[];
}

export async function shapingFont(bytes: Uint8Array): Promise<ShapingFont> {
  const hb = await harfbuzz();
  const face = new hb.Face(new hb.Blob(bytes));
  const font = new hb.Font(face);
  const covered = new Set(face.collectUnicodes());
  // the space glyph draws nothing: it carries text that no drawn glyph may (textOfCluster)
  const blank = font.nominalGlyph(0x20) ?? 0;
  return {
    unitsPerEm: face.upem,
    has: (codePoint) => covered.has(codePoint),
    shape(text) {
      const buffer = new hb.Buffer();
      buffer.addText(text);
      buffer.guessSegmentProperties();
      hb.shape(font, buffer);
      const placed = buffer.getGlyphInfosAndPositions().map((g) => {
        const advance = g.xAdvance ?? 0;
        const dx = g.xOffset ?? 0;
        return { cluster: g.cluster, gid: g.codepoint, dx, dy: g.yOffset ?? 0, advance, width: Math.max(0, advance - dx) };
      });
      // Clusters are UTF-16 offsets into the text (addText passes UTF-16); in a left-to-right run
      // they never decrease, and a reordered syllable (a Devanagari pre-base i) is one cluster.
      const starts = [...new Set(placed.map((g) => g.cluster))];
      return starts.flatMap((start, i) => textOfCluster(
        placed.filter((g) => g.cluster === start).map(({ cluster: _, ...g }) => g),
        text.slice(start, starts[i + 1] ?? text.length), blank,
      ));
    },
  };
}

const NONSPACING_MARK = /\p{Mn}/u;

/**
 * A cluster's text shared out over its glyphs, in drawing order, so that their texts joined are
 * the cluster's text and viewers read each glyph's width right:
 * - each glyph with a width takes one character, the last one the characters left, so none of
 *   them stands for nothing (poppler reads a space at a drawn glyph with no text);
 * - a nonspacing mark (Unicode Mn: Telugu ి, virama) never goes on a glyph with a width: pdf.js
 *   counts a glyph whose text has one as zero-width and then sees a gap after it. Such text goes
 *   on a zero-width blank glyph (the font's space glyph, drawing nothing) next to it;
 * - glyphs without width (marks placed by GPOS) stand for nothing.
 */
export function textOfCluster(glyphs: readonly Omit<ShapedGlyph, 'text'>[], text: string, blankGid: number): ShapedGlyph[] {
  const wide = glyphs.filter((g) => g.width > 0);
  // nothing has a width: the first glyph carries it all, as a zero-width glyph may
  if (wide.length === 0) return glyphs.map((g, i) => ({ ...g, text: i === 0 ? text : '' }));
  const lastWide = wide[wide.length - 1];
  const chars = Array.from(text);
  let next = 0;
  const take = (test: (c: string) => boolean, max = Infinity) => {
    let s = '';
    while (next < chars.length && s.length < max && test(chars[next]!)) s += chars[next++];
    return s;
  };
  const isMark = (c: string) => NONSPACING_MARK.test(c);
  const out: ShapedGlyph[] = [];
  const carry = (s: string) => {
    if (s) out.push({ gid: blankGid, dx: 0, dy: 0, advance: 0, width: 0, text: s });
  };
  for (const glyph of glyphs) {
    if (glyph.width === 0) {
      out.push({ ...glyph, text: '' });
      continue;
    }
    // marks ahead of this glyph's character (a cluster opening with one) ride before it
    carry(take(isMark));
    const last = glyph === lastWide;
    out.push({ ...glyph, text: take((c) => !isMark(c), last ? Infinity : 1) });
    // the marks after its character follow it; after the last glyph with a width, all that is left
    carry(last ? take(() => true) : take(isMark));
  }
  return out;
}
