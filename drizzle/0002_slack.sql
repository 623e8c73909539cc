CREATE TABLE `slack_apps` (
	`workspace_id` text PRIMARY KEY NOT NULL,
	`client_id` text NOT NULL,
	`client_secret_enc` text NOT NULL,
	`signing_secret_enc` text NOT NULL,
	`app_id` text,
	`team_id` text,
	`team_name` text,
	`bot_user_id` text,
	`bot_token_enc` text,
	`installed_by_slack_user_id` text,
	`installed_by_user_id` text,
	`installed_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`installed_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `slack_apps_app_team_idx` ON `slack_apps` (`app_id`,`team_id`);--> statement-breakpoint
CREATE INDEX `slack_apps_team_idx` ON `slack_apps` (`team_id`);--> statement-breakpoint
CREATE TABLE `slack_oauth_states` (
	`state_hash` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`user_id` text NOT NULL,
	`created_at` text NOT NULL,
	`expires_at` text NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `slack_oauth_states_expires_idx` ON `slack_oauth_states` (`expires_at`);--> statement-breakpoint
CREATE TABLE `slack_processed` (
	`workspace_id` text NOT NULL,
	`key` text NOT NULL,
	`created_at` text NOT NULL,
	PRIMARY KEY(`workspace_id`, `key`),
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `slack_processed_created_idx` ON `slack_processed` (`created_at`);--> statement-breakpoint
ALTER TABLE `workspaces` ADD `digest_channel` text;--> statement-breakpoint
ALTER TABLE `workspaces` ADD `digest_time` text DEFAULT '09:00' NOT NULL;--> statement-breakpoint
ALTER TABLE `workspaces` ADD `digest_enabled` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `workspaces` ADD `digest_last_date` text;