-- The read mark (issue 11): the newest sk the user has seen in a conversation, from any device
-- (POST /bot/mark-read). Only ever moves forward; "C" like messages.sk, so text order is time
-- order. NULL until the first mark.
ALTER TABLE conversations ADD COLUMN last_read_sk text COLLATE "C";
