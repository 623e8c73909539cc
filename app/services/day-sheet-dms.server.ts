import { addDays, wallClock } from "~/domain/dates";
import { daySheetHasWork, daySheetSnapshot, describeDaySheetChanges, type DaySheetSnapshot } from "~/domain/day-sheet";
import { eventDays } from "~/domain/show";
import { daySheetChangesMessage, daySheetMessage } from "~/domain/slack-blocks";
import { SlackApiError } from "~/integrations/slack/web-api";
import { secretKeys } from "~/lib/secrets.server";
import * as daySheetModel from "~/models/day-sheets";
import * as slackModel from "~/models/slack";
import type { Ctx } from "./context.server";
import { DAY_SHEET_CHANGE_DELAY_SECONDS, type DaySheetCheckJob } from "./day-sheet-changes.server";
import { loadDaySheet, loadMemberDaySheet } from "./day-sheet.server";
import { appOrigin } from "./reminders.server";
import { botApi } from "./slack/setup.server";

/**
 * Day sheets in Slack (issue 35, ADR 044). The evening before each event day, at the workspace's `day_sheet_time`,
 * the cron queues a job per member with a linked Slack who has not had that day's sheet; the consumer sends it to
 * those with something on that day (a call, a cue or a task), claiming the person's day first (one conditional
 * insert), so each gets it once. A later write to a call or a cue queues a check of its day (`queueDaySheetCheck`):
 * every sheet already sent is compared with the sheet now and, once the day has been quiet for a minute, its
 * person gets one DM saying what changed.
 */

export interface DaySheetDmJob {
  kind: "day-sheet-dm";
  workspaceId: string;
  userId: string;
  /** The event day (local `YYYY-MM-DD`) whose sheet goes out the evening before. */
  day: string;
}

export type DaySheetOutcome =
  { kind: "sent" } | { kind: "skipped"; reason: string } | { kind: "retry"; delaySeconds: number };

const DEFAULT_RETRY_SECONDS = 60;

/**
 * The event day whose sheets are due at `now` in a workspace: tomorrow on the venue's clock, when it is an event day
 * and the clock has reached the day sheet time; else null.
 */
export function daySheetDayDue(
  workspace: Parameters<typeof eventDays>[0] & { daySheetEnabled: boolean; daySheetTime: string },
  now: Date,
) {
  if (!workspace.daySheetEnabled) return null;
  const local = wallClock(now, workspace.timezone);
  if (local.time < workspace.daySheetTime) return null;
  const tomorrow = addDays(local.date, 1);
  return eventDays(workspace).some((d) => d.day === tomorrow) ? tomorrow : null;
}

/** The cron's work: a job for every linked member owed tomorrow's sheet in a workspace whose time has come. */
export async function enqueueDueDaySheetDms(ctx: Ctx) {
  const jobs: DaySheetDmJob[] = [];
  for (const { workspace, slackTeamId } of await daySheetModel.listDaySheetCandidates(ctx.db)) {
    const day = daySheetDayDue(workspace, ctx.now);
    if (!day || !slackTeamId) continue;
    for (const { userId } of await daySheetModel.listMembersOwedDaySheet(ctx.db, workspace.id, slackTeamId, day)) {
      jobs.push({ kind: "day-sheet-dm", workspaceId: workspace.id, userId, day });
    }
  }
  for (let i = 0; i < jobs.length; i += 100) {
    await ctx.env.DIGEST_QUEUE.sendBatch(
      jobs.slice(i, i + 100).map((body) => ({ body, contentType: "json" as const })),
    );
  }
  if (jobs.length) console.log(`day sheet cron: ${jobs.length} member(s) queued`);
  return jobs;
}

/** Slack for a member of a workspace: the bot and the member's DM channel, or why not. */
async function slackFor(ctx: Ctx, workspaceId: string, userId: string) {
  const [found, link] = await Promise.all([
    slackModel.findSlackAppByWorkspace(ctx.db, workspaceId),
    slackModel.findSlackLinkOfMember(ctx.db, workspaceId, userId),
  ]);
  if (!found) return { skipped: "not_set_up" } as const;
  if (!link || link.slackTeamId !== found.app.teamId) return { skipped: "not_linked" } as const;
  const api = await botApi(ctx, await secretKeys(ctx.env), found.app);
  if (!api) return { skipped: "not_installed" } as const;
  return { api, channel: link.slackUserId, workspace: found.workspace };
}

