// The thread query (the newest page of useThreadWindow: newest 50 messages of a conversation by [pk, sk]) on 100,000
// stored messages in headless Chromium (real IndexedDB), against a raw IndexedDB index range
// read of the same data: a cursor on [pk, sk] going backwards, 50 items.
import { fmtRatio, openBenchBrowser } from './browser-harness';
import type { ThreadGroup } from './browser/main';
import { statsOf, type Bench, type BenchCase } from './lib';

/** 140 × 500 + 6 × 5,000 = 100,000 messages in one database. */
const GROUPS: ThreadGroup[] = [
  { conversations: 140, perConversation: 500, runs: 40, warmUp: 5 },
  { conversations: 6, perConversation: 5000, runs: 5, warmUp: 1 },
];
/** The issue's goal: the RxDB query takes at most twice the raw read. */
const GOAL = 2;

const bench: Bench = async () => {
  const b = await openBenchBrowser();
  try {
    const r = await b.call('newest50', GROUPS);
    const total = GROUPS.reduce((sum, g) => sum + g.conversations * g.perConversation, 0);
    if (r.storedRxdb !== total || r.storedRaw !== total) throw new Error(`stored ${r.storedRxdb} (RxDB) and ${r.storedRaw} (raw) of ${total}`);
    const series = (list: number[]) => statsOf(list, 1, list.reduce((a, c) => a + c, 0));
    const cases: BenchCase[] = [];
    const goals: string[] = [];
    for (const g of r.groups) {
      const raw = series(g.rawMs);
      const rx = series(g.rxdbMs);
      const ratio = rx.p50 / raw.p50;
      const name = `${g.perConversation.toLocaleString('en')} messages per conversation (${g.runs} runs)`;
      goals.push(`goal RxDB p50 ≤ ${GOAL}× raw p50, ${name}: ${fmtRatio(ratio)}, ${ratio <= GOAL ? 'met' : 'NOT met'}`);
      cases.push({
        name,
        reference: { label: 'raw cursor [pk, sk] prev, 50', unit: 'query', stats: raw },
        measured: [
          { label: 'RxDB find by rsk, limit 50', unit: 'query', stats: rx },
          { label: 'raw: whole thread, sort, 50', unit: 'query', stats: series(g.rawWholeMs) },
        ],
      });
    }
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    return {
      subject: "the thread's newest-page query: db.messages.find({ selector: { pk }, sort: [{ rsk: 'asc' }], limit: 50 }).exec() (RxDB on Dexie, IndexedDB)",
      reference: "raw IndexedDB: openCursor(IDBKeyRange.bound([pk, ''], [pk, '\\uffff']), 'prev') on an index [pk, sk] of the same documents, 50 values",
      notes: [
        `Chromium ${b.chromiumVersion} headless, page built by Vite in production mode (no RxDB dev-mode), served by the reference server at ${b.url}`,
        `data: ${total.toLocaleString('en')} messages in each store: ${GROUPS.map((g) => `${g.conversations} conversations × ${g.perConversation.toLocaleString('en')}`).join(' + ')}; seeded (not timed as a figure) by RxDB bulkInsert in ${s(r.seedRxdbMs)} and raw puts in ${s(r.seedRawMs)}, 5,000 a chunk`,
        'each run queries a conversation of its own (RxDB answers a repeated query from its query cache); the three reads of a run go in rotating order; warm-up runs on other conversations, not counted',
        "third row: what RxDB's Dexie storage does for a descending sort (it opens the index cursor ascending only, reads the whole [pk] range, sorts, then cuts to the limit), done by hand on the raw store",
        ...goals,
      ],
      cases,
    };
  } finally {
    await b.close();
  }
};

export default bench;
