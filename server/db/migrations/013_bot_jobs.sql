-- The bot's pending work (issue 21, item 8): a user message and the job of answering it are
-- stored in one transaction, and the job row is deleted in the transaction that stores the
-- bot's replies. So a crash between the two leaves the job, which the next start runs (and a
-- retry of the same client_message_id runs it too): the reply is neither lost nor doubled.
-- One row per user message still unanswered; it goes with the profile (and with the message).
CREATE TABLE bot_jobs (
  message_id  uuid PRIMARY KEY REFERENCES messages (message_id) ON DELETE CASCADE,
  user_uuid   uuid NOT NULL REFERENCES users (user_uuid) ON DELETE CASCADE,
  bot_uuid    text NOT NULL REFERENCES bots (bot_uuid) ON DELETE CASCADE,
  -- the language the bot writes in, decided when the message arrived
  language    text NOT NULL,
  -- runs begun (a job whose bot keeps failing is given up after a few)
  attempts    integer NOT NULL DEFAULT 0,
  created_at  bigint NOT NULL
);
CREATE INDEX bot_jobs_created ON bot_jobs (created_at);
