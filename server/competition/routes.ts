// The competition zone's routes (spec part 2 §7 "Competition", issue 16). Phases follow from the
// dates at ctx.now(); an entry's files are the caller's own finished uploads made for this
// competition (get-media-upload-details with purpose or type 'competition' and competition_uuid);
// another user's entry is seen only once approved, another user's certificate never.
import { randomUUID } from 'node:crypto';
import { routes } from '../../src/api/contract';
import { COMPETITION_ERRORS, phaseAt } from '../../src/domain/competition-rules';
import type { RouteModule } from '../context';
import type { Queryable } from '../db/db';
import { badRequest, HttpError, notFound } from '../http/errors';
import { languageOf } from '../http/language';
import type { MediaStorage } from '../media/storage';
import { getMedia } from '../media/store';
import { certificatesOf } from './certificates';
import { leaderboard } from './leaderboard';
import { getCompetition, listCompetitions, listSubmissions, toDetails, toSubmission, toSummary, type CompetitionRow } from './store';

export interface CompetitionRouteDeps {
  /** Where certificates are written (the media directory). */
  files: MediaStorage;
}

async function competitionOr404(q: Queryable, userUuid: string, competitionUuid: string): Promise<CompetitionRow> {
  const row = await getCompetition(q, userUuid, competitionUuid);
  if (!row) throw notFound(COMPETITION_ERRORS.notFound);
  return row;
}

/** Every media_uuid is the caller's own finished upload for this competition, of its kind, in no other entry. */
async function checkEntryFiles(q: Queryable, userUuid: string, c: CompetitionRow, type: string, mediaUuids: readonly string[]): Promise<void> {
  if (type !== c.media_kind) throw badRequest(`This competition takes ${c.media_kind === 'image' ? 'images' : 'videos'}: type must be ${c.media_kind}`);
  if (mediaUuids.length > c.max_media) throw badRequest(`This competition takes at most ${c.max_media} files per entry`);
  for (const id of mediaUuids) {
    const m = await getMedia(q, id);
    // Another user's file answers exactly like an unknown one.
    if (!m || m.user_uuid !== userUuid) throw badRequest(`media_uuid_list: ${id} is not an upload of yours`);
    if (m.purpose !== 'competition' || (await q.query<{ competition_uuid: string | null }>('SELECT competition_uuid FROM media WHERE media_uuid = $1', [id]))[0]?.competition_uuid !== c.competition_uuid) {
      throw badRequest(`media_uuid_list: ${id} was not uploaded for this competition`);
    }
    if (m.uploaded_at === null) throw badRequest(`media_uuid_list: ${id} has not been uploaded yet`);
    if (m.kind !== c.media_kind) throw badRequest(`media_uuid_list: ${id} is a ${m.kind}, not a ${c.media_kind}`);
    const used = await q.query('SELECT 1 FROM competition_submission_media WHERE media_uuid = $1', [id]);
    if (used.length > 0) throw badRequest(`media_uuid_list: ${id} is already part of an entry`);
  }
}

