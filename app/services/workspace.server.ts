import type { WorkspaceRow } from "~/db/schema";
import { forbidden, notFound } from "~/domain/errors";
import { applyEventSettings } from "~/domain/event-settings";
import type { EventSettingsInput } from "~/domain/schemas";
import type { WorkspacePlan } from "~/domain/tiers";
import { updateWorkspace } from "~/models/workspaces";
import type { ActorCtx } from "./context.server";
import { liveWorkspace, notifyWorkspaceChanged } from "./live.server";
import { replanWorkspaceReminders } from "./reminders.server";

export type WorkspaceSettingsDto = ReturnType<typeof toWorkspaceSettingsDto>;

/** The workspace's settings as the API and the settings form read them: the event as an instant and on the wall clock. */
export function toWorkspaceSettingsDto(workspace: WorkspaceRow) {
  return {
    id: workspace.id,
    ...liveWorkspace(workspace),
    defaultReminders: workspace.defaultReminders,
    venueAddress: workspace.venueAddress,
    daySheetTime: workspace.daySheetTime,
    daySheetEnabled: workspace.daySheetEnabled,
  };
}

/**
 * `GET /api/workspace`: the settings, and the workspace's plan with what it allows (the best of its owners'
 * plans; `GET /api/billing/status` describes the caller's own).
 */
export function toWorkspaceDto(workspace: WorkspaceRow, plan: WorkspacePlan) {
  return { ...toWorkspaceSettingsDto(workspace), plan: plan.tier, entitlements: plan.entitlements };
}

/**
 * Renames the workspace and changes the event name, date and time, its last show day, load-in and load-out
 * (ADR 026), timezone, the estimate the plan assumes for unestimated tasks, and the day sheets' venue address and
 * evening DM (ADR 044). Owner only, like the Slack setup: the event date drives
 * every countdown, schedule and risk the crew sees.
 */
export async function updateWorkspaceSettings(ctx: ActorCtx, input: EventSettingsInput) {
  const { role, workspace } = ctx.actor;
  if (role !== "owner") throw forbidden("Only the workspace owner can change its settings");
  const next = {
    ...applyEventSettings(workspace, input),
    ...(input.name ? { name: input.name } : {}),
    ...(input.assumedEstimateHours !== undefined ? { assumedEstimateHours: input.assumedEstimateHours } : {}),
    ...(input.defaultReminders !== undefined ? { defaultReminders: input.defaultReminders } : {}),
    ...(input.venueAddress !== undefined ? { venueAddress: input.venueAddress } : {}),
    ...(input.daySheetTime !== undefined ? { daySheetTime: input.daySheetTime } : {}),
    ...(input.daySheetEnabled !== undefined ? { daySheetEnabled: input.daySheetEnabled } : {}),
  };
  const [row] = await updateWorkspace(ctx.db, workspace.id, next);
  if (!row) throw notFound("Workspace not found");
  // Reminders were planned on the old clock; due dates are wall-clock times in the workspace's timezone.
  if (row.timezone !== workspace.timezone) await replanWorkspaceReminders(ctx, row);
  // Open pages move their countdown and days-to-go with the new event date.
  notifyWorkspaceChanged(ctx, row);
  return toWorkspaceSettingsDto(row);
}
