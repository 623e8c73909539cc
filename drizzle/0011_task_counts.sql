-- A page of the list in list order (dated first by due date, then undated, by creation, then id) is read from this
-- index without sorting the workspace's tasks, so `LIMIT` stops after the page (issue 15).
CREATE INDEX `tasks_workspace_list_idx` ON `tasks` (`workspace_id`,`due_date` IS NULL,`due_date`,`created_at`,`id`);--> statement-breakpoint
-- With the id, the dashboard's newest tasks (newest first, ties by id) are read from the index in order.
DROP INDEX `tasks_workspace_created_idx`;--> statement-breakpoint
CREATE INDEX `tasks_workspace_created_idx` ON `tasks` (`workspace_id`,`created_at`,`id`);--> statement-breakpoint
-- The distinct assignee names are read by seeking from one name to the next (app/models/tasks.ts listAssignees).
CREATE INDEX `tasks_workspace_assignee_name_idx` ON `tasks` (`workspace_id`,`assignee_name`);--> statement-breakpoint
-- Counts kept on write, so the stat cards, the dashboard and the list's totals read a few rows however many tasks
-- there are: per workspace, the tasks in each status (`kind` 'status', `key` the status) and the open tasks due on
-- each local day (`kind` 'open_due', `key` the first ten characters of the due date). Triggers keep them, so no
-- write path can forget them; a row whose count reaches zero is removed.
CREATE TABLE `task_counts` (
	`workspace_id` text NOT NULL,
	`kind` text NOT NULL,
	`key` text NOT NULL,
	`task_count` integer NOT NULL,
	PRIMARY KEY(`workspace_id`, `kind`, `key`),
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `task_counts` (`workspace_id`, `kind`, `key`, `task_count`)
  SELECT `workspace_id`, 'status', `status`, count(*) FROM `tasks` GROUP BY `workspace_id`, `status`;
--> statement-breakpoint
INSERT INTO `task_counts` (`workspace_id`, `kind`, `key`, `task_count`)
  SELECT `workspace_id`, 'open_due', substr(`due_date`, 1, 10), count(*) FROM `tasks`
  WHERE `status` <> 'completed' AND `due_date` IS NOT NULL GROUP BY `workspace_id`, substr(`due_date`, 1, 10);
--> statement-breakpoint
-- Every change to the counts goes through this view (one row per count and its change, +1 or -1), so the rule for
-- applying one is written once: add to the row or create it, subtract from an existing row, drop a row at zero. A
-- subtraction never creates a row, so deleting a workspace (its tasks and counts go by cascade) cannot leave one.
CREATE VIEW `task_count_changes` AS SELECT `workspace_id`, `kind`, `key`, `task_count` AS `delta` FROM `task_counts` WHERE 0;
--> statement-breakpoint
CREATE TRIGGER `task_count_changes_apply` INSTEAD OF INSERT ON `task_count_changes` BEGIN
  INSERT INTO `task_counts` (`workspace_id`, `kind`, `key`, `task_count`)
    SELECT NEW.`workspace_id`, NEW.`kind`, NEW.`key`, NEW.`delta` WHERE NEW.`delta` > 0
    ON CONFLICT DO UPDATE SET `task_count` = `task_count` + excluded.`task_count`;
  UPDATE `task_counts` SET `task_count` = `task_count` + NEW.`delta`
    WHERE NEW.`delta` < 0 AND `workspace_id` = NEW.`workspace_id` AND `kind` = NEW.`kind` AND `key` = NEW.`key`;
  DELETE FROM `task_counts`
    WHERE `workspace_id` = NEW.`workspace_id` AND `kind` = NEW.`kind` AND `key` = NEW.`key` AND `task_count` <= 0;
END;
--> statement-breakpoint
CREATE TRIGGER `tasks_counts_insert` AFTER INSERT ON `tasks` BEGIN
  INSERT INTO `task_count_changes`
    SELECT NEW.`workspace_id`, 'status', NEW.`status`, 1
    UNION ALL SELECT NEW.`workspace_id`, 'open_due', substr(NEW.`due_date`, 1, 10), 1
    WHERE NEW.`status` <> 'completed' AND NEW.`due_date` IS NOT NULL;
END;
--> statement-breakpoint
CREATE TRIGGER `tasks_counts_delete` AFTER DELETE ON `tasks` BEGIN
  INSERT INTO `task_count_changes`
    SELECT OLD.`workspace_id`, 'status', OLD.`status`, -1
    UNION ALL SELECT OLD.`workspace_id`, 'open_due', substr(OLD.`due_date`, 1, 10), -1
    WHERE OLD.`status` <> 'completed' AND OLD.`due_date` IS NOT NULL;
END;
--> statement-breakpoint
CREATE TRIGGER `tasks_counts_update` AFTER UPDATE OF `workspace_id`, `status`, `due_date` ON `tasks`
WHEN OLD.`workspace_id` IS NOT NEW.`workspace_id` OR OLD.`status` IS NOT NEW.`status` OR OLD.`due_date` IS NOT NEW.`due_date`
BEGIN
  INSERT INTO `task_count_changes`
    SELECT OLD.`workspace_id`, 'status', OLD.`status`, -1
    UNION ALL SELECT OLD.`workspace_id`, 'open_due', substr(OLD.`due_date`, 1, 10), -1
    WHERE OLD.`status` <> 'completed' AND OLD.`due_date` IS NOT NULL
    UNION ALL SELECT NEW.`workspace_id`, 'status', NEW.`status`, 1
    UNION ALL SELECT NEW.`workspace_id`, 'open_due', substr(NEW.`due_date`, 1, 10), 1
    WHERE NEW.`status` <> 'completed' AND NEW.`due_date` IS NOT NULL;
END;
