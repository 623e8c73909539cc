-- Stages and rooms (issue 33, ADR 037): a workspace names up to 12 stages; each event day has one cue sheet per
-- stage, plus the sheet of cues on no stage (the only sheet of a workspace without stages, as before). Names are
-- unique in a workspace whatever their case. A stage is removed only while it has no cues (the service's delete is
-- conditional on that), so `cues.stage_id` never points at a stage that is gone.
CREATE TABLE `show_stages` (
  `id` text PRIMARY KEY NOT NULL,
  `workspace_id` text NOT NULL REFERENCES `workspaces`(`id`) ON DELETE cascade,
  `name` text NOT NULL,
  `position` integer NOT NULL,
  `created_at` text NOT NULL,
  `updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `show_stages_name_idx` ON `show_stages` (`workspace_id`, lower(`name`));
--> statement-breakpoint
CREATE INDEX `show_stages_workspace_idx` ON `show_stages` (`workspace_id`, `position`);
--> statement-breakpoint
ALTER TABLE `cues` ADD `stage_id` text REFERENCES `show_stages`(`id`);
--> statement-breakpoint
CREATE INDEX `cues_stage_idx` ON `cues` (`stage_id`);
--> statement-breakpoint
-- A crew link limited to stages (null: every stage and the cues on none), as `departments` limits departments.
ALTER TABLE `show_shares` ADD `stage_ids` text;