/** One queued evening DM: still due, something on the day, claimed, sent. */
export async function deliverDaySheetDm(ctx: Ctx, job: DaySheetDmJob): Promise<DaySheetOutcome> {
  const slack = await slackFor(ctx, job.workspaceId, job.userId);
  if ("skipped" in slack) return { kind: "skipped", reason: slack.skipped! };
  if (daySheetDayDue(slack.workspace, ctx.now) !== job.day) return { kind: "skipped", reason: "not_due" };
  const sheet = await loadMemberDaySheet(ctx, job.workspaceId, job.userId, job.day);
  if (!sheet) return { kind: "skipped", reason: "not_in_directory" };
  // Nothing on the day: no DM, and no claim, so a call added later that evening still brings the sheet.
  if (!daySheetHasWork(sheet)) return { kind: "skipped", reason: "empty" };
  const claimed = await daySheetModel.claimDaySheetDm(ctx.db, {
    workspaceId: job.workspaceId,
    personId: sheet.person.id,
    day: job.day,
    userId: job.userId,
    snapshot: JSON.stringify(daySheetSnapshot(sheet)),
    sentAt: ctx.now.toISOString(),
  });
  if (!claimed) return { kind: "skipped", reason: "already_sent" };
  try {
    await slack.api.postMessage({ channel: slack.channel, ...daySheetMessage(sheet, appOrigin(ctx.env)) });
    return { kind: "sent" };
  } catch (err) {
    if (err instanceof SlackApiError && !err.transient) return { kind: "skipped", reason: `slack_${err.code}` };
    await daySheetModel.releaseDaySheetDm(ctx.db, sheet.person.id, job.day);
    if (err instanceof SlackApiError)
      return { kind: "retry", delaySeconds: err.retryAfterSeconds ?? DEFAULT_RETRY_SECONDS };
    throw err;
  }
}

/**
 * A `day-sheet-check` job: for each sheet of the day already sent, what changed since, in one DM. While the day's
 * calls and cues were written less than a minute ago the check waits (the debounce): several changes in a minute
 * are one message.
 */
export async function deliverDaySheetCheck(ctx: Ctx, job: DaySheetCheckJob): Promise<DaySheetOutcome> {
  const [sent, [last]] = await ctx.db.batch([
    daySheetModel.listSentDaySheets(ctx.db, job.workspaceId, job.day),
    daySheetModel.lastChangeOfDay(ctx.db, job.workspaceId, job.day),
  ]);
  if (sent.length === 0) return { kind: "skipped", reason: "none_sent" };
  if (last?.at) {
    const quietFor = (ctx.now.getTime() - Date.parse(last.at)) / 1000;
    if (quietFor < DAY_SHEET_CHANGE_DELAY_SECONDS) {
      return { kind: "retry", delaySeconds: Math.max(1, Math.ceil(DAY_SHEET_CHANGE_DELAY_SECONDS - quietFor)) };
    }
  }
  let told = 0;
  for (const row of sent) {
    const sheet = await loadDaySheet(ctx, job.workspaceId, row.personId, job.day);
    if (!sheet) continue;
    const before = JSON.parse(row.snapshot) as DaySheetSnapshot;
    const after = daySheetSnapshot(sheet);
    const lines = describeDaySheetChanges(before, after);
    if (lines.length === 0) continue;
    const next = JSON.stringify(after);
    const key = { personId: row.personId, day: row.day };
    if (!(await daySheetModel.replaceDaySheetSnapshot(ctx.db, key, row.snapshot, next, ctx.now.toISOString())))
      continue;
    const slack = await slackFor(ctx, job.workspaceId, row.userId);
    if ("skipped" in slack) continue;
    try {
      await slack.api.postMessage({
        channel: slack.channel,
        ...daySheetChangesMessage(job.day, lines, appOrigin(ctx.env)),
      });
      told += 1;
    } catch (err) {
      if (err instanceof SlackApiError && !err.transient) continue;
      await daySheetModel.restoreDaySheetSnapshot(ctx.db, key, row.snapshot, row.changedAt);
      if (err instanceof SlackApiError)
        return { kind: "retry", delaySeconds: err.retryAfterSeconds ?? DEFAULT_RETRY_SECONDS };
      throw err;
    }
  }
  return told ? { kind: "sent" } : { kind: "skipped", reason: "unchanged" };
}
