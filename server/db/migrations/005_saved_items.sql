-- Message ratings and saved items (spec part 1 §3 "Saved item", §7 submit-message-rating,
-- save-item, get-saved-items, unsave-item, undo-unsave-item).
--
-- A rating is one per user and message (the latest answer wins); the message itself also gets
-- is_rated in its payload so every device shows it rated. A saved item keeps a copy of the
-- message as it was saved (the list shows it without reading the conversation); unsaving sets
-- unsaved_at (undo clears it), so an undo brings the same saved_item_uuid back.

CREATE TABLE message_ratings (
  user_uuid   uuid NOT NULL REFERENCES users (user_uuid) ON DELETE CASCADE,
  message_id  uuid NOT NULL REFERENCES messages (message_id) ON DELETE CASCADE,
  bot_uuid    text NOT NULL REFERENCES bots (bot_uuid) ON DELETE CASCADE,
  rating      integer NOT NULL CHECK (rating BETWEEN -1 AND 5 AND rating <> 0),
  rated_at    bigint NOT NULL,
  PRIMARY KEY (user_uuid, message_id)
);

CREATE TABLE saved_items (
  saved_item_uuid uuid PRIMARY KEY,
  user_uuid       uuid NOT NULL REFERENCES users (user_uuid) ON DELETE CASCADE,
  bot_uuid        text NOT NULL REFERENCES bots (bot_uuid) ON DELETE CASCADE,
  message_id      uuid NOT NULL REFERENCES messages (message_id) ON DELETE CASCADE,
  -- which part of the message (0 for the message; a card or product by its position)
  item_index      integer NOT NULL CHECK (item_index >= 0),
  message         jsonb NOT NULL,
  saved_at        bigint NOT NULL,
  unsaved_at      bigint,
  UNIQUE (user_uuid, message_id, item_index)
);
CREATE INDEX saved_items_list ON saved_items (user_uuid, saved_at);
