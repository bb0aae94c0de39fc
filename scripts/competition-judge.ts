// Records judges' decisions (issue 16) from a JSON file: a list of
//   { "submission_uuid": "...", "status": "approved" | "rejected", "score": 0-100 (optional) }
// Approving makes an entry visible to others (all entries); scores are accepted only once the
// competition has closed, and show, with the leaderboards and certificates, when results are out.
// Usage: npx tsx scripts/competition-judge.ts judgements.json
// Storage as for the server (DATABASE_URL, else DATA_DIR; stop a PGlite server first).
import { z } from 'zod';
import { openScriptDb, readJsonInput } from './script-input';
import { recordJudgement } from '../server/competition/judging';
import { migrate } from '../server/db/migrate';

const schema = z.array(z.object({
  submission_uuid: z.string().uuid(),
  status: z.enum(['approved', 'rejected']),
  score: z.number().min(0).max(100).optional(),
}).strict());

const input = readJsonInput(schema, process.argv[2], 'npx tsx scripts/competition-judge.ts judgements.json');
const db = await openScriptDb();
try {
  await migrate(db);
  // All or nothing: one bad line leaves every entry as it was.
  await db.transaction(async (tx) => {
    for (const j of input) await recordJudgement(tx, j, Date.now());
  });
  console.log(`recorded ${input.length} judgements`);
} finally {
  await db.close();
}
