-- Web Push subscriptions (issue 6 part 3): one row per push endpoint, owned by the user who saved
-- it last (a browser profile signed in as another user takes its endpoint over). Rows whose push
-- service answered 404 or 410 are deleted. The VAPID keys live in server_secrets ('vapid').

CREATE TABLE push_subscriptions (
  endpoint     text PRIMARY KEY,
  user_uuid    uuid NOT NULL REFERENCES users (user_uuid) ON DELETE CASCADE,
  p256dh       text NOT NULL,
  auth         text NOT NULL,
  device_id    text NOT NULL,
  -- the client's timestamp of the save, and the server's
  client_time  bigint NOT NULL,
  updated_at   bigint NOT NULL
);
CREATE INDEX push_subscriptions_user ON push_subscriptions (user_uuid);
