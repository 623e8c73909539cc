CREATE TABLE `deleted_tasks` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`row` text NOT NULL,
	`depends_on` text NOT NULL,
	`dependants` text NOT NULL,
	`deleted_by` text,
	`deleted_at` text NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`deleted_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `deleted_tasks_workspace_idx` ON `deleted_tasks` (`workspace_id`,`deleted_at`);--> statement-breakpoint
CREATE INDEX `deleted_tasks_at_idx` ON `deleted_tasks` (`deleted_at`);--> statement-breakpoint
CREATE TABLE `task_events` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`task_id` text NOT NULL,
	`kind` text NOT NULL,
	`changes` text,
	`actor_id` text,
	`actor_name` text,
	`source` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `task_events_task_idx` ON `task_events` (`workspace_id`,`task_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `task_events_actor_idx` ON `task_events` (`workspace_id`,`actor_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `memberships` ADD `task_view` text DEFAULT 'cards' NOT NULL;--> statement-breakpoint
ALTER TABLE `workspaces` ADD `assumed_estimate_hours` real DEFAULT 8 NOT NULL;