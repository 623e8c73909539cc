-- A task's checklist (ADR 035): ordered items, each a text and a done box, at most 50 a task (the bound is held by
-- the insert itself, app/models/checklists.ts). Items go with their task (the cascade); a deleted task keeps them in
-- `deleted_tasks.checklist` for undo.
CREATE TABLE `task_checklist_items` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`task_id` text NOT NULL,
	`position` integer NOT NULL,
	`text` text NOT NULL,
	`done` integer DEFAULT false NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`task_id`) REFERENCES `tasks`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `task_checklist_items_task_idx` ON `task_checklist_items` (`task_id`,`position`);--> statement-breakpoint
ALTER TABLE `deleted_tasks` ADD `checklist` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
-- The list shows "3/5" on every card and row: the counts are kept on the task row, so a page of the list reads them
-- in its one query, with no lookup per task. Triggers count again after every write that changes them (at most 50
-- items, read from the index), so no write path can leave them wrong. Writing the task row moves `plan_version` on
-- (0010), which the pages' and the API's ETags are made from (ADR 032): a cached "3/5" is never served stale.
ALTER TABLE `tasks` ADD `checklist_total` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `tasks` ADD `checklist_done` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE TRIGGER `task_checklist_items_count_insert` AFTER INSERT ON `task_checklist_items` BEGIN
  UPDATE `tasks` SET
    `checklist_total` = (SELECT count(*) FROM `task_checklist_items` WHERE `task_id` = NEW.`task_id`),
    `checklist_done` = (SELECT count(*) FROM `task_checklist_items` WHERE `task_id` = NEW.`task_id` AND `done`)
  WHERE `id` = NEW.`task_id`;
END;
--> statement-breakpoint
-- A rename or a move changes no count: only a tick (or untick) writes the task row.
CREATE TRIGGER `task_checklist_items_count_update` AFTER UPDATE OF `done` ON `task_checklist_items`
WHEN OLD.`done` IS NOT NEW.`done`
BEGIN
  UPDATE `tasks` SET
    `checklist_done` = (SELECT count(*) FROM `task_checklist_items` WHERE `task_id` = NEW.`task_id` AND `done`)
  WHERE `id` = NEW.`task_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `task_checklist_items_count_delete` AFTER DELETE ON `task_checklist_items` BEGIN
  UPDATE `tasks` SET
    `checklist_total` = (SELECT count(*) FROM `task_checklist_items` WHERE `task_id` = OLD.`task_id`),
    `checklist_done` = (SELECT count(*) FROM `task_checklist_items` WHERE `task_id` = OLD.`task_id` AND `done`)
  WHERE `id` = OLD.`task_id`;
END;
