ALTER TABLE `tasks` ADD `reminders` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `workspaces` ADD `default_reminders` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
CREATE TABLE `task_reminders` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`task_id` text NOT NULL,
	`user_id` text NOT NULL,
	`offset_minutes` integer,
	`fire_at` text NOT NULL,
	`created_at` text NOT NULL,
	`delivered_at` text,
	`dm_sent_at` text,
	FOREIGN KEY (`task_id`) REFERENCES `tasks`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`workspace_id`,`user_id`) REFERENCES `memberships`(`workspace_id`,`user_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `task_reminders_due_idx` ON `task_reminders` (`fire_at`) WHERE `delivered_at` IS NULL;--> statement-breakpoint
CREATE INDEX `task_reminders_task_idx` ON `task_reminders` (`task_id`);--> statement-breakpoint
CREATE INDEX `task_reminders_member_idx` ON `task_reminders` (`workspace_id`,`user_id`);--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`user_id` text NOT NULL,
	`task_id` text,
	`reminder_id` text,
	`kind` text NOT NULL,
	`text` text NOT NULL,
	`created_at` text NOT NULL,
	`read_at` text,
	FOREIGN KEY (`workspace_id`,`user_id`) REFERENCES `memberships`(`workspace_id`,`user_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `notifications_reminder_idx` ON `notifications` (`reminder_id`);--> statement-breakpoint
CREATE INDEX `notifications_member_idx` ON `notifications` (`workspace_id`,`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `morning_dms` (
	`workspace_id` text NOT NULL,
	`user_id` text NOT NULL,
	`enabled` integer DEFAULT false NOT NULL,
	`hour` integer DEFAULT 8 NOT NULL,
	`timezone` text,
	`even_when_empty` integer DEFAULT false NOT NULL,
	`last_date` text,
	`updated_at` text NOT NULL,
	PRIMARY KEY(`workspace_id`, `user_id`),
	FOREIGN KEY (`workspace_id`,`user_id`) REFERENCES `memberships`(`workspace_id`,`user_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `morning_dms_enabled_idx` ON `morning_dms` (`enabled`);
