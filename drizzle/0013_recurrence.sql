ALTER TABLE `tasks` ADD `recurrence` text;--> statement-breakpoint
ALTER TABLE `tasks` ADD `series_id` text;--> statement-breakpoint
ALTER TABLE `tasks` ADD `occurrence` integer;--> statement-breakpoint
ALTER TABLE `tasks` ADD `next_occurrence_id` text;--> statement-breakpoint
-- One task per place in a series: a second creation of the same next occurrence conflicts and is dropped
-- (app/models/recurrence.ts). NULLs are distinct, so tasks outside a series never collide.
CREATE UNIQUE INDEX `tasks_series_occurrence_idx` ON `tasks` (`series_id`,`occurrence`);
