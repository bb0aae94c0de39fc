-- Issue 21: sign-in limits per number AND client (address), so a stranger's codes and wrong
-- tries do not spend the owner's. A code remembers who asked for it; a failure remembers who
-- sent it and which code it tried (a code is burnt per client).
ALTER TABLE otp_codes ADD COLUMN client text;
ALTER TABLE otp_failures ADD COLUMN client text;
ALTER TABLE otp_failures ADD COLUMN code_id bigint;
CREATE INDEX otp_codes_mobile_client ON otp_codes (mobile, client, created_at);
CREATE INDEX otp_failures_mobile_client ON otp_failures (mobile, client, at);
-- The client the number last signed in from: the per-number cap on codes (SMS bombing) does not
-- stop it, so strangers filling that cap do not keep the owner's usual device from a code.
ALTER TABLE otp_numbers ADD COLUMN owner_client text;
