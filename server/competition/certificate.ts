// Certificates as real PDFs (issue 16): an A4 landscape page with the user's name in their own
// script, the competition's title, the result and the date. Every line is shaped with HarfBuzz
// (shaping.ts) in the Noto Sans font of its script (@fontsource WOFF, unpacked by woff.ts) and
// drawn glyph by glyph from a subset of that font embedded in the PDF (pdf-shaped-font.ts), so
// Telugu, Devanagari (Hindi, Marathi) and Gujarati conjuncts and vowel signs print as a browser
// prints them, and the page's text (copy, search, extraction) reads as written.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import {
  beginText, endText, PDFDocument, PDFHexString, PDFNumber, PDFOperator, PDFOperatorNames, popGraphicsState, pushGraphicsState, rgb,
  setFillingRgbColor, setFontAndSize, setTextMatrix, setTextRise, type PDFName, type PDFPage,
} from 'pdf-lib';
import { PDF_EM, PdfShapedFont } from './pdf-shaped-font';
import { shapingFont, type ShapedGlyph, type ShapingFont } from './shaping';
import { woffToSfnt } from './woff';

export type Script = 'latin' | 'telugu' | 'devanagari' | 'gujarati';

const require = createRequire(import.meta.url);
const fontFile = (pkg: string, file: string) => join(dirname(require.resolve(`@fontsource/${pkg}/package.json`)), 'files', file);

/** The WOFF of each script. Latin comes with every Noto package. */
const FONT_FILES: Record<Script, string> = {
  latin: fontFile('noto-sans-telugu', 'noto-sans-telugu-latin-400-normal.woff'),
  telugu: fontFile('noto-sans-telugu', 'noto-sans-telugu-telugu-400-normal.woff'),
  devanagari: fontFile('noto-sans-devanagari', 'noto-sans-devanagari-devanagari-400-normal.woff'),
  gujarati: fontFile('noto-sans-gujarati', 'noto-sans-gujarati-gujarati-400-normal.woff'),
};
const FONT_NAMES: Record<Script, string> = { latin: 'NotoSans', telugu: 'NotoSansTelugu', devanagari: 'NotoSansDevanagari', gujarati: 'NotoSansGujarati' };

interface LoadedFont { bytes: Uint8Array; shaping: ShapingFont }
/** Each script's font, read and handed to HarfBuzz once per process, on first use. */
const loaded = new Map<Script, Promise<LoadedFont>>();
function loadFont(script: Script): Promise<LoadedFont> {
  let font = loaded.get(script);
  if (!font) {
    const bytes = woffToSfnt(readFileSync(FONT_FILES[script]));
    font = shapingFont(bytes).then((shaping) => ({ bytes, shaping }));
    loaded.set(script, font);
  }
  return font;
}

/** The script of a text: the first letter of an Indic block decides; otherwise Latin. */
export function scriptOf(text: string): Script {
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if (c >= 0x0c00 && c <= 0x0c7f) return 'telugu';
    if (c >= 0x0900 && c <= 0x097f) return 'devanagari';
    if (c >= 0x0a80 && c <= 0x0aff) return 'gujarati';
  }
  return 'latin';
}

/**
 * The text cut into runs each drawn in one font: a character stays in the current run when that
 * run's font has it (spaces, joiners, dandas, vowel signs after their consonant), else it starts
 * a run in its script's font, or the Latin one when that lacks it (the Indic fonts of @fontsource
 * hold no digits or Latin punctuation).
 */
export function fontRuns(text: string, has: (script: Script, codePoint: number) => boolean): { script: Script; text: string }[] {
  const runs: { script: Script; text: string }[] = [];
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    const last = runs[runs.length - 1];
    if (last && has(last.script, c)) {
      last.text += ch;
      continue;
    }
    const own = scriptOf(ch);
    const script = has(own, c) ? own : 'latin';
    if (last?.script === script) last.text += ch;
    else runs.push({ script, text: ch });
  }
  return runs;
}

export interface CertificateText {
  /** The name the user entered on the submission, in any of the five languages' scripts. */
  userName: string;
  /** The competition's title in the user's language. */
  competitionTitle: string;
  /** "Certificate of achievement", "Rank 2 of 14"... in English (the certificate's fixed wording). */
  heading: string;
  result: string;
  /** The day results were announced, e.g. "25 November 2026". */
  date: string;
}

const PAGE = { width: 842, height: 595 };
/** Text stays this far inside the page's edges (the borders are at 24 and 36). */
const TEXT_MARGIN = 60;
const MIN_SIZE = 10;
type Colour = readonly [number, number, number];
const INK: Colour = [0.13, 0.17, 0.3];
const ACCENT: Colour = [0.85, 0.55, 0.1];

/** A line of text shaped run by run, ready to draw. */
interface ShapedRun { font: PdfShapedFont; glyphs: ShapedGlyph[] }

/** The fonts of one document: one embedded subset per script used. */
class DocumentFonts {
  private readonly fonts = new Map<Script, PdfShapedFont>();
  private readonly names = new Map<PdfShapedFont, PDFName>();
  constructor(private readonly doc: PDFDocument) {}

