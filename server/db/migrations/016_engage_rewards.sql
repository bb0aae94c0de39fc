-- Engage games and rewards (spec part 2 §7 Engage / Rewards, issue 14). The game catalogue is code
-- (server/engage/catalogue.ts); plays, answers and every reward are rows here. Everything goes
-- with the profile (ON DELETE CASCADE).

-- One play of a game: its hidden content (right answers, the word, the board) stays here.
CREATE TABLE engage_plays (
  play_uuid      uuid PRIMARY KEY,
  user_uuid      uuid NOT NULL REFERENCES users (user_uuid) ON DELETE CASCADE,
  game_uuid      uuid NOT NULL,
  content        jsonb NOT NULL,
  score          integer NOT NULL DEFAULT 0,
  max_score      integer NOT NULL,
  status         text NOT NULL CHECK (status IN ('playing', 'finished')),
  started_at     bigint NOT NULL,
  deadline_at    bigint,
  finished_at    bigint
);
CREATE INDEX engage_plays_user ON engage_plays (user_uuid, started_at DESC);
CREATE INDEX engage_plays_game ON engage_plays (game_uuid);

-- An answer is recorded once per step: a repeat (a retried or queued answer) reads the first.
CREATE TABLE engage_answers (
  play_uuid      uuid NOT NULL REFERENCES engage_plays (play_uuid) ON DELETE CASCADE,
  step           integer NOT NULL,
  answer         text NOT NULL,
  correct        boolean NOT NULL,
  late           boolean NOT NULL,
  marks          jsonb,
  answered_at    bigint NOT NULL,
  PRIMARY KEY (play_uuid, step)
);

CREATE TABLE rewards_tnc (
  user_uuid      uuid PRIMARY KEY REFERENCES users (user_uuid) ON DELETE CASCADE,
  accepted_at    bigint NOT NULL
);

-- The daily reward games (spin the wheel, memory match): one schedule per kind and day.
CREATE TABLE reward_schedules (
  schedule_uuid  uuid PRIMARY KEY,
  kind           text NOT NULL CHECK (kind IN ('stw', 'mtc')),
  day            text NOT NULL,
  UNIQUE (kind, day)
);

-- The ledger: every reward once, keyed by what earned it (source_key: 'stw:<spin>',
-- 'mtc:<schedule>:<user>', 'lucky_draw:<day>:<rank>'). Cash moves unclaimed → paid | failed.
CREATE TABLE reward_ledger (
  entry_id       uuid PRIMARY KEY,
  user_uuid      uuid NOT NULL REFERENCES users (user_uuid) ON DELETE CASCADE,
  source_key     text NOT NULL UNIQUE,
  source         text NOT NULL CHECK (source IN ('stw', 'mtc', 'lucky_draw')),
  kind           text NOT NULL CHECK (kind IN ('cash', 'coupon')),
  amount_minor   bigint NOT NULL CHECK (amount_minor >= 0),
  currency       text NOT NULL,
  payout_state   text NOT NULL CHECK (payout_state IN ('none', 'unclaimed', 'paid', 'failed')),
  payout_ref     text,
  created_at     bigint NOT NULL,
  updated_at     bigint NOT NULL,
  CHECK ((kind = 'cash') = (payout_state <> 'none'))
);
CREATE INDEX reward_ledger_user ON reward_ledger (user_uuid, created_at DESC);

CREATE TABLE reward_coupons (
  coupon_uuid    uuid PRIMARY KEY,
  entry_id       uuid NOT NULL UNIQUE REFERENCES reward_ledger (entry_id) ON DELETE CASCADE,
  user_uuid      uuid NOT NULL REFERENCES users (user_uuid) ON DELETE CASCADE,
  offer_id       text NOT NULL,
  code           text NOT NULL UNIQUE,
  expires_at     bigint NOT NULL,
  created_at     bigint NOT NULL
);
CREATE INDEX reward_coupons_user ON reward_coupons (user_uuid, created_at DESC);

-- One spin per user and schedule: a second play reads this row.
CREATE TABLE stw_spins (
  spin_uuid      uuid PRIMARY KEY,
  schedule_uuid  uuid NOT NULL REFERENCES reward_schedules (schedule_uuid),
  user_uuid      uuid NOT NULL REFERENCES users (user_uuid) ON DELETE CASCADE,
  segment_id     text NOT NULL,
  entry_id       uuid REFERENCES reward_ledger (entry_id) ON DELETE SET NULL,
  played_at      bigint NOT NULL,
  UNIQUE (schedule_uuid, user_uuid)
);

-- The board a user was given for a schedule, when, and its completion (recorded once).
CREATE TABLE mtc_boards (
  schedule_uuid  uuid NOT NULL REFERENCES reward_schedules (schedule_uuid),
  user_uuid      uuid NOT NULL REFERENCES users (user_uuid) ON DELETE CASCADE,
  cards          jsonb NOT NULL,
  issued_at      bigint NOT NULL,
  completed_at   bigint,
  moves          integer,
  entry_id       uuid REFERENCES reward_ledger (entry_id) ON DELETE SET NULL,
  PRIMARY KEY (schedule_uuid, user_uuid)
);

-- The lucky draw: one entry per user and day (finishing any game), one draw per day with its
-- stored seed, its winners by rank.
CREATE TABLE lucky_draw_entries (
  day            text NOT NULL,
  user_uuid      uuid NOT NULL REFERENCES users (user_uuid) ON DELETE CASCADE,
  created_at     bigint NOT NULL,
  PRIMARY KEY (day, user_uuid)
);
CREATE TABLE lucky_draws (
  day            text PRIMARY KEY,
  seed           text NOT NULL,
  entries_count  integer NOT NULL,
  drawn_at       bigint NOT NULL
);
CREATE TABLE lucky_draw_winners (
  day            text NOT NULL REFERENCES lucky_draws (day),
  rank           integer NOT NULL,
  user_uuid      uuid NOT NULL REFERENCES users (user_uuid) ON DELETE CASCADE,
  entry_id       uuid REFERENCES reward_ledger (entry_id) ON DELETE SET NULL,
  PRIMARY KEY (day, rank),
  UNIQUE (day, user_uuid)
);
