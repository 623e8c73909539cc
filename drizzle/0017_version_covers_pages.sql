-- The API's reads and the pages' data answer conditional GETs with an ETag made from `plan_version` (ADR 032), so it
-- also moves on with what they show beside the plan: the category and status lists, the members (who, their names,
-- emails, roles, Slack links and each one's list view) and the workspace's Slack app. Rare writes, all of them.
CREATE TRIGGER `categories_version_insert` AFTER INSERT ON `categories` BEGIN
  UPDATE `workspaces` SET `plan_version` = `plan_version` + 1 WHERE `id` = NEW.`workspace_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `categories_version_update` AFTER UPDATE ON `categories` BEGIN
  UPDATE `workspaces` SET `plan_version` = `plan_version` + 1 WHERE `id` = NEW.`workspace_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `categories_version_delete` AFTER DELETE ON `categories` BEGIN
  UPDATE `workspaces` SET `plan_version` = `plan_version` + 1 WHERE `id` = OLD.`workspace_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `statuses_version_insert` AFTER INSERT ON `statuses` BEGIN
  UPDATE `workspaces` SET `plan_version` = `plan_version` + 1 WHERE `id` = NEW.`workspace_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `statuses_version_update` AFTER UPDATE ON `statuses` BEGIN
  UPDATE `workspaces` SET `plan_version` = `plan_version` + 1 WHERE `id` = NEW.`workspace_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `statuses_version_delete` AFTER DELETE ON `statuses` BEGIN
  UPDATE `workspaces` SET `plan_version` = `plan_version` + 1 WHERE `id` = OLD.`workspace_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `memberships_version_insert` AFTER INSERT ON `memberships` BEGIN
  UPDATE `workspaces` SET `plan_version` = `plan_version` + 1 WHERE `id` = NEW.`workspace_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `memberships_version_update` AFTER UPDATE OF `role`, `task_view` ON `memberships` BEGIN
  UPDATE `workspaces` SET `plan_version` = `plan_version` + 1 WHERE `id` = NEW.`workspace_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `memberships_version_delete` AFTER DELETE ON `memberships` BEGIN
  UPDATE `workspaces` SET `plan_version` = `plan_version` + 1 WHERE `id` = OLD.`workspace_id`;
END;
--> statement-breakpoint
-- A person's name and email show in the member lists of every workspace they belong to.
CREATE TRIGGER `users_version_update` AFTER UPDATE OF `name`, `email` ON `users` BEGIN
  UPDATE `workspaces` SET `plan_version` = `plan_version` + 1
  WHERE `id` IN (SELECT `workspace_id` FROM `memberships` WHERE `user_id` = NEW.`id`);
END;
--> statement-breakpoint
CREATE TRIGGER `slack_links_version_insert` AFTER INSERT ON `slack_links` BEGIN
  UPDATE `workspaces` SET `plan_version` = `plan_version` + 1 WHERE `id` = NEW.`workspace_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `slack_links_version_update` AFTER UPDATE ON `slack_links` BEGIN
  UPDATE `workspaces` SET `plan_version` = `plan_version` + 1 WHERE `id` = NEW.`workspace_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `slack_links_version_delete` AFTER DELETE ON `slack_links` BEGIN
  UPDATE `workspaces` SET `plan_version` = `plan_version` + 1 WHERE `id` = OLD.`workspace_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `slack_apps_version_insert` AFTER INSERT ON `slack_apps` BEGIN
  UPDATE `workspaces` SET `plan_version` = `plan_version` + 1 WHERE `id` = NEW.`workspace_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `slack_apps_version_update` AFTER UPDATE OF `bot_token_enc`, `team_name` ON `slack_apps` BEGIN
  UPDATE `workspaces` SET `plan_version` = `plan_version` + 1 WHERE `id` = NEW.`workspace_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `slack_apps_version_delete` AFTER DELETE ON `slack_apps` BEGIN
  UPDATE `workspaces` SET `plan_version` = `plan_version` + 1 WHERE `id` = OLD.`workspace_id`;
END;
