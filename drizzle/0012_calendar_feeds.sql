CREATE TABLE `calendar_feeds` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`user_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`scope` text NOT NULL,
	`created_at` text NOT NULL,
	`last_used_at` text,
	`content_etag` text,
	`content_modified_at` text,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`workspace_id`,`user_id`) REFERENCES `memberships`(`workspace_id`,`user_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `calendar_feeds_token_hash_idx` ON `calendar_feeds` (`token_hash`);--> statement-breakpoint
CREATE INDEX `calendar_feeds_member_idx` ON `calendar_feeds` (`workspace_id`,`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `calendar_feeds_user_idx` ON `calendar_feeds` (`user_id`);--> statement-breakpoint
CREATE TABLE `task_revisions` (
	`task_id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`revision` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- A calendar feed's SEQUENCE for a task (ADR 020): counted by a trigger, like plan_version (0010), so every write
-- path moves it on (edits, bulk actions, Slack, a member's removal or rename, undo) and it only ever grows. A
-- task never updated has no row and reads as 0.
CREATE TRIGGER `tasks_calendar_revision` AFTER UPDATE ON `tasks` BEGIN
  INSERT INTO `task_revisions` (`task_id`, `workspace_id`, `revision`) VALUES (NEW.`id`, NEW.`workspace_id`, 1)
  ON CONFLICT (`task_id`) DO UPDATE SET `revision` = `revision` + 1, `workspace_id` = excluded.`workspace_id`;
END;
--> statement-breakpoint
-- A deleted task keeps its count while it can be restored; the purge of the trash ends it.
CREATE TRIGGER `deleted_tasks_calendar_revision` AFTER DELETE ON `deleted_tasks` BEGIN
  DELETE FROM `task_revisions` WHERE `task_id` = OLD.`id` AND NOT EXISTS (SELECT 1 FROM `tasks` WHERE `id` = OLD.`id`);
END;
