-- Risks you can acknowledge (issue 33, ADR 036): one row per task whose risk a member acknowledged, with who and when,
-- the task's `updated_at` and the risk's kinds at that moment. The risk stays hidden while the task is unchanged and
-- no new kind of risk appears (app/domain/risk-acknowledgements.ts).
CREATE TABLE `risk_acknowledgements` (
	`workspace_id` text NOT NULL,
	`task_id` text NOT NULL,
	`task_updated_at` text NOT NULL,
	`risk_kinds` text NOT NULL,
	`acknowledged_by` text,
	`acknowledged_at` text NOT NULL,
	PRIMARY KEY(`workspace_id`, `task_id`),
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`task_id`) REFERENCES `tasks`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`acknowledged_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `risk_acknowledgements_task_idx` ON `risk_acknowledgements` (`task_id`);
--> statement-breakpoint
-- The plan kept per workspace version (ADR 033) hides acknowledged risks, and the risk answers' ETags are made from
-- `plan_version` (ADR 032): acknowledging and showing again move it on, as task writes do (0010_plan_version.sql).
CREATE TRIGGER `risk_acknowledgements_plan_insert` AFTER INSERT ON `risk_acknowledgements` BEGIN
  UPDATE `workspaces` SET `plan_version` = `plan_version` + 1 WHERE `id` = NEW.`workspace_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `risk_acknowledgements_plan_update` AFTER UPDATE ON `risk_acknowledgements` BEGIN
  UPDATE `workspaces` SET `plan_version` = `plan_version` + 1 WHERE `id` = NEW.`workspace_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `risk_acknowledgements_plan_delete` AFTER DELETE ON `risk_acknowledgements` BEGIN
  UPDATE `workspaces` SET `plan_version` = `plan_version` + 1 WHERE `id` = OLD.`workspace_id`;
END;
--> statement-breakpoint
-- Any change to the task ends its acknowledgement, whichever code path made it: the row goes, so the table holds only
-- acknowledgements of unchanged tasks (bounded by the workspace's tasks).
CREATE TRIGGER `tasks_risk_acknowledgement_expire` AFTER UPDATE OF `updated_at` ON `tasks`
WHEN NEW.`updated_at` IS NOT OLD.`updated_at` BEGIN
  DELETE FROM `risk_acknowledgements` WHERE `task_id` = NEW.`id`;
END;
