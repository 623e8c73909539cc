-- Signed webhooks (issue 36, ADR 049): a workspace's HTTPS endpoints, each subscribed to some events, with a secret
-- kept encrypted (app/lib/secrets.server.ts, the Slack credentials' scheme), and the log of what was delivered to
-- each. `created_by` is no foreign key: an endpoint is the workspace's and outlives its maker's membership.
CREATE TABLE `webhook_endpoints` (
  `id` text PRIMARY KEY NOT NULL,
  `workspace_id` text NOT NULL REFERENCES `workspaces`(`id`) ON DELETE cascade,
  `url` text NOT NULL,
  `events` text NOT NULL,
  `secret_enc` text NOT NULL,
  `description` text,
  `enabled` integer DEFAULT 1 NOT NULL,
  `disabled_reason` text,
  `failing_since` text,
  `created_by` text NOT NULL,
  `created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `webhook_endpoints_workspace_idx` ON `webhook_endpoints` (`workspace_id`, `created_at`);
--> statement-breakpoint
CREATE TABLE `webhook_deliveries` (
  `id` text PRIMARY KEY NOT NULL,
  `endpoint_id` text NOT NULL REFERENCES `webhook_endpoints`(`id`) ON DELETE cascade,
  `workspace_id` text NOT NULL REFERENCES `workspaces`(`id`) ON DELETE cascade,
  `event` text NOT NULL,
  `event_id` text NOT NULL,
  `payload` text NOT NULL,
  `status` text DEFAULT 'pending' NOT NULL,
  `attempts` integer DEFAULT 0 NOT NULL,
  `last_status_code` integer,
  `last_error` text,
  `next_attempt_at` text,
  `created_at` text NOT NULL,
  `delivered_at` text
);
--> statement-breakpoint
CREATE INDEX `webhook_deliveries_endpoint_idx` ON `webhook_deliveries` (`endpoint_id`, `created_at`);
--> statement-breakpoint
-- How many enabled endpoints the workspace has, kept by the triggers below whichever path writes an endpoint. Every
-- task, comment and show change reads it from the workspace row the request already holds: at 0 (most workspaces)
-- an event costs no D1 read at all (app/services/webhooks.server.ts).
ALTER TABLE `workspaces` ADD `enabled_webhooks` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE TRIGGER `webhook_endpoints_count_insert` AFTER INSERT ON `webhook_endpoints` BEGIN
  UPDATE `workspaces` SET `enabled_webhooks` = (
    SELECT count(*) FROM `webhook_endpoints` WHERE `workspace_id` = NEW.`workspace_id` AND `enabled` = 1
  ) WHERE `id` = NEW.`workspace_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `webhook_endpoints_count_update` AFTER UPDATE OF `enabled` ON `webhook_endpoints` BEGIN
  UPDATE `workspaces` SET `enabled_webhooks` = (
    SELECT count(*) FROM `webhook_endpoints` WHERE `workspace_id` = NEW.`workspace_id` AND `enabled` = 1
  ) WHERE `id` = NEW.`workspace_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `webhook_endpoints_count_delete` AFTER DELETE ON `webhook_endpoints` BEGIN
  UPDATE `workspaces` SET `enabled_webhooks` = (
    SELECT count(*) FROM `webhook_endpoints` WHERE `workspace_id` = OLD.`workspace_id` AND `enabled` = 1
  ) WHERE `id` = OLD.`workspace_id`;
END;
