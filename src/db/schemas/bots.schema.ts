// The bots the user can talk to (suggested list, subscribed bots), as last read from the server.
import type { RxCollection, RxJsonSchema } from 'rxdb/plugins/core';

export interface BotDoc {
  bot_uuid: string;
  name: string;
  description: string;
  icon: string;
  subscribed: boolean;
  /** the bot's configuration (allow_user_media), once fetched */
  allow_user_media: boolean | null;
  /** from the suggested list: its position there */
  suggested_rank: number;
  fetched_at: number;
}

export type BotsCollection = RxCollection<BotDoc>;

export const botsSchema: RxJsonSchema<BotDoc> = {
  title: 'bots',
  version: 0,
  primaryKey: 'bot_uuid',
  type: 'object',
  properties: {
    bot_uuid: { type: 'string', maxLength: 16 },
    name: { type: 'string' },
    description: { type: 'string' },
    icon: { type: 'string' },
    subscribed: { type: 'boolean' },
    allow_user_media: { type: ['boolean', 'null'] },
    suggested_rank: { type: 'number', minimum: -1, maximum: 1e9, multipleOf: 1 },
    fetched_at: { type: 'number' },
  },
  required: ['bot_uuid', 'name', 'description', 'icon', 'subscribed', 'allow_user_media', 'suggested_rank', 'fetched_at'],
  indexes: ['suggested_rank'],
};