  async shape(text: string): Promise<ShapedRun[]> {
    const scripts = new Set<Script>(['latin', ...Array.from(text, (ch) => scriptOf(ch))]);
    for (const script of scripts) {
      if (!this.fonts.has(script)) {
        const { bytes, shaping } = await loadFont(script);
        this.fonts.set(script, new PdfShapedFont(this.doc, bytes, shaping, FONT_NAMES[script]));
      }
    }
    const has = (script: Script, codePoint: number) => this.fonts.get(script)?.shaping.has(codePoint) ?? false;
    return fontRuns(text, has).map((run) => {
      const font = this.fonts.get(run.script)!;
      return { font, glyphs: font.shaping.shape(run.text) };
    });
  }

  /** The font's resource name on the page (added on first use). */
  nameOn(page: PDFPage, font: PdfShapedFont): PDFName {
    let name = this.names.get(font);
    if (!name) {
      name = page.node.newFontDictionary('F', font.ref);
      this.names.set(font, name);
    }
    return name;
  }

  async embed(): Promise<void> {
    for (const font of this.fonts.values()) await font.embed();
  }
}

/** Width of a shaped line at a size, in points (the pen's travel: HarfBuzz's advances). */
function widthOf(runs: readonly ShapedRun[], size: number): number {
  return runs.reduce((sum, r) => sum + r.glyphs.reduce((s, g) => s + g.advance, 0) * size / r.font.shaping.unitsPerEm, 0);
}

const hex4 = (n: number) => n.toString(16).toUpperCase().padStart(4, '0');

/**
 * Draws a shaped line with its left end at (x, y): each glyph where HarfBuzz put it. The current
 * point moves by each code's /W width, a TJ number n moves it back by n/1000 em, and marks are
 * raised or lowered by text rise; one BT … ET, so viewers read the line as one string.
 */
function drawLine(page: PDFPage, fonts: DocumentFonts, runs: readonly ShapedRun[], x: number, y: number, size: number, colour: Colour): void {
  const ops: PDFOperator[] = [pushGraphicsState(), setFillingRgbColor(...colour), beginText(), setTextMatrix(1, 0, 0, 1, x, y)];
  // positions in thousandths of an em from the line's start
  let pen = 0;
  let current = 0;
  let rise = 0;
  let pending: (PDFHexString | PDFNumber)[] = [];
  let codes = '';
  const flushCodes = () => {
    if (codes) pending.push(PDFHexString.of(codes));
    codes = '';
  };
  const flush = () => {
    flushCodes();
    if (pending.length > 0) ops.push(PDFOperator.of(PDFOperatorNames.ShowTextAdjusted, [page.doc.context.obj(pending)]));
    pending = [];
  };
  for (const run of runs) {
    flush();
    ops.push(setFontAndSize(fonts.nameOn(page, run.font), size));
    const scale = PDF_EM / run.font.shaping.unitsPerEm;
    for (const glyph of run.glyphs) {
      const glyphRise = (glyph.dy * scale * size) / PDF_EM;
      if (glyphRise !== rise) {
        flush();
        ops.push(setTextRise(glyphRise));
        rise = glyphRise;
      }
      const target = pen + glyph.dx * scale;
      const shift = Math.round((target - current) * 1000) / 1000;
      if (shift !== 0) {
        flushCodes();
        pending.push(PDFNumber.of(-shift));
      }
      // the code's width takes the current point to where the next glyph goes (a mark drawn back
      // over its base moves it forward again), so a line needs few adjustments
      const width = Math.round(glyph.width * scale);
      codes += hex4(run.font.code(glyph, width));
      current = target + width;
      pen += glyph.advance * scale;
    }
  }
  flush();
  ops.push(endText(), popGraphicsState());
  page.pushOperators(...ops);
}

export async function certificatePdf(text: CertificateText): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`${text.heading}: ${text.userName}`);
  doc.setSubject(text.competitionTitle);
  doc.setCreator('Competition zone');
  const fonts = new DocumentFonts(doc);
  const page = doc.addPage([PAGE.width, PAGE.height]);
  page.drawRectangle({ x: 24, y: 24, width: PAGE.width - 48, height: PAGE.height - 48, borderColor: rgb(...ACCENT), borderWidth: 4 });
  page.drawRectangle({ x: 36, y: 36, width: PAGE.width - 72, height: PAGE.height - 72, borderColor: rgb(...INK), borderWidth: 1 });
  const centred = async (s: string, y: number, size: number, colour = INK) => {
    const runs = await fonts.shape(s);
    // a long name or title shrinks to fit between the borders
    const room = PAGE.width - 2 * TEXT_MARGIN;
    const fitted = Math.max(MIN_SIZE, Math.min(size, Math.floor(size * room / Math.max(widthOf(runs, size), 1))));
    drawLine(page, fonts, runs, (PAGE.width - widthOf(runs, fitted)) / 2, y, fitted, colour);
  };
  await centred(text.heading, 440, 34, ACCENT);
  await centred('This certificate is presented to', 385, 16);
  await centred(text.userName, 320, 40);
  await centred('for taking part in', 270, 16);
  await centred(text.competitionTitle, 220, 26);
  await centred(text.result, 170, 18);
  await centred(text.date, 110, 14);
  await fonts.embed();
  return doc.save();
}
