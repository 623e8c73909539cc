CREATE TABLE `cue_tasks` (
	`workspace_id` text NOT NULL,
	`cue_id` text NOT NULL,
	`task_id` text NOT NULL,
	PRIMARY KEY(`cue_id`, `task_id`),
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`cue_id`) REFERENCES `cues`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`task_id`) REFERENCES `tasks`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `cue_tasks_workspace_idx` ON `cue_tasks` (`workspace_id`);--> statement-breakpoint
CREATE INDEX `cue_tasks_task_idx` ON `cue_tasks` (`task_id`);--> statement-breakpoint
CREATE TABLE `cues` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`day` text NOT NULL,
	`position` integer NOT NULL,
	`title` text NOT NULL,
	`start` text,
	`duration_seconds` integer DEFAULT 0 NOT NULL,
	`timing` text DEFAULT 'flexible' NOT NULL,
	`department` text,
	`assignee_id` text,
	`assignee_name` text,
	`assignee_contact` text,
	`notes` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`assignee_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `cues_workspace_day_idx` ON `cues` (`workspace_id`,`day`,`position`);--> statement-breakpoint
CREATE TABLE `show_shares` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`label` text,
	`departments` text,
	`created_by` text,
	`created_at` text NOT NULL,
	`revoked_at` text,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `show_shares_token_hash_idx` ON `show_shares` (`token_hash`);--> statement-breakpoint
CREATE INDEX `show_shares_workspace_idx` ON `show_shares` (`workspace_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `deleted_tasks` ADD `cue_ids` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `workspaces` ADD `event_end_date` text;--> statement-breakpoint
ALTER TABLE `workspaces` ADD `load_in_date` text;--> statement-breakpoint
ALTER TABLE `workspaces` ADD `load_out_date` text;