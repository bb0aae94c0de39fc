-- Bots and chat: the bots (demo bots are seeded at start), who subscribed to which bot, the
-- messages of each user × bot conversation, that conversation's state, socket tickets and the
-- server's own secrets (the HMAC key of paging cursors, generated once per database).

CREATE TABLE bots (
  bot_uuid      text PRIMARY KEY CHECK (bot_uuid ~ '^[0-9]{16}$'),
  name          text NOT NULL,
  description   text NOT NULL DEFAULT '',
  icon          text NOT NULL DEFAULT '',
  suggested     boolean NOT NULL DEFAULT true,
  config        jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at    bigint NOT NULL,
  updated_at    bigint NOT NULL
);

CREATE TABLE subscriptions (
  user_uuid     uuid NOT NULL REFERENCES users (user_uuid) ON DELETE CASCADE,
  bot_uuid      text NOT NULL REFERENCES bots (bot_uuid) ON DELETE CASCADE,
  subscribed_at bigint NOT NULL,
  PRIMARY KEY (user_uuid, bot_uuid)
);

-- pk = pwa_{bot_uuid}_{user_uuid}; sk = 15-digit timestamp _ 9-digit number _ message_id, in
-- the "C" collation so that text order is time order (the number orders messages of one ms).
CREATE TABLE messages (
  message_id        uuid PRIMARY KEY,
  user_uuid         uuid NOT NULL REFERENCES users (user_uuid) ON DELETE CASCADE,
  bot_uuid          text NOT NULL REFERENCES bots (bot_uuid) ON DELETE CASCADE,
  pk                text NOT NULL,
  sk                text COLLATE "C" NOT NULL,
  sender            text NOT NULL CHECK (sender IN ('user', 'bot')),
  type              text NOT NULL,
  payload           jsonb NOT NULL DEFAULT '{}'::jsonb,
  client_message_id text,
  -- A bot message: the user message it answers (so a repeated send answers the same replies).
  in_reply_to       uuid,
  created_at        bigint NOT NULL,
  UNIQUE (pk, sk),
  UNIQUE (user_uuid, client_message_id)
);
CREATE INDEX messages_reply ON messages (in_reply_to);

CREATE TABLE conversations (
  user_uuid       uuid NOT NULL REFERENCES users (user_uuid) ON DELETE CASCADE,
  bot_uuid        text NOT NULL REFERENCES bots (bot_uuid) ON DELETE CASCADE,
  last_message_id uuid,
  last_time       bigint NOT NULL DEFAULT 0,
  last_number     bigint NOT NULL DEFAULT 0,
  unread          integer NOT NULL DEFAULT 0,
  pinned_at       bigint,
  block_time      bigint,
  archive_time    bigint,
  mute_time       bigint,
  mute_duration   bigint,
  PRIMARY KEY (user_uuid, bot_uuid)
);

-- Single-use, short-lived tickets that open a WebSocket (browsers cannot send headers there).
CREATE TABLE socket_tickets (
  ticket_hash   text PRIMARY KEY,
  session_hash  text NOT NULL REFERENCES sessions (id_hash) ON DELETE CASCADE,
  user_uuid     uuid NOT NULL REFERENCES users (user_uuid) ON DELETE CASCADE,
  created_at    bigint NOT NULL,
  expires_at    bigint NOT NULL,
  used_at       bigint
);
CREATE INDEX socket_tickets_user ON socket_tickets (user_uuid);

CREATE TABLE server_secrets (
  name          text PRIMARY KEY,
  value         text NOT NULL,
  created_at    bigint NOT NULL
);
