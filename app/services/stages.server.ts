import { readInBatch } from "~/db/client";
import { badRequest, conflict, notFound } from "~/domain/errors";
import { plural } from "~/domain/labels";
import { moveCue } from "~/domain/show";
import { cleanStageName, MAX_STAGES, stageNameProblem, type Stage } from "~/domain/stages";
import { newId } from "~/lib/crypto";
import * as stageModel from "~/models/stages";
import type { ActorCtx, Ctx } from "./context.server";

/**
 * Stages and rooms (issue 33, ADR 037), named in Settings: at most MAX_STAGES per workspace, names unique in any
 * case. Owners and members both name them, as both write the run of show. A stage with cues is not removed: the
 * refusal says how many cues to move or delete first.
 */

/** The workspace's stages in order, in one D1 read. */
export function listStages(ctx: Pick<Ctx, "db">, workspaceId: string): Promise<Stage[]> {
  return readInBatch(ctx.db, stageModel.listStages(ctx.db, workspaceId)).then((rows) =>
    rows.map(({ id, name }) => ({ id, name })),
  );
}

const nameRefused = (message: string) => badRequest(message, { name: [message] });

/**
 * The stage `stageId` names in the caller's workspace (null: the cues on no stage), or a 400 naming the field:
 * another workspace's id is as unknown as a made-up one. `stages` when the caller has read them already.
 */
export async function requireStageId(ctx: ActorCtx, stageId: string | null, stages?: readonly Stage[]) {
  if (stageId === null) return null;
  const known = stages ?? (await listStages(ctx, ctx.actor.workspace.id));
  if (!known.some((s) => s.id === stageId)) {
    throw badRequest("Unknown stage: choose one named in Settings", { stageId: [`Unknown stage id: ${stageId}`] });
  }
  return stageId;
}

/** `POST /api/show/stages`: a stage at the end of the list. */
export async function createStage(ctx: ActorCtx, input: { name: string }) {
  const { workspace } = ctx.actor;
  const stages = await listStages(ctx, workspace.id);
  const problem = stageNameProblem(input.name, stages);
  if (problem) throw nameRefused(problem);
  if (stages.length >= MAX_STAGES) throw stageLimitReached();
  const now = ctx.now.toISOString();
  const row = {
    id: newId(),
    workspaceId: workspace.id,
    name: cleanStageName(input.name),
    position: stages.length + 1,
    createdAt: now,
    updatedAt: now,
  };
  const inserted = await stageModel.insertStageIf(ctx.db, row, MAX_STAGES);
  if (inserted.length === 0) {
    // Held back by the count or the unique name: someone added a stage meanwhile.
    const current = await listStages(ctx, workspace.id);
    throw current.length >= MAX_STAGES
      ? stageLimitReached()
      : nameRefused(stageNameProblem(row.name, current) ?? "The stages changed meanwhile: try again");
  }
  return { id: row.id, name: row.name, position: row.position };
}

function stageLimitReached() {
  return conflict(`A workspace has at most ${MAX_STAGES} stages; remove one first`, { limit: MAX_STAGES });
}

async function requireStage(ctx: ActorCtx, id: string) {
  const stages = await listStages(ctx, ctx.actor.workspace.id);
  const stage = stages.find((s) => s.id === id);
  if (!stage) throw notFound("Stage not found");
  return { stage, stages };
}

/** `PATCH /api/show/stages/{id}` `{name}`: renames a stage (its cues stay on it). */
export async function renameStage(ctx: ActorCtx, input: { id: string; name: string }) {
  const { stages } = await requireStage(ctx, input.id);
  const problem = stageNameProblem(input.name, stages, input.id);
  if (problem) throw nameRefused(problem);
  const name = cleanStageName(input.name);
  const updated = await stageModel
    .renameStage(ctx.db, ctx.actor.workspace.id, input.id, name, ctx.now.toISOString())
    .catch((error: unknown) => {
      // The unique index: another stage took the name meanwhile.
      if (String(error).includes("UNIQUE")) throw nameRefused(`A stage named “${name}” already exists`);
      throw error;
    });
  if (updated.length === 0) throw notFound("Stage not found");
  return { id: input.id, name };
}

/** Settings' up/down buttons (and `PATCH … {direction}`): one place up or down. */
export async function moveStageOnePlace(ctx: ActorCtx, input: { id: string; direction: "up" | "down" }) {
  const { stage, stages } = await requireStage(ctx, input.id);
  const ids = stages.map((s) => s.id);
  const next = moveCue(ids, input.id, input.direction);
  if (next.some((id, i) => id !== ids[i])) {
    await stageModel.reorderStages(ctx.db, ctx.actor.workspace.id, next, ctx.now.toISOString());
  }
  return stage;
}

/** `DELETE /api/show/stages/{id}`: only a stage without cues goes; otherwise a 409 saying how many it has. */
export async function deleteStage(ctx: ActorCtx, input: { id: string }) {
  const { workspace } = ctx.actor;
  const { stage } = await requireStage(ctx, input.id);
  const [deleted] = await stageModel.deleteEmptyStage(ctx.db, workspace.id, input.id);
  if (!deleted) {
    const count = await stageModel.countStageCues(ctx.db, workspace.id, input.id);
    if (count === 0) throw notFound("Stage not found");
    throw conflict(
      `“${stage.name}” still has ${plural(count, "cue")}: move them to another stage or delete them first`,
      { cueCount: count },
    );
  }
  return stage;
}
