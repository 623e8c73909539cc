import { sql } from "drizzle-orm";
import { taskEvents, taskFiles, type ChangeSource, type TaskFileRow } from "~/db/schema";
import { AppError, badRequest, notFound } from "~/domain/errors";
import {
  FILE_TOO_LARGE,
  FILES_FULL,
  FILES_PER_TASK_MAX,
  checkUpload,
  fileChange,
  isInlineImage,
  storageLimitReached,
} from "~/domain/files";
import { storageQuota } from "~/domain/tiers";
import { newId } from "~/lib/crypto";
import { insertIf } from "~/models/insert-if";
import * as fileModel from "~/models/task-files";
import type { NewTaskEvent } from "~/models/task-history";
import * as taskModel from "~/models/tasks";
import type { ActorCtx, Ctx } from "./context.server";
import { historyEvent, runBatch } from "./task-commands.server";

/**
 * Files on tasks (ADR 039): uploads streamed to R2 (`env.FILES`) under `{workspaceId}/{fileId}`, listed on their
 * task, downloaded by members of its workspace only, removed by a member or, for a deleted task, by the purge once
 * its undo window is over. The limits (25 MB a file, 100 files a task, the plan's storage) are held here, so the
 * task page, the API and Slack agree.
 */

/** A file as the API and the pages show it. */
export function toFileDto(row: TaskFileRow) {
  return {
    id: row.id,
    taskId: row.taskId,
    name: row.name,
    type: row.type,
    size: row.size,
    /** Whether the browser may show it in the page (a png, jpeg, gif or webp image): thumbnails, `?inline=1`. */
    image: isInlineImage(row.type),
    uploadedBy: row.uploadedByName,
    source: row.source,
    createdAt: row.createdAt,
    url: `/api/files/${row.id}`,
  };
}
export type TaskFileDto = ReturnType<typeof toFileDto>;

/** How much of the plan's storage the workspace's files take. */
const storageOf = (ctx: ActorCtx, used: number) => ({ used, quota: storageQuota(ctx.actor.plan.tier) });

/** A task's files, newest first (at most 100), with the workspace's storage in use; another workspace's task is 404. */
export async function listTaskFiles(ctx: ActorCtx, taskId: string) {
  const { db } = ctx;
  const workspaceId = ctx.actor.workspace.id;
  const [[task], rows, [usage]] = await db.batch([
    taskModel.getTask(db, workspaceId, taskId),
    fileModel.listFiles(db, workspaceId, taskId, FILES_PER_TASK_MAX),
    fileModel.storageUsed(db, workspaceId),
  ]);
  if (!task) throw notFound("Task not found");
  return { files: rows.map(toFileDto), storage: storageOf(ctx, Number(usage?.used ?? 0)) };
}

/** What an upload brings: its name and declared type, its exact size in bytes, and the bytes as a stream. */
export interface FileUpload {
  name: string;
  type?: string | null;
  size: number;
  body: ReadableStream<Uint8Array>;
  /** Where it came from, for the history (the actor's source when absent): Slack's file path passes "slack". */
  source?: ChangeSource;
}

/** Why a stream did not match the size it declared. */
class SizeMismatch extends Error {
  constructor(readonly longer: boolean) {
    super(longer ? "longer than declared" : "shorter than declared");
  }
}

/** The upload's own stream failed (the client went away mid-way). */
class UploadInterrupted extends Error {}

/**
 * Copies `body` into `writable` while counting: more bytes than `size` stop it at once (the rest is never read), fewer
 * fail it at the end. On failure the destination is aborted, so a put reading it fails too and stores nothing.
 */
async function copyExactly(body: ReadableStream<Uint8Array>, writable: WritableStream<Uint8Array>, size: number) {
  const reader = body.getReader();
  const writer = writable.getWriter();
  let seen = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read().catch((error: unknown) => {
        throw new UploadInterrupted(String(error));
      });
      if (done) break;
      seen += value.byteLength;
      if (seen > size) throw new SizeMismatch(true);
      await writer.write(value);
    }
    if (seen !== size) throw new SizeMismatch(false);
    await writer.close();
  } catch (error) {
    await reader.cancel().catch(() => undefined);
    await writer.abort(error).catch(() => undefined);
    throw error;
  }
}

