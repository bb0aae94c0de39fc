// Sends chosen files (spec part 1 §5 attachment flows): each file is kept on the device first
// (the media cache under /local-media/{client id}, so it survives a reload and waits offline),
// then its media message goes into the outbox with no media_uuid yet. The engine uploads the file
// when the network allows (get-media-upload-details, the multipart post), fills in the
// media_uuid and sends the message once, under the same client id (exactly once, DESIGN.md §4).
import type { AttachmentFlow } from '../../domain/attachment-rules';
import { localMediaKey } from '../../domain/media-transfer';
import { uuidv7 } from '../../domain/uuidv7';
import { botBlockedError, somethingWentWrongError } from '../../domain/errors';
import { getClient } from '../client';
import { failed, ok, type CommandResult } from '../command-result';
import { getLocalDoc } from '../local-store';
import { sharedMediaStore } from '../media-cache';
import { enqueueMessage } from '../outbox-store';
import { isBotBlocked } from './queue-message';
import { runEngine } from './run-engine';

export interface Crop { x: number; y: number; width: number; height: number }

export interface AttachmentFile {
  blob: Blob;
  name: string;
  /** image flow: the user's crop in the image's own pixels */
  crop?: Crop | null;
}

const MESSAGE_TYPE: Record<AttachmentFlow, 'image' | 'video' | 'document' | 'audio'> = {
  image: 'image',
  video: 'video',
  document: 'document',
  audio: 'audio',
};

/** Answers the client ids of the queued messages, in order. */
export async function sendAttachment(botUuid: string, flow: AttachmentFlow, files: readonly AttachmentFile[]): Promise<CommandResult<string[]>> {
  try {
    const { db } = getClient();
    if (await isBotBlocked(db, botUuid)) return failed(botBlockedError());
    const store = sharedMediaStore();
    const owner = (await getLocalDoc(db, 'session'))?.mobile ?? '';
    const ids: string[] = [];
    for (const file of files) {
      const id = uuidv7();
      const meta: Record<string, string> = { name: file.name };
      if (file.crop) meta.crop = [file.crop.x, file.crop.y, file.crop.width, file.crop.height].map((n) => Math.round(n)).join(',');
      await store.put(localMediaKey(id), file.blob, meta);
      await enqueueMessage(db, {
        botUuid,
        owner,
        now: Date.now(),
        id,
        payload: {
          type: MESSAGE_TYPE[flow],
          media: {
            media_uuid: '',
            url: localMediaKey(id),
            content_type: file.blob.type || 'application/octet-stream',
            name: file.name.slice(0, 255),
            size: file.blob.size,
          },
        },
      });
      ids.push(id);
    }
    void runEngine('syncNow');
    return ok(ids);
  } catch (err) {
    console.error('sendAttachment failed', err);
    return failed(somethingWentWrongError());
  }
}
