// Creates a competition from a JSON file (issue 16): the shape of NewCompetition
// (server/competition/store.ts) with dates as ISO strings or epoch ms, e.g.
//   { "category": "drawing", "media_kind": "image", "max_media": 3, "max_submissions": 1,
//     "opens_at": "2026-12-01T00:00:00+05:30", "closes_at": "2026-12-20T23:59:59+05:30",
//     "results_at": "2026-12-27T10:00:00+05:30",
//     "texts": { "en": { "title": "...", "description": "...", "rules": ["..."], "prizes": ["..."] }, "te": { ... } } }
// Usage: npx tsx scripts/competition-create.ts competition.json
// Storage as for the server: DATABASE_URL, else the PGlite directory DATA_DIR (default ./data;
// PGlite is single-process, so stop the server first). Prints the new competition_uuid.
import { z } from 'zod';
import { openScriptDb, readJsonInput } from './script-input';
import { COMPETITION_PHASES, SUBMISSION_MEDIA_KINDS } from '../src/domain/competition-rules';
import { LANGUAGE_CODES } from '../src/domain/language-codes';
import { migrate } from '../server/db/migrate';
import { createCompetition } from '../server/competition/store';

const date = z.union([z.number(), z.string().transform((s, ctx) => {
  const ms = Date.parse(s);
  if (Number.isNaN(ms)) ctx.addIssue({ code: 'custom', message: `not a date: ${s}` });
  return ms;
})]);
const text = z.object({ title: z.string().min(1).max(120), description: z.string().max(2000), rules: z.array(z.string().max(500)).max(20), prizes: z.array(z.string().max(500)).max(20) }).strict();
const schema = z.object({
  competition_uuid: z.string().uuid().optional(),
  category: z.string().min(1).max(40),
  media_kind: z.enum(SUBMISSION_MEDIA_KINDS),
  max_media: z.number().int().min(1).max(20),
  max_submissions: z.number().int().min(1).max(10).default(1),
  opens_at: date, closes_at: date, results_at: date,
  texts: z.object({ en: text }).catchall(text).refine((t) => Object.keys(t).every((k) => (LANGUAGE_CODES as readonly string[]).includes(k)), 'texts: languages are en, hi, gu, mr, te'),
}).strict();

const input = readJsonInput(schema, process.argv[2], 'npx tsx scripts/competition-create.ts competition.json');
const db = await openScriptDb();
try {
  await migrate(db);
  const id = await createCompetition(db, input, Date.now());
  console.log(id);
  console.error(`phases: ${COMPETITION_PHASES.join(' → ')} at ${new Date(input.opens_at).toISOString()}, ${new Date(input.closes_at).toISOString()}, ${new Date(input.results_at).toISOString()}`);
} finally {
  await db.close();
}
