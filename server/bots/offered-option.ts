// The label of the option a user chose. A button_response (and a menu or multi-select answer)
// carries only the option's button_index (src/api/messages.ts), so its label is read from the
// newest bot message of the conversation, of the type that offers options, that has that index:
// the label as it was sent, in the language of then. A multi-select answer names the picker it
// answers (reply_to: two may be open at once), whose labels come first.
import type { ButtonOption } from '../../src/api/messages';
import type { Queryable } from '../db/db';

/** The newest bot messages of a type in this conversation, newest first. */
async function offers(db: Queryable, userUuid: string, botUuid: string, type: string, replyTo?: string): Promise<{ buttons?: ButtonOption[] }[]> {
  const rows = await db.query<{ payload: { buttons?: ButtonOption[] } }>(
    `SELECT payload FROM messages WHERE user_uuid = $1 AND bot_uuid = $2 AND sender = 'bot' AND type = $3
     ORDER BY (message_id::text = $4) DESC, sk DESC LIMIT 20`,
    [userUuid, botUuid, type, replyTo ?? ''],
  );
  return rows.map((r) => r.payload);
}

/** The labels of the chosen options, in the order asked; undefined for an index no message offered. */
export async function offeredLabels(
  db: Queryable, userUuid: string, botUuid: string, type: 'button' | 'multi_select_button' | 'persistent_menu', indices: readonly number[],
  replyTo?: string,
): Promise<(string | undefined)[]> {
  const messages = await offers(db, userUuid, botUuid, type, replyTo);
  return indices.map((index) => {
    for (const m of messages) {
      const option = m.buttons?.find((b) => b.button_index === index);
      if (option) return option.body;
    }
    return undefined;
  });
}
