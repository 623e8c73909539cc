DROP INDEX `tasks_workspace_status_idx`;--> statement-breakpoint
CREATE INDEX `tasks_workspace_status_idx` ON `tasks` (`workspace_id`,`status`,`completed_at`);