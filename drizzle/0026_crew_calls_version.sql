-- Calls (issue 35, ADR 043) show on the cue sheet ("Call 13:00 · Stage door") and the /calls page, whose answers
-- carry an ETag made from `plan_version` (ADR 032): a call's write moves it on, as cue writes do (0015). A directory
-- entry's name, department or account decides whose call a cue shows, so those changes move it on too.
CREATE TRIGGER `crew_calls_version_insert` AFTER INSERT ON `crew_calls` BEGIN
  UPDATE `workspaces` SET `plan_version` = `plan_version` + 1 WHERE `id` = NEW.`workspace_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `crew_calls_version_update` AFTER UPDATE ON `crew_calls` BEGIN
  UPDATE `workspaces` SET `plan_version` = `plan_version` + 1 WHERE `id` = NEW.`workspace_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `crew_calls_version_delete` AFTER DELETE ON `crew_calls` BEGIN
  UPDATE `workspaces` SET `plan_version` = `plan_version` + 1 WHERE `id` = OLD.`workspace_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `crew_people_calls_version_insert` AFTER INSERT ON `crew_people` BEGIN
  UPDATE `workspaces` SET `plan_version` = `plan_version` + 1 WHERE `id` = NEW.`workspace_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `crew_people_calls_version_update` AFTER UPDATE OF `name`, `department`, `user_id` ON `crew_people` BEGIN
  UPDATE `workspaces` SET `plan_version` = `plan_version` + 1 WHERE `id` = NEW.`workspace_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `crew_people_calls_version_delete` AFTER DELETE ON `crew_people` BEGIN
  UPDATE `workspaces` SET `plan_version` = `plan_version` + 1 WHERE `id` = OLD.`workspace_id`;
END;
