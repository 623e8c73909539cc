import type { WorkspaceRow } from "~/db/schema";
import { composeDailyDigest, isDigestDue } from "~/domain/digest";
import { eventLastDayOf } from "~/domain/event-settings";
import { forbidden } from "~/domain/errors";
import { digestMessage } from "~/domain/slack-blocks";
import type { DigestSettingsInput } from "~/domain/slack-schemas";
import { secretKeys } from "~/lib/secrets.server";
import { SlackApiError } from "~/integrations/slack/web-api";
import * as slackModel from "~/models/slack";
import type { ActorCtx, Ctx } from "~/services/context.server";
import { listCuesWaitingNow, listRiskAcknowledgements, listWorkspaceTasks } from "~/services/task-queries.server";
import { botApi } from "./setup.server";

/**
 * The morning digest. The cron (every 15 minutes) finds workspaces whose local digest time has come and
 * queues one job each; the queue consumer claims the local day, composes the digest and posts it. The claim
 * (a conditional UPDATE of `digest_last_date`) makes "at most one digest per workspace per local day" hold
 * however often the cron or the queue repeat.
 */

export interface DigestJob {
  workspaceId: string;
  /** The workspace's local date the job is for. */
  localDate: string;
}

/** Backoff when Slack fails without a Retry-After (5xx, network). */
const DEFAULT_RETRY_SECONDS = 60;
/** Slack redelivers for a few minutes at most; a day of dedup records is ample. */
const PROCESSED_KEEP_MS = 24 * 60 * 60 * 1000;

const scheduleOf = (w: WorkspaceRow) => ({
  enabled: w.digestEnabled,
  channel: w.digestChannel,
  time: w.digestTime,
  timezone: w.timezone,
  lastDate: w.digestLastDate,
});

/** The cron's work: queue every due digest, and prune expired install states and old dedup records. */
export async function enqueueDueDigests(ctx: Ctx) {
  const { db, now } = ctx;
  const jobs: DigestJob[] = [];
  for (const workspace of await slackModel.listDigestCandidates(db)) {
    const decision = isDigestDue(scheduleOf(workspace), now);
    if (decision.due) jobs.push({ workspaceId: workspace.id, localDate: decision.localDate });
  }
  // sendBatch takes at most 100 messages.
  for (let i = 0; i < jobs.length; i += 100) {
    await ctx.env.DIGEST_QUEUE.sendBatch(
      jobs.slice(i, i + 100).map((body) => ({ body, contentType: "json" as const })),
    );
  }
  await slackModel.pruneSlackRecords(db, now.toISOString(), new Date(now.getTime() - PROCESSED_KEEP_MS).toISOString());
  console.log(`digest cron: ${jobs.length} workspace(s) queued`);
  return jobs;
}

export type DigestOutcome =
  { kind: "sent" } | { kind: "skipped"; reason: string } | { kind: "retry"; delaySeconds: number };

/** One queued digest: claim the day, compose, post; a rate limit gives the claim back and asks for a retry. */
export async function deliverDigest(ctx: Ctx, job: DigestJob): Promise<DigestOutcome> {
  const { db, now } = ctx;
  const found = await slackModel.findSlackAppByWorkspace(db, job.workspaceId);
  if (!found) return { kind: "skipped", reason: "not_set_up" };
  const { app, workspace } = found;
  const decision = isDigestDue(scheduleOf(workspace), now);
  if (decision.localDate !== job.localDate) return { kind: "skipped", reason: "stale_job" };
  if (!decision.due) return { kind: "skipped", reason: decision.reason };
  const api = await botApi(ctx, await secretKeys(ctx.env), app);
  if (!api) return { kind: "skipped", reason: "not_installed" };

  if (!(await slackModel.claimDigestDay(db, workspace.id, job.localDate)))
    return { kind: "skipped", reason: "already_sent" };
  try {
    const [tasks, cues, acknowledgements] = await Promise.all([
      listWorkspaceTasks(ctx, { workspaceId: workspace.id }),
      listCuesWaitingNow(ctx, workspace),
      listRiskAcknowledgements(ctx, workspace.id),
    ]);
    const digest = composeDailyDigest({
      tasks,
      cues,
      acknowledgements,
      now,
      timezone: workspace.timezone,
      workspaceName: workspace.name,
      eventDate: workspace.eventDate,
      eventLastDay: eventLastDayOf(workspace),
    });
    await api.postMessage({ channel: workspace.digestChannel!, ...digestMessage(digest) });
    return { kind: "sent" };
  } catch (err) {
    if (err instanceof SlackApiError && err.transient) {
      await slackModel.releaseDigestDay(db, workspace.id, job.localDate, workspace.digestLastDate);
      return { kind: "retry", delaySeconds: err.retryAfterSeconds ?? DEFAULT_RETRY_SECONDS };
    }
    // A permanent refusal (channel_not_found, not_in_channel, invalid_auth…) would fail again: keep the claim.
    if (err instanceof SlackApiError) return { kind: "skipped", reason: `slack_${err.code}` };
    await slackModel.releaseDigestDay(db, workspace.id, job.localDate, workspace.digestLastDate);
    throw err;
  }
}

export function digestSettingsOf(workspace: WorkspaceRow) {
  return {
    channel: workspace.digestChannel,
    time: workspace.digestTime,
    enabled: workspace.digestEnabled,
    timezone: workspace.timezone,
  };
}

export async function updateDigestSettings(ctx: ActorCtx, input: DigestSettingsInput) {
  const { actor } = ctx;
  if (actor.role !== "owner") throw forbidden("Only the workspace owner can change the digest");
  const changes = {
    ...(input.channel !== undefined ? { digestChannel: input.channel } : {}),
    ...(input.time !== undefined ? { digestTime: input.time } : {}),
    ...(input.enabled !== undefined ? { digestEnabled: input.enabled } : {}),
  };
  if (Object.keys(changes).length === 0) return digestSettingsOf(actor.workspace);
  const updated = await slackModel.updateDigestSettings(ctx.db, actor.workspace.id, changes);
  return digestSettingsOf(updated ?? actor.workspace);
}
