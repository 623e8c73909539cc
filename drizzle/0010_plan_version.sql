ALTER TABLE `workspaces` ADD `plan_version` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The plan (critical path, risks) kept for a workspace is good while `plan_version` is unchanged: every write the
-- plan reads moves it on, whichever code path made it (app/services/planning.server.ts).
CREATE TRIGGER `tasks_plan_insert` AFTER INSERT ON `tasks` BEGIN
  UPDATE `workspaces` SET `plan_version` = `plan_version` + 1 WHERE `id` = NEW.`workspace_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `tasks_plan_update` AFTER UPDATE ON `tasks` BEGIN
  UPDATE `workspaces` SET `plan_version` = `plan_version` + 1 WHERE `id` = NEW.`workspace_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `tasks_plan_delete` AFTER DELETE ON `tasks` BEGIN
  UPDATE `workspaces` SET `plan_version` = `plan_version` + 1 WHERE `id` = OLD.`workspace_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `task_dependencies_plan_insert` AFTER INSERT ON `task_dependencies` BEGIN
  UPDATE `workspaces` SET `plan_version` = `plan_version` + 1 WHERE `id` = NEW.`workspace_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `task_dependencies_plan_delete` AFTER DELETE ON `task_dependencies` BEGIN
  UPDATE `workspaces` SET `plan_version` = `plan_version` + 1 WHERE `id` = OLD.`workspace_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `workspaces_plan_settings` AFTER UPDATE OF `event_date`, `timezone`, `assumed_estimate_hours` ON `workspaces` BEGIN
  UPDATE `workspaces` SET `plan_version` = `plan_version` + 1 WHERE `id` = NEW.`id`;
END;
