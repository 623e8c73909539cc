import { z } from "zod";
import type { TaskStats } from "./stats";

/**
 * The answers of a few `/api` reads, as the OpenAPI document describes them (ADR 047). The conformance test
 * (`tests/worker/openapi.test.ts`) checks each real answer against the document, so these cannot drift from what the
 * routes send. `.strict()` where the whole answer is listed; `.passthrough()` where only the keys a client relies on
 * are.
 */

/** `GET /api/health`. */
export const healthResponseSchema = z.object({ ok: z.literal(true) }).strict();

/** `GET /api/status`: the current workspace's task counts. */
export const taskStatsResponseSchema: z.ZodType<TaskStats> = z
  .object({
    totalTasks: z.number().int().min(0),
    completedTasks: z.number().int().min(0),
    overdueTasks: z.number().int().min(0),
    dueTodayTasks: z.number().int().min(0),
    completionPercentage: z.number().int().min(0).max(100),
    daysToEvent: z.number().int().nullable(),
  })
  .strict();

/** `GET /api/categories`, `GET /api/statuses`: the names, in the list's order. */
export const listNamesResponseSchema = z.array(z.string());

/** `POST /api/categories`, `POST /api/statuses`: the name added, trimmed. */
export const listNameResponseSchema = z.object({ name: z.string() }).strict();

/** `GET /api/show/stages`: the workspace's stages in order (at most 12). */
export const stagesResponseSchema = z
  .object({
    stages: z.array(z.object({ id: z.string(), name: z.string() }).strict()).max(12),
  })
  .strict();

/** `GET /api/notifications`: the caller's newest notifications (at most 30) and how many are unread. */
export const notificationsResponseSchema = z
  .object({
    unread: z.number().int().min(0),
    notifications: z
      .array(
        z
          .object({
            id: z.string(),
            kind: z.string(),
            text: z.string(),
            taskId: z.string().nullable(),
            createdAt: z.string(),
            read: z.boolean(),
          })
          .strict(),
      )
      .max(30),
  })
  .strict();

/** `GET /api/workspaces`: every workspace the caller belongs to, with their role, and the session's current one. */
export const workspacesResponseSchema = z
  .object({
    workspaces: z.array(
      z
        .object({
          id: z.string(),
          name: z.string(),
          eventName: z.string().nullable(),
          role: z.enum(["owner", "member"]),
          joinedAt: z.string(),
          current: z.boolean(),
        })
        .strict(),
    ),
    currentWorkspaceId: z.string(),
  })
  .strict();
