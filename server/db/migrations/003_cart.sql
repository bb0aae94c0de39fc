-- The cart of each user with each bot (spec part 2 §3 "Cart"): the whole list of lines
-- [{ catalog_id, product_id, quantity, customizations: [{ id, value }] }], replaced by every
-- /bot/update-cart after it is checked against the bot's catalogue. version counts the updates.

CREATE TABLE carts (
  user_uuid   uuid NOT NULL REFERENCES users (user_uuid) ON DELETE CASCADE,
  bot_uuid    text NOT NULL REFERENCES bots (bot_uuid) ON DELETE CASCADE,
  cart        jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(cart) = 'array'),
  version     bigint NOT NULL CHECK (version > 0),
  updated_at  bigint NOT NULL,
  PRIMARY KEY (user_uuid, bot_uuid)
);
