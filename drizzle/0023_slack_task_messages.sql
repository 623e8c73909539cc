-- Tasks remember the Slack message they were made from (issue 34, ADR 040): the shortcut, a mention or the capture
-- emoji. One row per task; its thread is what the later two-way sync follows. No foreign key to `tasks`: like
-- `task_events`, the row stays while the task is in the recently deleted, so an undo brings the link back, and the
-- purge of deleted tasks removes it (app/models/task-history.ts).
CREATE TABLE `task_slack_messages` (
	`workspace_id` text NOT NULL,
	`task_id` text NOT NULL,
	`team_id` text NOT NULL,
	`channel_id` text NOT NULL,
	`channel_name` text,
	`message_ts` text NOT NULL,
	`thread_ts` text NOT NULL,
	`permalink` text,
	`via` text NOT NULL,
	`created_at` text NOT NULL,
	PRIMARY KEY(`workspace_id`, `task_id`),
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `task_slack_messages_thread_idx` ON `task_slack_messages` (`workspace_id`, `channel_id`, `thread_ts`);
--> statement-breakpoint
-- The capture emoji makes at most one task per message, however many people react and however often Slack retries:
-- the task and this row go in one batch, and a second capture of the message fails on this index and writes nothing.
-- (A mention may make several tasks from one message, so the index covers captures only.)
CREATE UNIQUE INDEX `task_slack_messages_capture_idx` ON `task_slack_messages` (`workspace_id`, `channel_id`, `message_ts`) WHERE `via` = 'reaction';
--> statement-breakpoint
CREATE INDEX `task_slack_messages_message_idx` ON `task_slack_messages` (`workspace_id`, `channel_id`, `message_ts`);
--> statement-breakpoint
-- The task page shows "From Slack · #channel" and its answers carry an ETag made from `plan_version` (ADR 032).
CREATE TRIGGER `task_slack_messages_version_insert` AFTER INSERT ON `task_slack_messages` BEGIN
  UPDATE `workspaces` SET `plan_version` = `plan_version` + 1 WHERE `id` = NEW.`workspace_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `task_slack_messages_version_delete` AFTER DELETE ON `task_slack_messages` BEGIN
  UPDATE `workspaces` SET `plan_version` = `plan_version` + 1 WHERE `id` = OLD.`workspace_id`;
END;
--> statement-breakpoint
-- The emoji short name (without colons) whose reaction turns a message into a task; `memo` is :memo:.
ALTER TABLE `workspaces` ADD `slack_capture_emoji` text DEFAULT 'memo' NOT NULL;
