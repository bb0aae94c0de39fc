// The checks the media module asks of the competition zone: may a file of a competition entry be
// uploaded now (the competition is open and takes that kind of file), and may another user see it
// (its entry is approved).
import { COMPETITION_ERRORS, phaseAt } from '../../src/domain/competition-rules';
import type { Queryable } from '../db/db';
import { badRequest, notFound } from '../http/errors';
import type { MediaKind } from '../media/content-types';

export async function checkEntryUpload(q: Queryable, competitionUuid: string, kind: MediaKind, now: number): Promise<void> {
  const rows = await q.query<{ media_kind: string; opens_at: number; closes_at: number; results_at: number }>(
    'SELECT media_kind, opens_at::float8 AS opens_at, closes_at::float8 AS closes_at, results_at::float8 AS results_at FROM competitions WHERE competition_uuid = $1',
    [competitionUuid],
  );
  const c = rows[0];
  if (!c) throw notFound(COMPETITION_ERRORS.notFound);
  if (phaseAt(c, now) !== 'open') throw badRequest(COMPETITION_ERRORS.notOpen);
  if (kind !== c.media_kind) throw badRequest(`This competition takes ${c.media_kind === 'image' ? 'images' : 'videos'}, not a file of type ${kind}`);
}

export async function isApprovedEntryFile(q: Queryable, mediaUuid: string): Promise<boolean> {
  const rows = await q.query(
    `SELECT 1 FROM competition_submission_media sm JOIN competition_submissions s ON s.submission_uuid = sm.submission_uuid
     WHERE sm.media_uuid = $1 AND s.status = 'approved'`,
    [mediaUuid],
  );
  return rows.length > 0;
}
