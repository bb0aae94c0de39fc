-- Idempotency keys (issue 12; the IETF httpapi "Idempotency-Key" draft, Stripe's behaviour):
-- the first answer of a signed-in user's POST sent with an Idempotency-Key header, replayed for
-- a repeat of the same key. A row is claimed (status NULL: "in progress") before the route runs
-- and completed with its answer after; server/http/idempotency.ts owns every query. Rows go with
-- the profile and are swept once older than the keys' lifetime (default 24 h).
CREATE TABLE idempotency_keys (
  user_uuid     uuid NOT NULL REFERENCES users (user_uuid) ON DELETE CASCADE,
  idem_key      text NOT NULL CHECK (length(idem_key) BETWEEN 1 AND 255),
  -- SHA-256 hex of the canonical request (method, contract path, body with sorted keys)
  request_hash  text NOT NULL,
  created_at    bigint NOT NULL,
  -- NULL while the first request runs; then the answer's status and its JSON text
  status        integer,
  body          text,
  PRIMARY KEY (user_uuid, idem_key)
);
CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);