/** The history entry of an upload, written only if its row is there when the statement runs. */
function eventIfFileExists(ctx: ActorCtx, file: TaskFileRow, source: ChangeSource) {
  const event: NewTaskEvent = {
    ...historyEvent(ctx, file.taskId, "file"),
    source,
    changes: fileChange(null, file) as NewTaskEvent["changes"],
  };
  return insertIf(
    ctx.db,
    taskEvents,
    event,
    sql`EXISTS (SELECT 1 FROM ${taskFiles} WHERE ${taskFiles.id} = ${file.id})`,
  );
}

/**
 * Attaches a file to the caller's task: checks what it says of itself (name, type, ≤ 25 MB), refuses it before
 * reading a byte when the task is gone, full, or the plan's storage has no room, then streams it to R2 holding it to
 * its declared size (a longer stream is cut off and refused), and records it with a history entry ("Ana attached
 * rider.pdf"). The record's insert checks the bounds again in its own statement; an object it did not record is
 * removed. Returns the file and the storage in use.
 */
export async function attachFile(ctx: ActorCtx, taskId: string, upload: FileUpload) {
  const { db, env } = ctx;
  const { workspace, plan, user } = ctx.actor;
  const refuse = async (error: AppError): Promise<never> => {
    await upload.body.cancel().catch(() => undefined);
    throw error;
  };
  let checked: ReturnType<typeof checkUpload>;
  try {
    checked = checkUpload(upload);
  } catch (error) {
    return refuse(error as AppError);
  }
  const [[task], [usage], [count]] = await db.batch([
    taskModel.getTask(db, workspace.id, taskId),
    fileModel.storageUsed(db, workspace.id),
    fileModel.countFiles(db, workspace.id, taskId),
  ]);
  if (!task) return refuse(notFound("Task not found"));
  const used = Number(usage?.used ?? 0);
  const quota = storageQuota(plan.tier);
  if (used + checked.size > quota) return refuse(storageLimitReached(plan.tier, used, checked.size));
  if (Number(count?.files ?? 0) >= FILES_PER_TASK_MAX) return refuse(badRequest(FILES_FULL, { file: [FILES_FULL] }));

  const source = upload.source ?? ctx.actor.source ?? "web";
  const row: TaskFileRow = {
    id: newId(),
    workspaceId: workspace.id,
    taskId: task.id,
    ...checked,
    uploadedBy: user.id,
    uploadedByName: user.name,
    source,
    createdAt: ctx.now.toISOString(),
  };
  const key = fileModel.objectKey(row);
  // R2 takes a stream only when its length is known: FixedLengthStream says it, `copyExactly` holds the bytes to it.
  const sized = new FixedLengthStream(checked.size);
  const [copy, put] = await Promise.allSettled([
    copyExactly(upload.body, sized.writable, checked.size),
    env.FILES.put(key, sized.readable, {
      httpMetadata: { contentType: checked.type },
      customMetadata: { taskId: task.id },
    }),
  ]);
  if (copy.status === "rejected" || put.status === "rejected") {
    await env.FILES.delete(key).catch(() => undefined);
    const reason: unknown = copy.status === "rejected" ? copy.reason : null;
    if (reason instanceof SizeMismatch && reason.longer) {
      throw new AppError("too_large", `The file is larger than the ${checked.size} bytes it said. ${FILE_TOO_LARGE}`, {
        title: "File Too Large",
      });
    }
    if (reason instanceof SizeMismatch || reason instanceof UploadInterrupted) {
      throw badRequest("The upload stopped before the whole file arrived. Please try again.", {
        file: ["The upload stopped before the whole file arrived"],
      });
    }
    throw put.status === "rejected" ? put.reason : reason;
  }

  const results = await runBatch(db, [
    fileModel.insertFileStatement(db, row, { quota, perTask: FILES_PER_TASK_MAX }),
    eventIfFileExists(ctx, row, source),
    fileModel.storageUsed(db, workspace.id),
    taskModel.getTask(db, workspace.id, task.id),
    fileModel.countFiles(db, workspace.id, task.id),
  ]);
  const added = results[0] as TaskFileRow[];
  const [after] = results[2] as Array<{ used: number }>;
  const taskNow = results[3] as unknown[];
  const [filesNow] = results[4] as Array<{ files: number }>;
  const usedNow = Number(after?.used ?? 0);
  if (added.length === 0) {
    // Another upload (or a delete of the task) won the race between the first check and the insert.
    await env.FILES.delete(key).catch(() => undefined);
    if (taskNow.length === 0) throw notFound("Task not found");
    if (Number(filesNow?.files ?? 0) >= FILES_PER_TASK_MAX) throw badRequest(FILES_FULL, { file: [FILES_FULL] });
    throw storageLimitReached(plan.tier, usedNow, checked.size);
  }
  return { file: toFileDto(added[0]), storage: storageOf(ctx, usedNow) };
}

