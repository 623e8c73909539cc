-- Comments on tasks, with @mentions, and who follows a task (ADR 038). Like `task_events`, neither table's `task_id`
-- is a foreign key: a deleted task keeps its conversation for Undo, and the daily purge forgets it with the trash
-- (app/models/task-history.ts). The task page reads them fresh (no ETag), so no `plan_version` trigger is needed.
CREATE TABLE `task_comments` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`task_id` text NOT NULL,
	`author_user_id` text,
	`author_name` text NOT NULL,
	`body` text NOT NULL,
	`mentions` text DEFAULT '[]' NOT NULL,
	`notified` text DEFAULT '[]' NOT NULL,
	`source` text DEFAULT 'web' NOT NULL,
	`slack_ts` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`edited_at` text,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `task_comments_task_idx` ON `task_comments` (`workspace_id`,`task_id`,`created_at`,`id`);--> statement-breakpoint
-- A Slack message becomes at most one comment of a task (the thread sync, ADR 040).
CREATE UNIQUE INDEX `task_comments_slack_idx` ON `task_comments` (`task_id`,`slack_ts`) WHERE `slack_ts` IS NOT NULL;--> statement-breakpoint
-- Who follows a task explicitly: `followed` (commented, was mentioned, pressed Follow) or `unfollowed` (pressed
-- Unfollow, which sticks). The creator and the owner follow without a row unless they unfollowed.
CREATE TABLE `task_followers` (
	`workspace_id` text NOT NULL,
	`task_id` text NOT NULL,
	`user_id` text NOT NULL,
	`state` text NOT NULL,
	`updated_at` text NOT NULL,
	PRIMARY KEY(`task_id`, `user_id`),
	FOREIGN KEY (`workspace_id`,`user_id`) REFERENCES `memberships`(`workspace_id`,`user_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `task_followers_member_idx` ON `task_followers` (`workspace_id`,`user_id`);
