// A font cut down to the glyphs a PDF draws, by HarfBuzz's subsetter (harfbuzzjs ships it as
// harfbuzz-subset.wasm, a standalone WebAssembly module with no imports; its JavaScript API wraps
// only the shaper). fontkit's TrueType subsetter, which pdf-lib uses, loses glyphs of Noto Sans
// Telugu (poppler and pdf.js draw nothing for them). Glyph ids are kept (RETAIN_GIDS), so the
// PDF's CIDToGIDMap can name the ids HarfBuzz shaped with; the glyphs left out cost a few bytes
// of loca each. GSUB, GPOS and GDEF go: a PDF viewer draws the glyphs it is told to and shapes nothing.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

interface SubsetExports {
  memory: WebAssembly.Memory;
  malloc(size: number): number;
  free(ptr: number): void;
  hb_blob_create(data: number, length: number, mode: number, userData: number, destroy: number): number;
  hb_blob_destroy(blob: number): void;
  hb_blob_get_data(blob: number, length: number): number;
  hb_blob_get_length(blob: number): number;
  hb_face_create(blob: number, index: number): number;
  hb_face_destroy(face: number): void;
  hb_face_reference_blob(face: number): number;
  hb_set_add(set: number, value: number): void;
  hb_subset_input_create_or_fail(): number;
  hb_subset_input_destroy(input: number): void;
  hb_subset_input_glyph_set(input: number): number;
  hb_subset_input_set(input: number, which: number): number;
  hb_subset_input_set_flags(input: number, flags: number): void;
  hb_subset_or_fail(face: number, input: number): number;
}

// hb-subset.h
const HB_MEMORY_MODE_READONLY = 1;
const HB_SUBSET_FLAGS_NO_HINTING = 0x1;
const HB_SUBSET_FLAGS_RETAIN_GIDS = 0x2;
const HB_SUBSET_FLAGS_NOTDEF_OUTLINE = 0x40;
const HB_SUBSET_SETS_DROP_TABLE_TAG = 3;
const DROPPED_TABLES = ['GSUB', 'GPOS', 'GDEF'];
const tag = (s: string) => ((s.charCodeAt(0) << 24) | (s.charCodeAt(1) << 16) | (s.charCodeAt(2) << 8) | s.charCodeAt(3)) >>> 0;

let subsetter: Promise<SubsetExports> | null = null;
function loadSubsetter(): Promise<SubsetExports> {
  subsetter ??= (async () => {
    const wasm = readFileSync(createRequire(import.meta.url).resolve('harfbuzzjs/dist/harfbuzz-subset.wasm'));
    const { instance } = await WebAssembly.instantiate(wasm);
    const exports = instance.exports as unknown as SubsetExports & { _initialize?: () => void };
    exports._initialize?.();
    return exports;
  })();
  return subsetter;
}

/** The font with only these glyphs (and .notdef) drawn; every glyph keeps its id. */
export async function subsetFont(font: Uint8Array, glyphIds: Iterable<number>): Promise<Uint8Array> {
  const hb = await loadSubsetter();
  const data = hb.malloc(font.byteLength);
  new Uint8Array(hb.memory.buffer).set(font, data);
  const blob = hb.hb_blob_create(data, font.byteLength, HB_MEMORY_MODE_READONLY, 0, 0);
  const face = hb.hb_face_create(blob, 0);
  hb.hb_blob_destroy(blob);
  const input = hb.hb_subset_input_create_or_fail();
  try {
    if (!input) throw new Error('hb_subset_input_create_or_fail failed');
    hb.hb_subset_input_set_flags(input, HB_SUBSET_FLAGS_RETAIN_GIDS | HB_SUBSET_FLAGS_NO_HINTING | HB_SUBSET_FLAGS_NOTDEF_OUTLINE);
    const glyphs = hb.hb_subset_input_glyph_set(input);
    for (const gid of glyphIds) hb.hb_set_add(glyphs, gid);
    const dropped = hb.hb_subset_input_set(input, HB_SUBSET_SETS_DROP_TABLE_TAG);
    for (const t of DROPPED_TABLES) hb.hb_set_add(dropped, tag(t));
    const subset = hb.hb_subset_or_fail(face, input);
    if (!subset) throw new Error('hb_subset_or_fail failed');
    const out = hb.hb_face_reference_blob(subset);
    const bytes = new Uint8Array(hb.memory.buffer, hb.hb_blob_get_data(out, 0), hb.hb_blob_get_length(out)).slice();
    hb.hb_blob_destroy(out);
    hb.hb_face_destroy(subset);
    if (bytes.length === 0) throw new Error('the font subset is empty');
    return bytes;
  } finally {
    if (input) hb.hb_subset_input_destroy(input);
    hb.hb_face_destroy(face);
    hb.free(data);
  }
}
