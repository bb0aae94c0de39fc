// The competition zone's commands (issue 16): loads into the `competitions` collection (the
// screens observe it), an entry queued with its files kept on the device, a certificate fetched
// into the media cache (then readable offline). The engine does the network work
// (src/sync/competition-sync.ts).
import { somethingWentWrongError } from '../../domain/errors';
import { API_BASE } from '../../api/headers';
import { MEDIA_PATH } from '../../api/route-table';
import { getClient } from '../client';
import { failed, ok, type CommandResult } from '../command-result';
import { queueCompetitionEntry, type EntryInput } from '../competition-entries';
import { sharedMediaStore } from '../media-cache';
import { runEngine } from './run-engine';
import { trackEvent } from '../analytics';
import { ANALYTICS_EVENT } from '../../domain/analytics';

export const loadCompetitionHome = () => runEngine('loadCompetitionHome');
export const loadCompetitionDetails = (competitionUuid: string) => runEngine('loadCompetitionDetails', competitionUuid);
export const loadCompetitionEntries = (competitionUuid: string, more = false) => runEngine('loadCompetitionEntries', competitionUuid, more);
export const loadSubmissionDetails = (submissionUuid: string) => runEngine('loadSubmissionDetails', submissionUuid);
export const loadPastCompetitions = (onlyMine: boolean) => runEngine('loadPastCompetitions', onlyMine);
export const loadCertificates = () => runEngine('loadCertificates');
export const loadLeaderboard = (competitionUuid: string | null, more = false) => runEngine('loadLeaderboard', competitionUuid, more);

/** Queues the entry (shown at once as waiting) and asks the engine to send it now. Answers its id. */
export async function submitCompetitionEntry(input: EntryInput): Promise<CommandResult<string>> {
  try {
    const id = await queueCompetitionEntry(getClient().db, sharedMediaStore(), input, Date.now());
    void runEngine('flushCompetitionEntries');
    await trackEvent(getClient().db, ANALYTICS_EVENT.competitionEntry, { competition_uuid: input.competition_uuid, media_type: input.type, files: input.files.length });
    return ok(id);
  } catch (err) {
    console.error('submitCompetitionEntry failed', err);
    return failed(somethingWentWrongError());
  }
}

/** The certificate's PDF from the device's media cache, fetched first when missing (needs the network once). */
export async function certificateFile(mediaUuid: string): Promise<CommandResult<Blob>> {
  const url = `${API_BASE}${MEDIA_PATH}/${mediaUuid}`;
  const store = sharedMediaStore();
  let file = await store.get(url);
  if (!file) {
    const fetched = await runEngine('downloadMedia', url);
    if (!fetched.ok) return fetched;
    file = await store.get(url);
  }
  return file ? ok(file.blob) : failed(somethingWentWrongError());
}
