// Records judges' decisions (issue 16) from a JSON file: a list of
//   { "submission_uuid": "...", "status": "approved" | "rejected", "score": 0-100 (optional) }
// Approving makes an entry visible to others (all entries); scores are accepted only once the
// competition has closed, and show, with the leaderboards and certificates, when results are out.
// Usage: npx tsx scripts/competition-judge.ts judgements.json
// Storage as for the server (DATABASE_URL, else DATA_DIR; stop a PGlite server first).
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { recordJudgement } from '../server/competition/judging';
import { openDb } from '../server/db/db';
import { migrate } from '../server/db/migrate';

const schema = z.array(z.object({
  submission_uuid: z.string().uuid(),
  status: z.enum(['approved', 'rejected']),
  score: z.number().min(0).max(100).optional(),
}).strict());

const file = process.argv[2];
if (!file) {
  console.error('usage: npx tsx scripts/competition-judge.ts judgements.json');
  process.exit(2);
}
const parsed = schema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
if (!parsed.success) {
  console.error(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n'));
  process.exit(1);
}
const db = await openDb(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : { dataDir: process.env.DATA_DIR ?? './data' });
try {
  await migrate(db);
  // All or nothing: one bad line leaves every entry as it was.
  await db.transaction(async (tx) => {
    for (const j of parsed.data) await recordJudgement(tx, j, Date.now());
  });
  console.log(`recorded ${parsed.data.length} judgements`);
} finally {
  await db.close();
}
