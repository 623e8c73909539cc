-- Every signed-in page shows the member's unread count (the header's bell): it reads only unread rows, at most 100.
CREATE INDEX IF NOT EXISTS `notifications_unread_idx` ON `notifications` (`workspace_id`,`user_id`) WHERE `read_at` IS NULL;
