-- Typed owner names stay in the crew directory (issue 35, ADR 042): a task or cue saved with an outside owner (a
-- name, no member) whose name has no entry gets one, by the write itself, whichever path saved it (page, API, Slack,
-- CSV import, AI, bulk edit). The contact note is split as 0024_crew.sql split today's: an address is the email,
-- digits and phone signs the phone, anything else the notes. An entry of that name (any case) is left as it is.
CREATE TRIGGER `tasks_crew_typed_insert` AFTER INSERT ON `tasks`
WHEN NEW.`assignee_id` IS NULL AND trim(coalesce(NEW.`assignee_name`, '')) <> '' BEGIN
  INSERT OR IGNORE INTO `crew_people` (`id`, `workspace_id`, `name`, `phone`, `email`, `notes`, `created_at`, `updated_at`)
  SELECT lower(hex(randomblob(16))), NEW.`workspace_id`, trim(NEW.`assignee_name`),
    CASE WHEN c NOT LIKE '%@%' AND c NOT GLOB '*[^0-9 +().-]*' THEN c END,
    CASE WHEN c LIKE '%_@_%' AND c NOT LIKE '% %' THEN c END,
    CASE WHEN NOT (c NOT LIKE '%@%' AND c NOT GLOB '*[^0-9 +().-]*') AND NOT (c LIKE '%_@_%' AND c NOT LIKE '% %') THEN c END,
    NEW.`updated_at`, NEW.`updated_at`
  FROM (SELECT nullif(trim(NEW.`assignee_contact`), '') AS c);
END;
--> statement-breakpoint
CREATE TRIGGER `tasks_crew_typed_update` AFTER UPDATE OF `assignee_id`, `assignee_name` ON `tasks`
WHEN NEW.`assignee_id` IS NULL AND trim(coalesce(NEW.`assignee_name`, '')) <> '' BEGIN
  INSERT OR IGNORE INTO `crew_people` (`id`, `workspace_id`, `name`, `phone`, `email`, `notes`, `created_at`, `updated_at`)
  SELECT lower(hex(randomblob(16))), NEW.`workspace_id`, trim(NEW.`assignee_name`),
    CASE WHEN c NOT LIKE '%@%' AND c NOT GLOB '*[^0-9 +().-]*' THEN c END,
    CASE WHEN c LIKE '%_@_%' AND c NOT LIKE '% %' THEN c END,
    CASE WHEN NOT (c NOT LIKE '%@%' AND c NOT GLOB '*[^0-9 +().-]*') AND NOT (c LIKE '%_@_%' AND c NOT LIKE '% %') THEN c END,
    NEW.`updated_at`, NEW.`updated_at`
  FROM (SELECT nullif(trim(NEW.`assignee_contact`), '') AS c);
END;
--> statement-breakpoint
CREATE TRIGGER `cues_crew_typed_insert` AFTER INSERT ON `cues`
WHEN NEW.`assignee_id` IS NULL AND trim(coalesce(NEW.`assignee_name`, '')) <> '' BEGIN
  INSERT OR IGNORE INTO `crew_people` (`id`, `workspace_id`, `name`, `phone`, `email`, `notes`, `created_at`, `updated_at`)
  SELECT lower(hex(randomblob(16))), NEW.`workspace_id`, trim(NEW.`assignee_name`),
    CASE WHEN c NOT LIKE '%@%' AND c NOT GLOB '*[^0-9 +().-]*' THEN c END,
    CASE WHEN c LIKE '%_@_%' AND c NOT LIKE '% %' THEN c END,
    CASE WHEN NOT (c NOT LIKE '%@%' AND c NOT GLOB '*[^0-9 +().-]*') AND NOT (c LIKE '%_@_%' AND c NOT LIKE '% %') THEN c END,
    NEW.`updated_at`, NEW.`updated_at`
  FROM (SELECT nullif(trim(NEW.`assignee_contact`), '') AS c);
END;
--> statement-breakpoint
CREATE TRIGGER `cues_crew_typed_update` AFTER UPDATE OF `assignee_id`, `assignee_name` ON `cues`
WHEN NEW.`assignee_id` IS NULL AND trim(coalesce(NEW.`assignee_name`, '')) <> '' BEGIN
  INSERT OR IGNORE INTO `crew_people` (`id`, `workspace_id`, `name`, `phone`, `email`, `notes`, `created_at`, `updated_at`)
  SELECT lower(hex(randomblob(16))), NEW.`workspace_id`, trim(NEW.`assignee_name`),
    CASE WHEN c NOT LIKE '%@%' AND c NOT GLOB '*[^0-9 +().-]*' THEN c END,
    CASE WHEN c LIKE '%_@_%' AND c NOT LIKE '% %' THEN c END,
    CASE WHEN NOT (c NOT LIKE '%@%' AND c NOT GLOB '*[^0-9 +().-]*') AND NOT (c LIKE '%_@_%' AND c NOT LIKE '% %') THEN c END,
    NEW.`updated_at`, NEW.`updated_at`
  FROM (SELECT nullif(trim(NEW.`assignee_contact`), '') AS c);
END;
