-- Where a user stands in a demo bot's conversation (server/discovery/conversation.ts): the step
-- of a decision tree, the question and score of a quiz, the guesses of a word game. Kept here,
-- not in memory, so a conversation carries on after a server restart. One row per user × bot;
-- it goes with the profile.
CREATE TABLE bot_state (
  user_uuid   uuid NOT NULL REFERENCES users (user_uuid) ON DELETE CASCADE,
  bot_uuid    text NOT NULL REFERENCES bots (bot_uuid) ON DELETE CASCADE,
  state       jsonb NOT NULL CHECK (jsonb_typeof(state) = 'object'),
  updated_at  bigint NOT NULL,
  PRIMARY KEY (user_uuid, bot_uuid)
);
