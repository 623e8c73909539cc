import { conflict, notFound } from "~/domain/errors";
import { acknowledgedKinds } from "~/domain/risk-acknowledgements";
import * as acknowledgementModel from "~/models/risk-acknowledgements";
import type { ActorCtx } from "./context.server";
import { getPlan } from "./planning.server";
import { announceTasksChanged } from "./task-commands.server";

/**
 * Acknowledging a task's risk and showing it again (ADR 036), for the Risks card, the list filtered to risks and
 * `/api/risks/{taskId}/acknowledge`. The rule of what stays hidden is app/domain/risk-acknowledgements.ts, applied
 * to the plan (`loadPlan`), so every reader of risks agrees.
 */

const taskNotFound = () => notFound("Task not found");

/**
 * Hides the task's risk for everyone in the workspace until the task changes or gains a new kind of risk. Asking
 * again for a task already acknowledged answers the acknowledgement as it stands. A task with no risk is refused.
 */
export async function acknowledgeRisk(ctx: ActorCtx, input: { taskId: string }) {
  const plan = await getPlan(ctx);
  const task = plan.tasks.find((t) => t.id === input.taskId);
  if (!task) throw taskNotFound();
  const standing = plan.acknowledgedRisks.find((a) => a.acknowledgement.taskId === task.id);
  if (standing) {
    const { acknowledgedBy, acknowledgedAt } = standing.acknowledgement;
    return { task, reasons: reasonsOf(standing.risks), acknowledgedBy, acknowledgedAt };
  }
  const risks = plan.risks.filter((r) => r.taskId === task.id);
  if (risks.length === 0) throw conflict("This task is not at risk, so there is nothing to acknowledge");
  const acknowledgedAt = ctx.now.toISOString();
  const [written] = await acknowledgementModel.acknowledge(ctx.db, {
    workspaceId: ctx.actor.workspace.id,
    taskId: task.id,
    taskUpdatedAt: task.updatedAt,
    riskKinds: acknowledgedKinds(risks),
    acknowledgedBy: ctx.actor.user.id,
    acknowledgedAt,
  });
  if (!written) throw conflict("This task changed a moment ago. Look at its risks again before acknowledging them");
  announceTasksChanged(ctx, task.id);
  const { id, name } = ctx.actor.user;
  return { task, reasons: reasonsOf(risks), acknowledgedBy: { id, name }, acknowledgedAt };
}

/** "Show again": the task's risk is listed again for everyone. Refused when nothing of it is acknowledged. */
export async function showRiskAgain(ctx: ActorCtx, input: { taskId: string }) {
  const plan = await getPlan(ctx);
  const task = plan.tasks.find((t) => t.id === input.taskId);
  if (!task) throw taskNotFound();
  const standing = plan.acknowledgedRisks.find((a) => a.acknowledgement.taskId === task.id);
  if (!standing) throw notFound("This task's risk is not acknowledged");
  const [removed] = await acknowledgementModel.removeAcknowledgement(ctx.db, ctx.actor.workspace.id, task.id);
  if (!removed) throw notFound("This task's risk is not acknowledged");
  announceTasksChanged(ctx, task.id);
  return { task, reasons: reasonsOf(standing.risks) };
}

const reasonsOf = (risks: ReadonlyArray<{ kind: string; reason: string }>) =>
  risks.map(({ kind, reason }) => ({ kind, reason }));
