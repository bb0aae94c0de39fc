-- Standalone and embedded single-bot mode (issue 17, spec part 1 §1, §6, §7 start-session).
-- A guest of a standalone bot is a device, not a mobile number: its users row has no mobile and
-- names the device instead (one user per device). A web session (opened by start-session) records
-- the device it was opened for, the one bot it serves and the payload the page passed; the
-- /api/web/ routes accept only such sessions, and only from that device.
ALTER TABLE users ALTER COLUMN mobile DROP NOT NULL;
ALTER TABLE users ADD COLUMN device_id text;
CREATE UNIQUE INDEX users_device ON users (device_id) WHERE device_id IS NOT NULL;
ALTER TABLE users ADD CONSTRAINT users_mobile_or_device CHECK (mobile IS NOT NULL OR device_id IS NOT NULL);

ALTER TABLE sessions ADD COLUMN device_id text;
ALTER TABLE sessions ADD COLUMN bot_uuid text;
ALTER TABLE sessions ADD COLUMN payload jsonb;
