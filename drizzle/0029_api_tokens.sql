-- Personal API tokens (issue 36, ADR 048): `Authorization: Bearer cbt_…` on /api routes, scoped read, read-write or
-- show-control. Only the token's SHA-256 is kept, with a short visible prefix to recognise it by. A token ends with
-- its maker's membership (the composite key, as calendar feeds and crew links) and is deleted when revoked, so every
-- row is a token that works until `expires_at`. No plan_version trigger: no cached page or plan shows tokens.
CREATE TABLE `api_tokens` (
  `id` text PRIMARY KEY NOT NULL,
  `workspace_id` text NOT NULL REFERENCES `workspaces`(`id`) ON DELETE cascade,
  `user_id` text NOT NULL REFERENCES `users`(`id`) ON DELETE cascade,
  `name` text NOT NULL,
  `scope` text NOT NULL,
  `token_hash` text NOT NULL,
  `prefix` text NOT NULL,
  `created_at` text NOT NULL,
  `expires_at` text,
  `last_used_at` text,
  FOREIGN KEY (`workspace_id`, `user_id`) REFERENCES `memberships`(`workspace_id`, `user_id`) ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `api_tokens_token_hash_idx` ON `api_tokens` (`token_hash`);
--> statement-breakpoint
CREATE INDEX `api_tokens_maker_idx` ON `api_tokens` (`workspace_id`, `user_id`, `created_at`);
--> statement-breakpoint
CREATE INDEX `api_tokens_user_idx` ON `api_tokens` (`user_id`);
