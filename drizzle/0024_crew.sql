-- Crew (issue 35, ADR 042): the people of the event, members or not, and their calls.
--
-- `crew_people`: one entry per person of a workspace. A member's entry carries their `user_id`; triggers below keep
-- one for every membership (a member who joins is listed; one who leaves stays listed as an outside person). Names
-- are unique in a workspace whatever their case, so a typed owner name finds one entry.
CREATE TABLE `crew_people` (
  `id` text PRIMARY KEY NOT NULL,
  `workspace_id` text NOT NULL REFERENCES `workspaces`(`id`) ON DELETE cascade,
  `user_id` text REFERENCES `users`(`id`) ON DELETE set null,
  `name` text NOT NULL,
  `role` text,
  `department` text,
  `company` text,
  `phone` text,
  `email` text,
  `notes` text,
  -- An owner marks key contacts: they are listed on every day sheet.
  `key_contact` integer DEFAULT 0 NOT NULL,
  `created_at` text NOT NULL,
  `updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `crew_people_name_idx` ON `crew_people` (`workspace_id`, lower(`name`));
--> statement-breakpoint
CREATE UNIQUE INDEX `crew_people_user_idx` ON `crew_people` (`workspace_id`, `user_id`) WHERE `user_id` IS NOT NULL;
--> statement-breakpoint
CREATE INDEX `crew_people_department_idx` ON `crew_people` (`workspace_id`, `department`);
--> statement-breakpoint
-- Today's members first, so an outside name that is a member's name joins the member's entry.
INSERT OR IGNORE INTO `crew_people` (`id`, `workspace_id`, `user_id`, `name`, `created_at`, `updated_at`)
SELECT lower(hex(randomblob(16))), m.`workspace_id`, m.`user_id`, u.`name`, m.`created_at`, m.`created_at`
FROM `memberships` m JOIN `users` u ON u.`id` = m.`user_id`;
--> statement-breakpoint
-- Outside people typed as task and cue owners become entries; a contact note that is an address becomes the email,
-- one made of digits and phone signs the phone, anything else the notes.
INSERT OR IGNORE INTO `crew_people` (`id`, `workspace_id`, `name`, `phone`, `email`, `notes`, `created_at`, `updated_at`)
SELECT lower(hex(randomblob(16))), `workspace_id`, `name`,
  CASE WHEN `contact` NOT LIKE '%@%' AND `contact` NOT GLOB '*[^0-9 +().-]*' THEN `contact` END,
  CASE WHEN `contact` LIKE '%_@_%' AND `contact` NOT LIKE '% %' THEN `contact` END,
  CASE WHEN NOT (`contact` NOT LIKE '%@%' AND `contact` NOT GLOB '*[^0-9 +().-]*')
    AND NOT (`contact` LIKE '%_@_%' AND `contact` NOT LIKE '% %') THEN `contact` END,
  `first_seen`, `first_seen`
FROM (
  SELECT `workspace_id`, trim(`assignee_name`) AS `name`, max(nullif(trim(`assignee_contact`), '')) AS `contact`,
    min(`created_at`) AS `first_seen`
  FROM (
    SELECT `workspace_id`, `assignee_name`, `assignee_contact`, `created_at` FROM `tasks`
      WHERE `assignee_id` IS NULL AND trim(coalesce(`assignee_name`, '')) <> ''
    UNION ALL
    SELECT `workspace_id`, `assignee_name`, `assignee_contact`, `created_at` FROM `cues`
      WHERE `assignee_id` IS NULL AND trim(coalesce(`assignee_name`, '')) <> ''
  )
  GROUP BY `workspace_id`, lower(trim(`assignee_name`))
);
--> statement-breakpoint
-- A member who joins is listed: an outside entry of the same name becomes theirs, or a new entry is made.
CREATE TRIGGER `memberships_crew_insert` AFTER INSERT ON `memberships` BEGIN
  UPDATE `crew_people` SET `user_id` = NEW.`user_id`, `updated_at` = NEW.`created_at`
    WHERE `workspace_id` = NEW.`workspace_id` AND `user_id` IS NULL
      AND lower(`name`) = lower((SELECT `name` FROM `users` WHERE `id` = NEW.`user_id`))
      AND NOT EXISTS (SELECT 1 FROM `crew_people` WHERE `workspace_id` = NEW.`workspace_id` AND `user_id` = NEW.`user_id`);
  INSERT OR IGNORE INTO `crew_people` (`id`, `workspace_id`, `user_id`, `name`, `created_at`, `updated_at`)
    SELECT lower(hex(randomblob(16))), NEW.`workspace_id`, NEW.`user_id`, u.`name`, NEW.`created_at`, NEW.`created_at`
    FROM `users` u WHERE u.`id` = NEW.`user_id`
      AND NOT EXISTS (SELECT 1 FROM `crew_people` WHERE `workspace_id` = NEW.`workspace_id` AND `user_id` = NEW.`user_id`);
END;
--> statement-breakpoint
-- A member who leaves stays in the directory as an outside person.
CREATE TRIGGER `memberships_crew_delete` AFTER DELETE ON `memberships` BEGIN
  UPDATE `crew_people` SET `user_id` = NULL WHERE `workspace_id` = OLD.`workspace_id` AND `user_id` = OLD.`user_id`;
END;
--> statement-breakpoint
-- Calls: when and where a person, or a whole department, is wanted on an event day (`day` a local date, `start_time`
-- and `end_time` the venue's wall clock `HH:MM`, the end after the start on the same day, or none).
CREATE TABLE `crew_calls` (
  `id` text PRIMARY KEY NOT NULL,
  `workspace_id` text NOT NULL REFERENCES `workspaces`(`id`) ON DELETE cascade,
  `day` text NOT NULL,
  `person_id` text REFERENCES `crew_people`(`id`) ON DELETE cascade,
  `department` text,
  `start_time` text NOT NULL,
  `end_time` text,
  `location` text,
  `stage_id` text REFERENCES `show_stages`(`id`) ON DELETE set null,
  `notes` text,
  `created_by` text REFERENCES `users`(`id`) ON DELETE set null,
  `created_at` text NOT NULL,
  `updated_at` text NOT NULL,
  CHECK (`person_id` IS NOT NULL OR `department` IS NOT NULL)
);
--> statement-breakpoint
CREATE INDEX `crew_calls_day_idx` ON `crew_calls` (`workspace_id`, `day`, `start_time`);
--> statement-breakpoint
CREATE INDEX `crew_calls_person_idx` ON `crew_calls` (`person_id`, `day`);
--> statement-breakpoint
-- The workspace's crew rules and the evening day sheet: a person's longest day and shortest rest between two days
-- (hours), the venue's address for day sheets, and when the day sheet DM goes out the evening before (local `HH:MM`).
ALTER TABLE `workspaces` ADD `crew_day_limit_hours` real DEFAULT 12 NOT NULL;
--> statement-breakpoint
ALTER TABLE `workspaces` ADD `crew_rest_hours` real DEFAULT 10 NOT NULL;
--> statement-breakpoint
ALTER TABLE `workspaces` ADD `venue_address` text;
--> statement-breakpoint
ALTER TABLE `workspaces` ADD `day_sheet_time` text DEFAULT '18:00' NOT NULL;
--> statement-breakpoint
ALTER TABLE `workspaces` ADD `day_sheet_enabled` integer DEFAULT 1 NOT NULL;
