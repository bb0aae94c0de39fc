-- Profile, custom codes and account deletion reasons (issue 18).
--
-- email_verified: the address the user proved they read (the signed link of
-- resend-email-verification-link). The email counts as verified only while it equals users.email,
-- so changing the email un-verifies it without another write.
ALTER TABLE users ADD COLUMN email_verified text;

-- Custom codes (spec part 2 §3, §4): a code includes or excludes features for whoever enters it;
-- its type says how (src/domain/feature-gate.ts). Codes are kept upper case; lookups upper-case
-- what the user typed.
CREATE TABLE custom_codes (
  custom_code       text PRIMARY KEY CHECK (custom_code = upper(custom_code) AND length(custom_code) BETWEEN 3 AND 32),
  name              text NOT NULL,
  type              text NOT NULL CHECK (type IN ('additive', 'exclusive')),
  included_features text[] NOT NULL DEFAULT '{}',
  excluded_features text[] NOT NULL DEFAULT '{}',
  created_at        bigint NOT NULL
);

-- The demo codes: a school's code that opens the competition zone, skills corner and digital
-- class; a code that hides rewards and engage (a programme without prizes); and an exclusive one
-- that leaves only the feed.
INSERT INTO custom_codes (custom_code, name, type, included_features, excluded_features, created_at) VALUES
  ('SCHOOL2026', 'Saathi Public School', 'additive', ARRAY['competition_zone', 'skills_corner', 'digital_class'], '{}', 0),
  ('NOREWARDS', 'Study programme (no prizes)', 'additive', '{}', ARRAY['rewards', 'engage'], 0),
  ('FEEDONLY', 'News readers', 'exclusive', ARRAY['posts'], '{}', 0);

-- Why accounts were deleted (get-reason-list): counted without the user, who is gone.
CREATE TABLE account_deletions (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  reason_uuid uuid,
  deleted_at  bigint NOT NULL
);
