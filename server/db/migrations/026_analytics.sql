-- Analytics (issue 18): the reference server's own analytics provider keeps every event it is
-- sent, once per (user, event_id) (the device makes the id; a resend after a lost answer adds
-- nothing). `alias` is the device's salted hash of the mobile, never the number. Rows go with
-- the profile. Indexed by day for the admin page's charts.
CREATE TABLE analytics_events (
  user_uuid   uuid NOT NULL REFERENCES users (user_uuid) ON DELETE CASCADE,
  event_id    uuid NOT NULL,
  alias       text NOT NULL,
  name        text NOT NULL,
  params      jsonb NOT NULL,
  at          bigint NOT NULL,
  received_at bigint NOT NULL,
  PRIMARY KEY (user_uuid, event_id)
);
CREATE INDEX analytics_events_received ON analytics_events (received_at);
CREATE INDEX analytics_events_name ON analytics_events (name, received_at);

-- Short links (spec part 2 §7 dynamic-link/create-link): /l/<link_id> opens the app at `url`,
-- an app route checked when the link is made. A link outlives its maker's profile (it may have
-- been shared), so the maker is only remembered, not required.
CREATE TABLE dynamic_links (
  link_id     text PRIMARY KEY,
  user_uuid   uuid REFERENCES users (user_uuid) ON DELETE SET NULL,
  name        text NOT NULL,
  url         text NOT NULL,
  created_at  bigint NOT NULL,
  opened      integer NOT NULL DEFAULT 0
);
