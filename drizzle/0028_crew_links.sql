-- Personal crew links (issue 35, ADR 045): one person of the directory's day sheet and show mode, for someone without
-- an account, at `/c/{token}`. Only the token's SHA-256 is kept. The link ends with the person (their entry deleted)
-- and with its maker's membership (the composite key, as calendar feeds). A person has at most one active link: a
-- new one revokes the old in the same batch, and the partial unique index holds it.
CREATE TABLE `crew_links` (
  `id` text PRIMARY KEY NOT NULL,
  `workspace_id` text NOT NULL REFERENCES `workspaces`(`id`) ON DELETE cascade,
  `person_id` text NOT NULL REFERENCES `crew_people`(`id`) ON DELETE cascade,
  `token_hash` text NOT NULL,
  `created_by` text NOT NULL,
  `created_at` text NOT NULL,
  `revoked_at` text,
  `last_used_at` text,
  FOREIGN KEY (`workspace_id`, `created_by`) REFERENCES `memberships`(`workspace_id`, `user_id`) ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `crew_links_token_hash_idx` ON `crew_links` (`token_hash`);
--> statement-breakpoint
CREATE UNIQUE INDEX `crew_links_active_person_idx` ON `crew_links` (`person_id`) WHERE `revoked_at` IS NULL;
--> statement-breakpoint
CREATE INDEX `crew_links_maker_idx` ON `crew_links` (`workspace_id`, `created_by`);
