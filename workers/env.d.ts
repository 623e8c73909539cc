interface Env {
  DB: D1Database;
  /** Workers AI; bound only in the production environment (wrangler.toml). */
  AI?: import("../app/integrations/ai/task-extractor").AiBinding;
  /** Base64 of 32 random bytes: encrypts Slack credentials and tokens at rest, signs OAuth states. */
  SECRETS_KEY?: string;
  /** Slack Web API base URL; defaults to https://slack.com/api/ (tests point it at a local fake). */
  SLACK_API_URL?: string;
  /** Morning digest jobs: the cron produces, the same Worker consumes. */
  DIGEST_QUEUE: Queue<import("../app/services/slack/digest.server").DigestJob>;
  /** One live-update object per workspace (workers/workspace-live.ts). */
  WORKSPACE_LIVE?: DurableObjectNamespace<import("./workspace-live").WorkspaceLive>;
}
