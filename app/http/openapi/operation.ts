import type { ZodTypeAny } from "zod";

/**
 * One `/api` operation as the OpenAPI document at `/api/openapi.json` describes it (ADR 047). The schemas are the
 * very zod objects the route validates with (`validate(query, …)`, `readJson(request, body)`), imported from
 * `app/domain`, so the document cannot drift from what the route accepts; the conformance test
 * (`tests/worker/openapi.test.ts`) holds every route file to this list and this list to the routes.
 */
export type ApiOperation = {
  method: "get" | "post" | "put" | "patch" | "delete";
  /** The OpenAPI path, `{name}` for a route segment `$name`: `/api/tasks/{id}` is `api.tasks.$id.ts`. */
  path: string;
  /** Groups operations in the document (`Tasks`, `Show`, `Crew`, `Settings`, …). */
  tag: string;
  summary: string;
  /** Longer text (Markdown) when the summary is not enough. */
  description?: string;
  /**
   * Who may call it: `session` (a member's session cookie, demo token or personal API token), `owner` (the same,
   * owners only), `admin`, `public` (no credentials), `slack` / `stripe` (their signed requests).
   */
  auth: "session" | "owner" | "admin" | "public" | "slack" | "stripe";
  /** The query parameters' schema (a `z.object`), when the route validates its query. */
  query?: ZodTypeAny;
  /** The JSON body's schema, when the route reads one with `readJson`. */
  body?: ZodTypeAny;
  /** A body that is not JSON (a CSV upload, a form post, a file): its media type and what it holds. */
  rawBody?: { contentType: string; description: string };
  /** The success answer's schema when there is one in `app/domain`; otherwise `responseDescription` says it. */
  response?: ZodTypeAny;
  /** The success status when it is not 200 (201 for a creation, 204 for no content). */
  status?: number;
  responseDescription?: string;
};
