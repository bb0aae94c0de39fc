// The competition zone's half of the engine (issue 16; spec part 2 §7 "Competition"):
//   - Loads: each answer of the zone's routes into the `competitions` collection, written only
//     from a 200, so every screen reads offline what it read last. All entries page by 20 with
//     offset = the count already loaded when scrolling, else 0 (spec §7).
//   - Entries: one 'competition-entry' action on the one action queue per submitted entry. Its
//     files wait in the media cache (Cache Storage, /local-media/…) until uploaded; each upload's
//     media_uuid is written into the queued action before the next file, so a reload, a crash or a
//     network drop never uploads a finished file again; then add-submission goes once, with the
//     action's id as its Idempotency-Key. No answer: the runner's backoff, then the same steps
//     from where they stopped. A refusal (a 4xx) marks the entry refused with the server's text.
import type { RouteName } from '../api/contract';
import { SUBMISSIONS_PAGE_SIZE, LEADERBOARD_PAGE_SIZE } from '../domain/competition-rules';
import { UPLOAD_SUCCESS_STATUS } from '../domain/constants';
import { BadStatusError, NoResponseError, cancelledError, isCancelError, noResponseError } from '../domain/errors';
import { failed, ok, type CommandResult } from '../db/command-result';
import type { AppDatabase } from '../db/database';
import { sharedMediaStore, type MediaStore } from '../db/media-cache';
import { competitionDocId, type CompetitionDoc, type CompetitionDocKind, type CompetitionPayloads, type EntryState, type QueuedEntry } from '../db/schemas';
import type { ActionKindDef, AreaSyncDeps } from './action-runner';
import type { Clock, HttpClient } from './http-client';
import { defaultUploadTransport, mediaPathOf, type UploadTransport } from './media';

export interface CompetitionFlows {
  loadCompetitionHome(): Promise<CommandResult>;
  loadCompetitionDetails(competitionUuid: string): Promise<CommandResult>;
  /** The first page of all entries, or (more) the next one after those loaded. */
  loadCompetitionEntries(competitionUuid: string, more: boolean): Promise<CommandResult<{ count: number; total: number }>>;
  loadSubmissionDetails(submissionUuid: string): Promise<CommandResult>;
  loadPastCompetitions(onlyMine: boolean): Promise<CommandResult>;
  loadCertificates(): Promise<CommandResult>;
  /** A competition's leaderboard (null: overall), first page or the next. */
  loadLeaderboard(competitionUuid: string | null, more: boolean): Promise<CommandResult>;
  /** Sends queued entries now (the leader only). */
  flushCompetitionEntries(): Promise<CommandResult>;
}

async function upsert<K extends CompetitionDocKind>(db: AppDatabase, id: string, kind: K, competitionUuid: string, payload: CompetitionPayloads[K], at: number): Promise<void> {
  const doc: CompetitionDoc<K> = { id, kind, competition_uuid: competitionUuid, payload, fetched_at: at };
  await db.competitions.upsert(doc as CompetitionDoc);
}

async function read<K extends CompetitionDocKind>(db: AppDatabase, id: string): Promise<CompetitionPayloads[K] | null> {
  const doc = await db.competitions.findOne(id).exec();
  return doc ? (doc.toJSON().payload as CompetitionPayloads[K]) : null;
}

async function setEntry(db: AppDatabase, entry: QueuedEntry, patch: Partial<EntryState>, at: number): Promise<void> {
  const id = competitionDocId.entry(entry.id);
  const current = await read<'entry'>(db, id);
  const base: EntryState = current ?? { ...entry, state: 'queued', error: null, submission_uuid: null, at };
  await upsert(db, id, 'entry', entry.competition_uuid, { ...base, files: entry.files, ...patch, at }, at);
}

export interface CompetitionKindDeps {
  db: AppDatabase;
  http: HttpClient;
  clock: Clock;
  /** where chosen files wait (default: the shared media cache) */
  store?: MediaStore | undefined;
  /** how a file is posted (default: the global fetch; the engine passes its own) */
  upload?: UploadTransport | undefined;
}

