// Certificates (issue 16): every participant with an approved entry in a competition whose results
// are out gets one PDF (certificate.ts) with the name they entered, in its own script. It is made
// the first time the user asks for their certificates, stored as a media file owned by them
// (purpose certificate) and served like every other media file: GET /api/media/{id} with the
// media token. A certificate is made once and never changes.
import { randomUUID } from 'node:crypto';
import type { Certificate } from '../../src/api/contract';
import type { LanguageCode } from '../../src/domain/language-codes';
import type { Db } from '../db/db';
import type { MediaStorage } from '../media/storage';
import { certificatePdf } from './certificate';
import { rankOf } from './leaderboard';
import { competitionTitle, type CompetitionTexts } from './store';

/** Ranks 1 to 3 are winners; everyone else took part. */
const WINNING_RANKS = 3;

const DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' });

interface Owed { competition_uuid: string; results_at: number; texts: CompetitionTexts; user_name: string }

/** Makes the certificates the user is owed and has not got yet. */
async function issueOwed(db: Db, files: MediaStorage, userUuid: string, language: LanguageCode, now: number): Promise<void> {
  const owed = await db.query<Owed>(
    `SELECT c.competition_uuid, c.results_at::float8 AS results_at, c.texts,
            (SELECT s.user_name FROM competition_submissions s WHERE s.competition_uuid = c.competition_uuid AND s.user_uuid = $1 AND s.status = 'approved'
             ORDER BY s.score DESC NULLS LAST, s.created_at LIMIT 1) AS user_name
     FROM competitions c
     WHERE c.results_at <= $2
       AND EXISTS (SELECT 1 FROM competition_submissions s WHERE s.competition_uuid = c.competition_uuid AND s.user_uuid = $1 AND s.status = 'approved')
       AND NOT EXISTS (SELECT 1 FROM competition_certificates k WHERE k.competition_uuid = c.competition_uuid AND k.user_uuid = $1)`,
    [userUuid, now],
  );
  for (const c of owed) {
    const placed = await rankOf(db, userUuid, c.competition_uuid, now);
    const bytes = await certificatePdf({
      userName: c.user_name,
      competitionTitle: competitionTitle(c, language),
      heading: placed && placed.rank <= WINNING_RANKS ? 'Certificate of achievement' : 'Certificate of participation',
      result: placed ? `Rank ${placed.rank} of ${placed.total}` : 'Participant',
      date: DATE.format(c.results_at),
    });
    const mediaUuid = randomUUID();
    await files.putBytes(mediaUuid, bytes, 'application/pdf');
    await db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO media (media_uuid, user_uuid, purpose, kind, content_type, created_at, expires_at, uploaded_at, size, competition_uuid)
         VALUES ($1, $2, 'certificate', 'document', 'application/pdf', $3, $3, $3, $4, $5)`,
        [mediaUuid, userUuid, now, bytes.length, c.competition_uuid],
      );
      // Two requests at once may both make one: the first stored wins; the other's row goes
      // (the media sweep then removes its file).
      const stored = await tx.query(
        `INSERT INTO competition_certificates (certificate_uuid, competition_uuid, user_uuid, media_uuid, rank, created_at)
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (competition_uuid, user_uuid) DO NOTHING RETURNING 1`,
        [randomUUID(), c.competition_uuid, userUuid, mediaUuid, placed?.rank ?? null, now],
      );
      if (stored.length === 0) await tx.query('DELETE FROM media WHERE media_uuid = $1', [mediaUuid]);
    });
  }
}

export async function certificatesOf(db: Db, files: MediaStorage, userUuid: string, language: LanguageCode, now: number): Promise<Certificate[]> {
  await issueOwed(db, files, userUuid, language, now);
  const rows = await db.query<{ certificate_uuid: string; competition_uuid: string; texts: CompetitionTexts; media_uuid: string; rank: number | null; created_at: number }>(
    `SELECT k.certificate_uuid, k.competition_uuid, c.texts, k.media_uuid, k.rank, k.created_at::float8 AS created_at
     FROM competition_certificates k JOIN competitions c ON c.competition_uuid = k.competition_uuid
     WHERE k.user_uuid = $1 ORDER BY c.results_at DESC, k.certificate_uuid`,
    [userUuid],
  );
  return rows.map((r) => ({
    certificate_uuid: r.certificate_uuid, competition_uuid: r.competition_uuid, competition_title: competitionTitle(r, language),
    media_uuid: r.media_uuid, rank: r.rank, issued_at: r.created_at,
  }));
}
