CREATE TABLE `demo_import_offers` (
	`user_id` text PRIMARY KEY NOT NULL,
	`source_workspace_id` text NOT NULL,
	`created_at` text NOT NULL,
	`expires_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`source_workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `page_visits` (
	`id` text PRIMARY KEY NOT NULL,
	`session_id` text NOT NULL,
	`user_id` text,
	`page` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `page_visits_session_idx` ON `page_visits` (`session_id`);--> statement-breakpoint
CREATE INDEX `page_visits_created_idx` ON `page_visits` (`created_at`);--> statement-breakpoint
CREATE TABLE `user_activities` (
	`id` text PRIMARY KEY NOT NULL,
	`activity_type` text NOT NULL,
	`user_id` text,
	`user_type` text NOT NULL,
	`session_id` text NOT NULL,
	`page` text NOT NULL,
	`activity_data` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `user_activities_created_idx` ON `user_activities` (`created_at`);--> statement-breakpoint
CREATE INDEX `user_activities_type_user_idx` ON `user_activities` (`activity_type`,`user_id`);--> statement-breakpoint
ALTER TABLE `users` ADD `issuer` text;--> statement-breakpoint
ALTER TABLE `users` ADD `subject` text;--> statement-breakpoint
ALTER TABLE `users` ADD `email_verified` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `users_identity_idx` ON `users` (`issuer`,`subject`);--> statement-breakpoint
CREATE INDEX `users_auth_type_created_idx` ON `users` (`auth_type`,`created_at`);