export function competitionRoutes({ files }: CompetitionRouteDeps): RouteModule {
  return (api, ctx) => {
    const { db } = ctx;

    api.authRoute(routes.getCompetitionHomePage, async ({ request, user }) => {
      const now = ctx.now();
      const language = languageOf(request);
      const active = await listCompetitions(db, user.userUuid, 'c.closes_at > $2', [now], 'c.closes_at, c.competition_uuid');
      const results = await listCompetitions(db, user.userUuid, 'c.closes_at <= $2', [now], 'c.results_at DESC, c.competition_uuid');
      return {
        active_competitions: active.map((r) => toSummary(r, language, now)),
        competition_results: results.map((r) => toSummary(r, language, now)),
      };
    });

    api.authRoute(routes.getCompetitionDetails, async ({ request, user, body }) => {
      const row = await competitionOr404(db, user.userUuid, body.competition_uuid);
      return { competition: toDetails(row, languageOf(request), ctx.now()) };
    });

    api.authRoute(routes.getCompetitionSubmissions, async ({ user, body }) => {
      await competitionOr404(db, user.userUuid, body.competition_uuid);
      const now = ctx.now();
      const rows = await listSubmissions(db, user.userUuid, 's.competition_uuid = $2', [body.competition_uuid, body.offset, body.limit],
        'ORDER BY s.created_at DESC, s.submission_uuid OFFSET $3 LIMIT $4');
      const [count] = await db.query<{ total: number }>(
        `SELECT count(*)::int AS total FROM competition_submissions s WHERE (s.user_uuid = $1 OR s.status = 'approved') AND s.competition_uuid = $2`,
        [user.userUuid, body.competition_uuid]);
      return {
        submissions: rows.map((r) => toSubmission(r, user.userUuid, now)),
        total: count?.total ?? 0, offset: body.offset, limit: body.limit,
        // Spec §7: a page asked for while scrolling (offset = the count already loaded) carries onScroll.
        onScroll: body.offset > 0,
      };
    });

    api.authRoute(routes.getSubmissionDetails, async ({ request, user, body }) => {
      const [row] = await listSubmissions(db, user.userUuid, 's.submission_uuid = $2', [body.submission_uuid]);
      // Another user's entry that is not approved answers exactly like an unknown one.
      if (!row) throw notFound(COMPETITION_ERRORS.submissionNotFound);
      const now = ctx.now();
      const competition = await competitionOr404(db, user.userUuid, row.competition_uuid);
      return { submission: toSubmission(row, user.userUuid, now), competition: toSummary(competition, languageOf(request), now) };
    });

    api.authRoute(routes.getPastCompetitions, async ({ request, user, body }) => {
      const now = ctx.now();
      const mine = body.filters.only_user_submissions
        ? ' AND EXISTS (SELECT 1 FROM competition_submissions s WHERE s.competition_uuid = c.competition_uuid AND s.user_uuid = $1)'
        : '';
      const rows = await listCompetitions(db, user.userUuid, `c.closes_at <= $2${mine}`, [now], 'c.closes_at DESC, c.competition_uuid');
      return { past_competitions: rows.map((r) => toSummary(r, languageOf(request), now)) };
    });

    api.authRoute(routes.getCertificates, async ({ request, user }) => ({
      certificates: await certificatesOf(db, files, user.userUuid, languageOf(request), ctx.now()),
    }));

    api.authRoute(routes.addSubmission, async ({ user, body }) => {
      const now = ctx.now();
      for (const id of body.media_uuid_list) await ctx.settleUpload(id);
      const submissionUuid = await db.transaction(async (tx) => {
        // One entry at a time per competition, so two at once cannot both pass the count.
        const [locked] = await tx.query('SELECT 1 FROM competitions WHERE competition_uuid = $1 FOR UPDATE', [body.competition_uuid]);
        if (!locked) throw notFound(COMPETITION_ERRORS.notFound);
        const c = await competitionOr404(tx, user.userUuid, body.competition_uuid);
        if (phaseAt(c, now) !== 'open') throw badRequest(COMPETITION_ERRORS.notOpen);
        // 422, not 409: a queued entry refused this way must not wait and retry (409 is retried).
        if (c.user_submission_count >= c.max_submissions) throw new HttpError(422, COMPETITION_ERRORS.tooMany);
        await checkEntryFiles(tx, user.userUuid, c, body.type, body.media_uuid_list);
        const id = randomUUID();
        await tx.query(
          `INSERT INTO competition_submissions (submission_uuid, competition_uuid, user_uuid, user_name, user_grade, media_kind, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7)`,
          [id, c.competition_uuid, user.userUuid, body.user_name, body.user_grade, body.type, now]);
        for (const [position, mediaUuid] of body.media_uuid_list.entries()) {
          await tx.query('INSERT INTO competition_submission_media (submission_uuid, position, media_uuid) VALUES ($1, $2, $3)', [id, position, mediaUuid]);
        }
        return id;
      });
      const [row] = await listSubmissions(db, user.userUuid, 's.submission_uuid = $2', [submissionUuid]);
      return { submission: toSubmission(row!, user.userUuid, now) };
    });

    api.authRoute(routes.getLeaderboard, async ({ user, body }) => {
      if (body.competition_uuid !== undefined) await competitionOr404(db, user.userUuid, body.competition_uuid);
      return leaderboard(db, user.userUuid, ctx.now(), { competitionUuid: body.competition_uuid, offset: body.offset, limit: body.limit });
    });
  };
}
