// Publishes a post as a bot: `npm run post -- --bot <16-digit bot id> --file post.json`.
// The file holds a post as server/feed/publish.ts postInputSchema describes, e.g.
//   {"subtype": "poll", "title": {"en": "Tea or coffee?", "hi": "चाय या कॉफ़ी?"},
//    "options": [{"en": "Tea"}, {"en": "Coffee"}]}
// It writes to the server's storage: DATABASE_URL (PostgreSQL: a running server announces the
// post on its sockets within seconds) or DATA_DIR (PGlite, default ./data: one process at a
// time, so stop the server first; it shows the post on its next start).
import { parseArgs } from 'node:util';
import { migrate } from '../server/db/migrate';
import { postInputSchema, publishPost } from '../server/feed/publish';
import { openScriptDb, readJsonInput } from './script-input';

const { values } = parseArgs({ options: { bot: { type: 'string' }, file: { type: 'string' } } });
if (!values.bot) {
  console.error('usage: npm run post -- --bot <bot_uuid> --file post.json');
  process.exit(2);
}
const input = readJsonInput(postInputSchema, values.file, 'npm run post -- --bot <bot_uuid> --file post.json');
const db = await openScriptDb();
try {
  await migrate(db, Date.now);
  const postUuid = await publishPost(db, values.bot, input, Date.now());
  console.log(`published post ${postUuid} as bot ${values.bot}`);
} catch (error) {
  const message = (error as Error).message;
  console.error(message.startsWith('no bot') ? `${message} (the demo bots are written by the server's first start)` : message);
  process.exitCode = 1;
} finally {
  await db.close();
}
