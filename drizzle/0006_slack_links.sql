CREATE TABLE `slack_link_tokens` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`slack_app_id` text NOT NULL,
	`slack_team_id` text NOT NULL,
	`slack_user_id` text NOT NULL,
	`channel_id` text,
	`created_at` text NOT NULL,
	`expires_at` text NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `slack_link_tokens_slack_user_idx` ON `slack_link_tokens` (`workspace_id`,`slack_team_id`,`slack_user_id`);--> statement-breakpoint
CREATE INDEX `slack_link_tokens_expires_idx` ON `slack_link_tokens` (`expires_at`);--> statement-breakpoint
CREATE TABLE `slack_links` (
	`workspace_id` text NOT NULL,
	`slack_team_id` text NOT NULL,
	`slack_user_id` text NOT NULL,
	`user_id` text NOT NULL,
	`slack_name` text,
	`slack_handle` text,
	`created_at` text NOT NULL,
	PRIMARY KEY(`workspace_id`, `slack_team_id`, `slack_user_id`),
	FOREIGN KEY (`workspace_id`,`user_id`) REFERENCES `memberships`(`workspace_id`,`user_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `slack_links_member_idx` ON `slack_links` (`workspace_id`,`user_id`);--> statement-breakpoint
-- Keep the links Slack's OAuth proved: the installing Slack user as the member who installed, where they still
-- hold that link and membership. Links made through the old one-click link carried no informed consent and
-- named no workspace, so they are not carried over; those people get a fresh link the next time they use Slack.
INSERT OR IGNORE INTO `slack_links` (`workspace_id`, `slack_team_id`, `slack_user_id`, `user_id`, `created_at`)
SELECT `a`.`workspace_id`, `a`.`team_id`, `a`.`installed_by_slack_user_id`, `a`.`installed_by_user_id`, `a`.`installed_at`
FROM `slack_apps` `a`
JOIN `users` `u` ON `u`.`id` = `a`.`installed_by_user_id` AND `u`.`slack_user_id` = `a`.`installed_by_slack_user_id`
JOIN `memberships` `m` ON `m`.`workspace_id` = `a`.`workspace_id` AND `m`.`user_id` = `a`.`installed_by_user_id`
WHERE `a`.`team_id` IS NOT NULL AND `a`.`bot_token_enc` IS NOT NULL AND `a`.`installed_at` IS NOT NULL;--> statement-breakpoint
DROP INDEX `users_slack_user_idx`;--> statement-breakpoint
ALTER TABLE `users` DROP COLUMN `slack_user_id`;