// The competition zone on the device (issue 16): every answer a screen shows, kept from its last
// 200 so the zone reads offline once loaded, and the user's entries waiting in the action queue.
// One document per thing shown: 'home', 'details:{id}', 'entries:{id}', 'submission:{id}',
// 'past:all' / 'past:mine', 'certificates', 'leaderboard:{id | overall}', and 'entry:{action id}'
// for an entry the user submitted (queued, uploading, added or refused). The user's data: cleared
// with the chat on sign-out.
import type { RxCollection, RxJsonSchema } from 'rxdb/plugins/core';
import type {
  Certificate, CompetitionDetails, CompetitionSummary, Leaderboard, Submission,
} from '../../api/contract';
import type { SubmissionMediaKind } from '../../domain/competition-rules';

/** A file of a queued entry: kept in the media cache under `key` until uploaded; its media_uuid once uploaded. */
export interface EntryFile {
  key: string;
  name: string;
  content_type: string;
  size: number;
  media_uuid: string | null;
}

/** An entry as the user submitted it (the action queue's payload and the screen's view of it). */
export interface QueuedEntry {
  /** the action's id: also the Idempotency-Key of its add-submission */
  id: string;
  competition_uuid: string;
  competition_title: string;
  type: SubmissionMediaKind;
  user_name: string;
  user_grade: string;
  files: EntryFile[];
}

export interface EntryState extends QueuedEntry {
  state: 'queued' | 'sent' | 'refused';
  /** the server's message when refused */
  error: string | null;
  submission_uuid: string | null;
  at: number;
}

export interface CompetitionPayloads {
  home: { active_competitions: CompetitionSummary[]; competition_results: CompetitionSummary[] };
  details: CompetitionDetails;
  entries: { submissions: Submission[]; total: number };
  submission: { submission: Submission; competition: CompetitionSummary };
  past: { past_competitions: CompetitionSummary[] };
  certificates: { certificates: Certificate[] };
  leaderboard: Leaderboard;
  entry: EntryState;
}

export type CompetitionDocKind = keyof CompetitionPayloads;

export interface CompetitionDoc<K extends CompetitionDocKind = CompetitionDocKind> {
  id: string;
  kind: K;
  /** the competition it belongs to ('' for home, past, certificates, the overall leaderboard) */
  competition_uuid: string;
  payload: CompetitionPayloads[K];
  /** epoch ms of the 200 answer (or of the entry's last change) */
  fetched_at: number;
}

export type CompetitionsCollection = RxCollection<CompetitionDoc>;

export const competitionDocId = {
  home: () => 'home',
  details: (id: string) => `details:${id}`,
  entries: (id: string) => `entries:${id}`,
  submission: (id: string) => `submission:${id}`,
  past: (onlyMine: boolean) => (onlyMine ? 'past:mine' : 'past:all'),
  certificates: () => 'certificates',
  leaderboard: (id: string | null) => `leaderboard:${id ?? 'overall'}`,
  entry: (actionId: string) => `entry:${actionId}`,
};

export const competitionsSchema: RxJsonSchema<CompetitionDoc> = {
  title: 'competitions',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 100 },
    kind: { type: 'string', enum: ['home', 'details', 'entries', 'submission', 'past', 'certificates', 'leaderboard', 'entry'], maxLength: 12 },
    competition_uuid: { type: 'string', maxLength: 40 },
    payload: { type: 'object' },
    fetched_at: { type: 'number', minimum: 0, maximum: 1e15, multipleOf: 1 },
  },
  required: ['id', 'kind', 'competition_uuid', 'payload', 'fetched_at'],
  // the zone lists a competition's entries and the user's queued ones by kind and competition, newest first
  indexes: [['kind', 'competition_uuid', 'fetched_at']],
};
