-- Payments (spec part 2 §3 Payment, §4, §7; issue 15). Amounts are minor units (bigint) with their
-- currency. Every status column has its state machine in src/domain/payments.ts; the CHECKs
-- keep the set of values honest, the code keeps the order of moves.

-- Saved payment methods: UPI addresses verified by the provider. One primary per user at most.
CREATE TABLE payment_methods (
  payment_method_uuid uuid PRIMARY KEY,
  user_uuid           uuid NOT NULL REFERENCES users (user_uuid) ON DELETE CASCADE,
  type                text NOT NULL CHECK (type IN ('upi')),
  vpa                 text NOT NULL,
  holder_name         text,
  is_primary          boolean NOT NULL DEFAULT false,
  created_at          bigint NOT NULL,
  -- Insertion order (created_at can tie): lists and "the oldest left" use it.
  seq                 bigint GENERATED ALWAYS AS IDENTITY,
  UNIQUE (user_uuid, vpa)
);
CREATE UNIQUE INDEX payment_methods_one_primary ON payment_methods (user_uuid) WHERE is_primary;

-- Orders priced by the server from the catalogue. An order is paid once (paid_at set once).
CREATE TABLE orders (
  order_uuid   uuid PRIMARY KEY,
  user_uuid    uuid NOT NULL REFERENCES users (user_uuid) ON DELETE CASCADE,
  bot_uuid     text NOT NULL,
  cart_version integer NOT NULL,
  lines        jsonb NOT NULL,
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  currency     text NOT NULL,
  status       text NOT NULL CHECK (status IN ('awaiting_payment', 'paid', 'payment_failed', 'canceled')),
  created_at   bigint NOT NULL,
  paid_at      bigint
);
-- Two tabs placing the same cart get the same open order.
CREATE UNIQUE INDEX orders_open_per_cart ON orders (user_uuid, bot_uuid, cart_version) WHERE status = 'awaiting_payment';
CREATE INDEX orders_user ON orders (user_uuid, created_at);

-- One payment request per order attempt; provider_ref is the collect id or the intent id, set once.
CREATE TABLE payment_requests (
  payment_request_id uuid PRIMARY KEY,
  user_uuid          uuid NOT NULL REFERENCES users (user_uuid) ON DELETE CASCADE,
  order_uuid         uuid NOT NULL REFERENCES orders (order_uuid) ON DELETE CASCADE,
  amount_minor       bigint NOT NULL CHECK (amount_minor > 0),
  currency           text NOT NULL,
  status             text NOT NULL CHECK (status IN ('CREATED', 'PENDING', 'SUCCESS', 'FAILED', 'DECLINED')),
  type               text CHECK (type IN ('upi', 'card')),
  vpa                text,
  provider_ref       text UNIQUE,
  client_secret      text,
  transaction_time   bigint,
  failure_reason     text,
  created_at         bigint NOT NULL,
  updated_at         bigint NOT NULL
);
CREATE INDEX payment_requests_user ON payment_requests (user_uuid, created_at);
CREATE UNIQUE INDEX payment_requests_one_per_order ON payment_requests (order_uuid);

-- Every signed webhook accepted, by the provider's event id: a redelivery is seen and ignored.
CREATE TABLE payment_webhook_events (
  provider     text NOT NULL,
  event_id     text NOT NULL,
  type         text NOT NULL,
  provider_ref text NOT NULL,
  outcome      text NOT NULL,
  received_at  bigint NOT NULL,
  PRIMARY KEY (provider, event_id)
);

-- Payouts of cash rewards, one per ledger entry whatever the retries.
CREATE TABLE payouts (
  entry_id     text PRIMARY KEY,
  user_uuid    uuid NOT NULL REFERENCES users (user_uuid) ON DELETE CASCADE,
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  currency     text NOT NULL,
  vpa          text NOT NULL,
  status       text NOT NULL CHECK (status IN ('sending', 'paid', 'failed')),
  payout_ref   text,
  created_at   bigint NOT NULL,
  updated_at   bigint NOT NULL
);
CREATE INDEX payouts_user ON payouts (user_uuid, created_at);

-- The sandbox providers' own books (server/payments/providers/): what a real gateway keeps on its
-- side. Keyed by the merchant's reference, so a repeated create never makes a second charge.
-- Card numbers are never stored: only the last four digits and the brand.
CREATE TABLE sandbox_upi_collects (
  collect_id   text PRIMARY KEY,
  merchant_ref text NOT NULL UNIQUE,
  vpa          text NOT NULL,
  amount_minor bigint NOT NULL,
  currency     text NOT NULL,
  status       text NOT NULL CHECK (status IN ('pending', 'success', 'failure')),
  created_at   bigint NOT NULL,
  settled_at   bigint
);
CREATE TABLE sandbox_upi_payouts (
  payout_id    text PRIMARY KEY,
  merchant_ref text NOT NULL UNIQUE,
  vpa          text NOT NULL,
  amount_minor bigint NOT NULL,
  currency     text NOT NULL,
  status       text NOT NULL CHECK (status IN ('success', 'failure')),
  created_at   bigint NOT NULL
);
CREATE TABLE sandbox_card_intents (
  intent_id      text PRIMARY KEY,
  merchant_ref   text NOT NULL UNIQUE,
  client_secret  text NOT NULL UNIQUE,
  amount_minor   bigint NOT NULL,
  currency       text NOT NULL,
  status         text NOT NULL CHECK (status IN ('requires_payment_method', 'processing', 'succeeded', 'canceled')),
  last_error     text,
  card_last4     text,
  card_brand     text,
  confirmed_at   bigint,
  created_at     bigint NOT NULL
);
-- Webhooks the sandbox still has to deliver (at least once, retried until answered 2xx).
CREATE TABLE sandbox_webhook_outbox (
  event_id     text PRIMARY KEY,
  seq          bigint GENERATED ALWAYS AS IDENTITY,
  provider     text NOT NULL,
  payload      text NOT NULL,
  attempts     integer NOT NULL DEFAULT 0,
  next_at      bigint NOT NULL,
  delivered_at bigint,
  created_at   bigint NOT NULL
);
CREATE INDEX sandbox_webhook_outbox_due ON sandbox_webhook_outbox (next_at) WHERE delivered_at IS NULL;
