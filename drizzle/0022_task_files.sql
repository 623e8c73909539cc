-- Files on tasks (ADR 039): the bytes live in R2 under `{workspace_id}/{id}` (never a name someone typed); a row says
-- whose, which task's, its name, declared type and size. `task_id` is no foreign key: a deleted task keeps its files
-- for its undo window (deleted_tasks) and the purge removes them, objects first. The workspace's storage in use is
-- the sum of its rows' sizes, read from the (workspace_id, size) index; an upload's insert holds the plan's quota and
-- the files-per-task bound in its own statement.
CREATE TABLE `task_files` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`task_id` text NOT NULL,
	`name` text NOT NULL,
	`type` text NOT NULL,
	`size` integer NOT NULL,
	`uploaded_by` text,
	`uploaded_by_name` text,
	`source` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`uploaded_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `task_files_task_idx` ON `task_files` (`workspace_id`,`task_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `task_files_storage_idx` ON `task_files` (`workspace_id`,`size`);