/** How the action queue's runner sends an entry: its files not yet uploaded, then add-submission once. */
export function competitionEntryKind(deps: CompetitionKindDeps): ActionKindDef<'competition-entry'> {
  const { db, http, clock } = deps;
  const store = deps.store ?? sharedMediaStore();
  const upload = deps.upload ?? defaultUploadTransport((input, init) => fetch(input, init));

  async function uploadFile(entry: QueuedEntry, index: number): Promise<string> {
    const file = entry.files[index]!;
    const stored = await store.get(file.key);
    // the chosen file is gone from this device (storage cleared): the entry cannot be completed
    if (!stored) throw new BadStatusError(410, 'A chosen file is no longer on this device');
    const details = await http.call('getMediaUploadDetails', { content_type: file.content_type, type: 'competition', competition_uuid: entry.competition_uuid });
    const form = new FormData();
    for (const [k, v] of Object.entries(details.upload_details.s3_fields)) form.append(k, String(v));
    form.append('file', stored.blob, file.name);
    const status = await upload(details.upload_details.url, form, () => {}, new AbortController().signal);
    if (status !== UPLOAD_SUCCESS_STATUS) throw new BadStatusError(status);
    return details.media_uuid;
  }

  return {
    route: 'addSubmission',
    async send(action, once) {
      let entry = action.payload;
      for (const [i, f] of entry.files.entries()) {
        if (f.media_uuid) continue;
        const mediaUuid = await uploadFile(entry, i);
        entry = { ...entry, files: entry.files.map((x, j) => (j === i ? { ...x, media_uuid: mediaUuid } : x)) };
        // durable before the next step: this file is never uploaded again
        const doc = await db.actions.findOne(action.id).exec();
        await doc?.incrementalPatch({ payload: entry });
        await setEntry(db, entry, {}, clock.now());
      }
      const answer = await http.call('addSubmission', {
        type: entry.type, competition_uuid: entry.competition_uuid, user_name: entry.user_name, user_grade: entry.user_grade,
        media_uuid_list: entry.files.map((f) => f.media_uuid!),
      }, once);
      // the user's own files show at once, offline too, under their server URLs
      for (const f of entry.files) {
        const local = await store.get(f.key);
        if (local && f.media_uuid) await store.put(mediaPathOf(f.media_uuid), local.blob).catch(() => {});
        await store.delete(f.key).catch(() => {});
      }
      await setEntry(db, entry, { state: 'sent', submission_uuid: answer.submission.submission_uuid }, clock.now());
      // the competition's details count the entry now (until they are read again)
      const details = await read<'details'>(db, competitionDocId.details(entry.competition_uuid));
      if (details) {
        const count = details.user_submission_count + 1;
        await upsert(db, competitionDocId.details(entry.competition_uuid), 'details', entry.competition_uuid,
          { ...details, user_submission_count: count, can_submit: details.can_submit && count < details.max_submissions }, clock.now());
      }
      await upsert(db, competitionDocId.submission(answer.submission.submission_uuid), 'submission', entry.competition_uuid,
        { submission: answer.submission, competition: (await read<'submission'>(db, competitionDocId.submission(answer.submission.submission_uuid)))?.competition ?? placeholderCompetition(entry) }, clock.now());
    },
    async refused(action, refusal) {
      const entry = action.payload;
      for (const f of entry.files) await store.delete(f.key).catch(() => {});
      await setEntry(db, entry, { state: 'refused', error: refusal.serverMessage ?? refusal.message }, clock.now());
    },
  };
}

/** Until the details are read again, a just-added entry names its competition by what the user saw. */
function placeholderCompetition(entry: QueuedEntry): CompetitionPayloads['submission']['competition'] {
  return {
    competition_uuid: entry.competition_uuid, category: '', title: entry.competition_title, description: '', phase: 'open',
    media_kind: entry.type, opens_at: 0, closes_at: 0, results_at: 0, user_submission_count: 1,
  };
}

export function createCompetitionSync(deps: AreaSyncDeps): CompetitionFlows {
  const { db, http, clock } = deps;

  async function failure(route: RouteName, err: unknown): Promise<CommandResult<never>> {
    // offline: the stored answer shows and the screen says it is offline
    if (err instanceof NoResponseError) return failed(noResponseError());
    if (isCancelError(err)) return failed(cancelledError(err.reason));
    return failed(await deps.report(route, err));
  }

  async function load<K extends CompetitionDocKind, N extends RouteName>(route: N, call: () => Promise<CompetitionPayloads[K]>, id: string, kind: K, competitionUuid: string): Promise<CommandResult> {
    try {
      const payload = await call();
      await upsert(db, id, kind, competitionUuid, payload, clock.now());
      return ok();
    } catch (err) {
      return failure(route, err);
    }
  }

  return {
    loadCompetitionHome: () => load('getCompetitionHomePage', () => http.call('getCompetitionHomePage', {}), competitionDocId.home(), 'home', ''),
    loadCompetitionDetails: (id) => load('getCompetitionDetails', async () => (await http.call('getCompetitionDetails', { competition_uuid: id })).competition,
      competitionDocId.details(id), 'details', id),
    async loadCompetitionEntries(id, more) {
      const docId = competitionDocId.entries(id);
      const current = more ? await read<'entries'>(db, docId) : null;
      // spec §7: offset is the count already loaded when scrolling, else 0
      const offset = current?.submissions.length ?? 0;
      try {
        const page = await http.call('getCompetitionSubmissions', { competition_uuid: id, offset, limit: SUBMISSIONS_PAGE_SIZE });
        const known = new Set((current?.submissions ?? []).map((s) => s.submission_uuid));
        const submissions = [...(current?.submissions ?? []), ...page.submissions.filter((s) => !known.has(s.submission_uuid))];
        await upsert(db, docId, 'entries', id, { submissions, total: page.total }, clock.now());
        return ok({ count: submissions.length, total: page.total });
      } catch (err) {
        return failure('getCompetitionSubmissions', err);
      }
    },
    loadSubmissionDetails: (id) => load('getSubmissionDetails', () => http.call('getSubmissionDetails', { submission_uuid: id }), competitionDocId.submission(id), 'submission', ''),
    loadPastCompetitions: (onlyMine) => load('getPastCompetitions', () => http.call('getPastCompetitions', { filters: { only_user_submissions: onlyMine } }),
      competitionDocId.past(onlyMine), 'past', ''),
    loadCertificates: () => load('getCertificates', () => http.call('getCertificates', {}), competitionDocId.certificates(), 'certificates', ''),
    async loadLeaderboard(id, more) {
      const docId = competitionDocId.leaderboard(id);
      const current = more ? await read<'leaderboard'>(db, docId) : null;
      try {
        const page = await http.call('getLeaderboard', { ...(id ? { competition_uuid: id } : {}), offset: current?.entries.length ?? 0, limit: LEADERBOARD_PAGE_SIZE });
        const entries = [...(current?.entries ?? []), ...page.entries];
        await upsert(db, docId, 'leaderboard', id ?? '', { ...page, entries, offset: 0 }, clock.now());
        return ok();
      } catch (err) {
        return failure('getLeaderboard', err);
      }
    },
    async flushCompetitionEntries() {
      await deps.flushActions();
      return ok();
    },
  };
}
