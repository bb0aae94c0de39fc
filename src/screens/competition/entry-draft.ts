// The entry being prepared between /competition-upload and /competition-preview: the chosen files
// (Blobs), name and grade, in the page's memory. It becomes durable only when submitted (the files
// then go into the media cache and the entry into the action queue); a reload before that drops
// the draft and the preview says to choose the files again.
import type { SubmissionMediaKind } from '../../domain/competition-rules';

export interface EntryDraft {
  competition_uuid: string;
  competition_title: string;
  type: SubmissionMediaKind;
  files: File[];
  user_name: string;
  user_grade: string;
}

let draft: EntryDraft | null = null;

export const getDraft = (competitionUuid: string): EntryDraft | null => (draft?.competition_uuid === competitionUuid ? draft : null);
export const setDraft = (next: EntryDraft | null): void => {
  draft = next;
};

/** Why the chosen files cannot be an entry (a message id), or null. */
export function filesProblem(files: readonly File[], kind: SubmissionMediaKind, max: number): 'competition.upload.needFiles' | 'competition.upload.tooMany' | 'competition.upload.wrongImage' | 'competition.upload.wrongVideo' | null {
  if (files.length === 0) return 'competition.upload.needFiles';
  if (files.length > max) return 'competition.upload.tooMany';
  if (files.some((f) => !f.type.startsWith(`${kind}/`))) return kind === 'image' ? 'competition.upload.wrongImage' : 'competition.upload.wrongVideo';
  return null;
}
