interface Env {
  DB: D1Database;
  /** Workers AI; bound only in the production environment (wrangler.toml). */
  AI?: import("../app/integrations/ai/task-extractor").AiBinding;
}
