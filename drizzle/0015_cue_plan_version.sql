-- The plan's risks read the run of show (cues not ready, ADR 026): a cue or a link between a cue and a task moves
-- `plan_version` on, as task writes do (0010_plan_version.sql). A cue's update counts only when it changes what
-- the risk shows (its title and day): reordering and timing do not make the plan again.
CREATE TRIGGER `cues_plan_insert` AFTER INSERT ON `cues` BEGIN
  UPDATE `workspaces` SET `plan_version` = `plan_version` + 1 WHERE `id` = NEW.`workspace_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `cues_plan_update` AFTER UPDATE OF `title`, `day`, `workspace_id` ON `cues` BEGIN
  UPDATE `workspaces` SET `plan_version` = `plan_version` + 1 WHERE `id` = NEW.`workspace_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `cues_plan_delete` AFTER DELETE ON `cues` BEGIN
  UPDATE `workspaces` SET `plan_version` = `plan_version` + 1 WHERE `id` = OLD.`workspace_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `cue_tasks_plan_insert` AFTER INSERT ON `cue_tasks` BEGIN
  UPDATE `workspaces` SET `plan_version` = `plan_version` + 1 WHERE `id` = NEW.`workspace_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `cue_tasks_plan_delete` AFTER DELETE ON `cue_tasks` BEGIN
  UPDATE `workspaces` SET `plan_version` = `plan_version` + 1 WHERE `id` = OLD.`workspace_id`;
END;
