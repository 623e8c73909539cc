import type { MorningDmRow } from "~/db/schema";
import { computeCriticalPath } from "~/domain/critical-path";
import { composePersonalDigest, isEmptyPersonalDigest } from "~/domain/digest";
import { eventLastDayOf } from "~/domain/event-settings";
import { localHour } from "~/domain/reminders";
import type { MorningDmInput } from "~/domain/schemas";
import { personalDigestMessage } from "~/domain/slack-blocks";
import { secretKeys } from "~/lib/secrets.server";
import { SlackApiError } from "~/integrations/slack/web-api";
import * as reminderModel from "~/models/reminders";
import * as slackModel from "~/models/slack";
import type { ActorCtx, Ctx } from "./context.server";
import { botApi } from "./slack/setup.server";
import { listCuesWaitingNow, listRiskAcknowledgements, listWorkspaceTasks } from "./task-queries.server";

/**
 * The personal morning DM (ADR 022): a member who opted in gets, at their own local hour, a Slack DM of their
 * overdue tasks, those due today and in the next three days, and theirs at risk or on the critical path. The cron
 * queues a job per member whose hour has come; the consumer claims the member's local day (one conditional
 * UPDATE), so at most one goes out a day however often either repeats.
 */

export interface MorningDmJob {
  kind: "morning-dm";
  workspaceId: string;
  userId: string;
  /** The member's local date the job is for. */
  localDate: string;
}

const DEFAULT_RETRY_SECONDS = 60;

/** Whether a member's DM is due at `now`: on, their hour reached on their clock, and none claimed today. */
export function morningDmDue(dm: MorningDmRow, workspaceTimezone: string, now: Date) {
  const local = localHour(now, dm.timezone ?? workspaceTimezone);
  const due = dm.enabled && local.hour >= dm.hour && (dm.lastDate === null || dm.lastDate < local.date);
  return { due, localDate: local.date };
}

/** The cron's work: a job for every member whose morning DM is due. */
export async function enqueueDueMorningDms(ctx: Ctx) {
  const jobs: MorningDmJob[] = [];
  for (const { dm, workspaceTimezone } of await reminderModel.listMorningDmCandidates(ctx.db)) {
    const decision = morningDmDue(dm, workspaceTimezone, ctx.now);
    if (decision.due)
      jobs.push({ kind: "morning-dm", workspaceId: dm.workspaceId, userId: dm.userId, localDate: decision.localDate });
  }
  for (let i = 0; i < jobs.length; i += 100) {
    await ctx.env.DIGEST_QUEUE.sendBatch(
      jobs.slice(i, i + 100).map((body) => ({ body, contentType: "json" as const })),
    );
  }
  if (jobs.length) console.log(`morning DM cron: ${jobs.length} member(s) queued`);
  return jobs;
}

export type MorningDmOutcome =
  { kind: "sent" } | { kind: "skipped"; reason: string } | { kind: "retry"; delaySeconds: number };

/** One queued DM: checks it is still due, claims the day, composes the member's morning and sends it. */
export async function deliverMorningDm(ctx: Ctx, job: MorningDmJob): Promise<MorningDmOutcome> {
  const { db, now } = ctx;
  const [dm, found, link] = await Promise.all([
    reminderModel.getMorningDm(db, job.workspaceId, job.userId),
    slackModel.findSlackAppByWorkspace(db, job.workspaceId),
    slackModel.findSlackLinkOfMember(db, job.workspaceId, job.userId),
  ]);
  if (!dm || !found) return { kind: "skipped", reason: "not_set_up" };
  const { app, workspace } = found;
  const decision = morningDmDue(dm, workspace.timezone, now);
  if (decision.localDate !== job.localDate) return { kind: "skipped", reason: "stale_job" };
  if (!decision.due) return { kind: "skipped", reason: "not_due" };
  if (!link || link.slackTeamId !== app.teamId) return { kind: "skipped", reason: "not_linked" };
  const api = await botApi(ctx, await secretKeys(ctx.env), app);
  if (!api) return { kind: "skipped", reason: "not_installed" };

  if (!(await reminderModel.claimMorningDmDay(db, job.workspaceId, job.userId, job.localDate))) {
    return { kind: "skipped", reason: "already_sent" };
  }
  try {
    const [tasks, cues, acknowledgements] = await Promise.all([
      listWorkspaceTasks(ctx, { workspaceId: workspace.id }),
      listCuesWaitingNow(ctx, workspace),
      listRiskAcknowledgements(ctx, workspace.id),
    ]);
    const path = computeCriticalPath({
      tasks,
      eventDate: workspace.eventDate,
      now,
      timezone: workspace.timezone,
      assumedEstimateHours: workspace.assumedEstimateHours,
    });
    const digest = composePersonalDigest({
      tasks,
      userId: job.userId,
      critical: new Set(path.tasks.filter((t) => t.critical).map((t) => t.id)),
      now,
      timezone: dm.timezone ?? workspace.timezone,
      workspaceName: workspace.name,
      eventDate: workspace.eventDate,
      eventLastDay: eventLastDayOf(workspace),
      cues,
      acknowledgements,
    });
    // The day stays claimed: an empty morning is not sent later in the day either.
    if (isEmptyPersonalDigest(digest) && !dm.evenWhenEmpty) return { kind: "skipped", reason: "empty" };
    await api.postMessage({ channel: link.slackUserId, ...personalDigestMessage(digest) });
    return { kind: "sent" };
  } catch (err) {
    if (err instanceof SlackApiError && err.transient) {
      await reminderModel.releaseMorningDmDay(db, job.workspaceId, job.userId, job.localDate, dm.lastDate);
      return { kind: "retry", delaySeconds: err.retryAfterSeconds ?? DEFAULT_RETRY_SECONDS };
    }
    if (err instanceof SlackApiError) return { kind: "skipped", reason: `slack_${err.code}` };
    await reminderModel.releaseMorningDmDay(db, job.workspaceId, job.userId, job.localDate, dm.lastDate);
    throw err;
  }
}

/** The caller's morning DM settings (off, 08:00 in the workspace's timezone until they choose). */
export async function getMyMorningDm(ctx: ActorCtx) {
  const { workspace, user } = ctx.actor;
  const [[dm], [link]] = await ctx.db.batch([
    reminderModel.morningDmOf(ctx.db, workspace.id, user.id),
    slackModel.slackLinkOfMember(ctx.db, workspace.id, user.id),
  ]);
  return {
    enabled: dm?.enabled ?? false,
    hour: dm?.hour ?? 8,
    timezone: dm?.timezone ?? workspace.timezone,
    evenWhenEmpty: dm?.evenWhenEmpty ?? false,
    /** The DM goes through the member's linked Slack account; without one there is nowhere to send it. */
    slackLinked: Boolean(link),
  };
}
export type MorningDmSettings = Awaited<ReturnType<typeof getMyMorningDm>>;

/** Saves the caller's own settings; a timezone equal to the workspace's is kept as "the workspace's". */
export async function saveMyMorningDm(ctx: ActorCtx, input: MorningDmInput) {
  const { workspace, user } = ctx.actor;
  await reminderModel.saveMorningDm(ctx.db, {
    workspaceId: workspace.id,
    userId: user.id,
    enabled: input.enabled,
    hour: input.hour,
    timezone: input.timezone && input.timezone !== workspace.timezone ? input.timezone : null,
    evenWhenEmpty: input.evenWhenEmpty,
    updatedAt: ctx.now.toISOString(),
  });
  return getMyMorningDm(ctx);
}
