// Ingest of one conversation's history into RxDB in headless Chromium (real IndexedDB), through
// the engine's own write path (storeServerMessages, pages of 50 as the pager stores them, and one
// bulk call of everything), against a raw IndexedDB bulk put of the same documents.
import { fmtRatio, openBenchBrowser, roundStats } from './browser-harness';
import type { Bench } from './lib';

const DOCS = 10_000;
const ROUNDS = 3;
const WARM_UP_DOCS = 500;
/** The goal: the engine stores at least half as many documents per second as a raw put. */
const GOAL = 0.5;

const bench: Bench = async () => {
  const b = await openBenchBrowser();
  try {
    const r = await b.call('ingest', DOCS, ROUNDS, WARM_UP_DOCS);
    for (const [what, n] of Object.entries(r.storedCounts)) if (n !== DOCS) throw new Error(`${what} stored ${n} of ${DOCS} documents`);
    const raw = roundStats(r.rounds.map((x) => x.rawMs), DOCS);
    const pages = roundStats(r.rounds.map((x) => x.pagesMs), DOCS);
    const bulk = roundStats(r.rounds.map((x) => x.bulkMs), DOCS);
    const rawRx = roundStats(r.rounds.map((x) => x.rawRxIndexesMs), DOCS);
    const rxInsert = roundStats(r.rounds.map((x) => x.rxBulkInsertMs), DOCS);
    const rawRxPages = roundStats(r.rounds.map((x) => x.rawRxIndexesPagesMs), DOCS);
    const rxInsertPages = roundStats(r.rounds.map((x) => x.rxBulkInsertPagesMs), DOCS);
    const goal = (label: string, v: number) => `goal ${label} ≥ ${GOAL}× raw docs/s: ${fmtRatio(v)}, ${v >= GOAL ? 'met' : 'NOT met'}`;
    return {
      subject: `storing ${DOCS.toLocaleString('en')} messages of one conversation into RxDB through storeServerMessages (the engine's ingest path)`,
      reference: 'raw IndexedDB: the same documents (RxDB\'s stored shape) put() into one object store keyed by id with an index on [pk, sk], one transaction',
      notes: [
        `Chromium ${b.chromiumVersion} headless, page built by Vite in production mode (no RxDB dev-mode, no schema validation), served by the reference server at ${b.url}`,
        `messages: sk ascending, ${(r.userShare * 100).toFixed(0)} % user texts (with client ids), the rest bot texts and some button messages; about ${Math.round(r.avgDocBytes)} bytes of JSON per stored document`,
        `pages of 50: newest page first, then older ones (the pager's history order), each storeServerMessages call followed by the pager's conversation token write, as loadOlder does (${DOCS / 50} calls)`,
        `each series: ${ROUNDS} rounds of ${DOCS.toLocaleString('en')} documents, each into a fresh database (open and delete not timed); latency columns are ms per round of ${DOCS.toLocaleString('en')}; the raw put runs first in odd rounds, last in even ones; warm-up: ${WARM_UP_DOCS} documents each way, not counted`,
        goal('(pages of 50)', pages.throughput / raw.throughput),
        goal('(one bulk call)', bulk.throughput / raw.throughput),
        `the gap taken apart (not figures of the goal): raw puts into the store RxDB's Dexie storage makes (its index set: [_deleted, id], [_deleted, pk, rsk, id], [_meta.lwt, id], _meta.lwt) ${fmtRatio(rawRx.throughput / raw.throughput)} raw; RxDB's bulkInsert of the same documents alone (no engine) ${fmtRatio(rxInsert.throughput / raw.throughput)} raw, ${fmtRatio(rxInsert.throughput / rawRx.throughput)} of its own index set; storeServerMessages in one call ${fmtRatio(bulk.throughput / rxInsert.throughput)} of RxDB's bulkInsert`,
        `the same in pages of 50 (a transaction or a bulkInsert per page, nothing else): raw puts with RxDB's index set ${fmtRatio(rawRxPages.throughput / raw.throughput)} raw; RxDB's bulkInsert ${fmtRatio(rxInsertPages.throughput / raw.throughput)} raw; storeServerMessages in pages ${fmtRatio(pages.throughput / rxInsertPages.throughput)} of RxDB's paged bulkInsert`,
      ],
      cases: [{
        name: `${DOCS.toLocaleString('en')} messages, one conversation`,
        reference: { label: 'raw IndexedDB put, 1 transaction', unit: 'doc', stats: raw },
        measured: [
          { label: 'storeServerMessages, pages of 50', unit: 'doc', stats: pages },
          { label: 'storeServerMessages, 1 call', unit: 'doc', stats: bulk },
          { label: 'RxDB bulkInsert alone, 1 call', unit: 'doc', stats: rxInsert },
          { label: 'raw put, RxDB\'s index set', unit: 'doc', stats: rawRx },
          { label: 'RxDB bulkInsert alone, pages of 50', unit: 'doc', stats: rxInsertPages },
          { label: 'raw put, RxDB\'s index set, pages of 50', unit: 'doc', stats: rawRxPages },
        ],
      }],
    };
  } finally {
    await b.close();
  }
};

export default bench;