/** A file of the caller's workspace whose task is there (a deleted task's wait unseen for its undo); 404 otherwise. */
async function findFile(ctx: ActorCtx, fileId: string) {
  // A batch of one, so a read's session check rides along with it (one D1 round trip).
  const [[row]] = await ctx.db.batch([fileModel.getFile(ctx.db, ctx.actor.workspace.id, fileId)]);
  if (!row) throw notFound("File not found");
  return row;
}

/**
 * A file to download, authorised for this caller now: its record and its object from R2. `conditions` (the
 * request's headers) let R2 answer an unchanged copy without its body (`body` absent: a 304).
 */
export async function openFile(ctx: ActorCtx, fileId: string, conditions?: Headers) {
  const row = await findFile(ctx, fileId);
  const object = await ctx.env.FILES.get(fileModel.objectKey(row), conditions ? { onlyIf: conditions } : undefined);
  if (!object) throw notFound("File not found");
  return { file: row, object };
}

/** One file's record (`GET /api/files/{id}` is its bytes; this is what the pages show). */
export async function getFileInfo(ctx: ActorCtx, fileId: string) {
  return toFileDto(await findFile(ctx, fileId));
}

/**
 * Removes a file for good: its record (with a history entry, "removed the file rider.pdf") and then its object. There
 * is no undo (ADR 039): the page asks first. Returns the file as it was.
 */
export async function removeFile(ctx: ActorCtx, fileId: string) {
  const { db } = ctx;
  const workspaceId = ctx.actor.workspace.id;
  const row = await findFile(ctx, fileId);
  const event: NewTaskEvent = {
    ...historyEvent(ctx, row.taskId, "file"),
    changes: fileChange(row, null) as NewTaskEvent["changes"],
  };
  // The entry first, while the row is there to be checked; both go in one batch.
  const [, removed] = await runBatch(db, [
    insertIf(db, taskEvents, event, sql`EXISTS (SELECT 1 FROM ${taskFiles} WHERE ${taskFiles.id} = ${row.id})`),
    fileModel.deleteFileStatement(db, workspaceId, row.id),
  ]);
  if ((removed as TaskFileRow[]).length === 0) throw notFound("File not found");
  await ctx.env.FILES.delete(fileModel.objectKey(row));
  return toFileDto(row);
}

/** R2 removes at most this many objects a call. */
const R2_DELETE_BATCH = 1000;

/**
 * Removes the files of purged tasks (the deleted-task purge, ADR 039): objects first, then their rows, at most
 * `limit` files a run. Returns the ids of the tasks none of whose files are left, which the purge may forget.
 */
export async function purgeFilesOfTasks(ctx: Pick<Ctx, "db" | "env">, taskIds: readonly string[], limit = 1000) {
  if (taskIds.length === 0) return { removed: 0, done: [] as string[] };
  const found = await fileModel.listFilesOfGoneTasks(ctx.db, taskIds, limit + 1);
  const batch = found.slice(0, limit);
  for (let i = 0; i < batch.length; i += R2_DELETE_BATCH) {
    await ctx.env.FILES.delete(batch.slice(i, i + R2_DELETE_BATCH).map(fileModel.objectKey));
  }
  if (batch.length)
    await ctx.db.batch([
      fileModel.deleteFilesStatement(
        ctx.db,
        batch.map((f) => f.id),
      ),
    ]);
  // Over the limit: the tasks whose files were not all reached wait for the next run.
  const waiting = new Set(found.length > limit ? found.slice(limit).map((f) => f.taskId) : []);
  if (found.length > limit) for (const f of batch) waiting.add(f.taskId);
  return { removed: batch.length, done: taskIds.filter((id) => !waiting.has(id)) };
}
