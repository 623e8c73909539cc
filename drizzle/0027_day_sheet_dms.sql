-- Day sheet DMs (issue 35, ADR 044): the evening before an event day each member with a linked Slack gets their day
-- sheet once. A row is the claim (one conditional insert per person and day, taken before the DM goes out) and what
-- was sent: `snapshot` is the sheet's calls and cues as JSON, compared later to say what changed. A change DM
-- replaces the snapshot in one conditional update, so two checks at once send it once.
CREATE TABLE `day_sheet_dms` (
  `workspace_id` text NOT NULL REFERENCES `workspaces`(`id`) ON DELETE cascade,
  `person_id` text NOT NULL REFERENCES `crew_people`(`id`) ON DELETE cascade,
  `day` text NOT NULL,
  `user_id` text NOT NULL REFERENCES `users`(`id`) ON DELETE cascade,
  `snapshot` text NOT NULL,
  `sent_at` text NOT NULL,
  `changed_at` text,
  PRIMARY KEY (`person_id`, `day`)
);
--> statement-breakpoint
CREATE INDEX `day_sheet_dms_day_idx` ON `day_sheet_dms` (`workspace_id`, `day`);
