import { errorSummary } from "~/lib/log";
import type { Ctx } from "./context.server";
import type { DaySheetCheckJob } from "./day-sheet-changes.server";
import { deliverDaySheetCheck, deliverDaySheetDm, type DaySheetDmJob } from "./day-sheet-dms.server";
import { deliverMorningDm, type MorningDmJob } from "./morning-dm.server";
import { deliverReminder, type ReminderJob } from "./reminders.server";
import { deliverDigest, type DigestJob } from "./slack/digest.server";
import { deliverWebhook, type WebhookDeliveryJob } from "./webhooks.server";

/**
 * The one queue's messages: the channel digest (its jobs carry no `kind`, as they always did), a reminder, a
 * member's morning DM, a member's evening day sheet DM, a check of a day's sent sheets (ADR 044), a webhook
 * delivery (ADR 049). Each is acknowledged, or retried after the delay Slack asked for (a webhook: its backoff).
 */
export type QueueJob = DigestJob | ReminderJob | MorningDmJob | DaySheetDmJob | DaySheetCheckJob | WebhookDeliveryJob;

type Outcome =
  | { kind: "sent" }
  | { kind: "sent"; dm: boolean }
  | { kind: "skipped"; reason: string }
  | { kind: "retry"; delaySeconds: number };

const DEFAULT_RETRY_SECONDS = 60;

function deliver(ctx: Ctx, job: QueueJob): Promise<Outcome> {
  if ("kind" in job && job.kind === "reminder") return deliverReminder(ctx, job);
  if ("kind" in job && job.kind === "morning-dm") return deliverMorningDm(ctx, job);
  if ("kind" in job && job.kind === "day-sheet-dm") return deliverDaySheetDm(ctx, job);
  if ("kind" in job && job.kind === "day-sheet-check") return deliverDaySheetCheck(ctx, job);
  if ("kind" in job && job.kind === "webhook-delivery") return deliverWebhook(ctx, job);
  return deliverDigest(ctx, job as DigestJob);
}

function describe(job: QueueJob) {
  if ("kind" in job && job.kind === "reminder") return `reminder ${job.reminderId}`;
  if ("kind" in job && job.kind === "morning-dm") return `morning DM for ${job.userId} in workspace ${job.workspaceId}`;
  if ("kind" in job && job.kind === "day-sheet-dm")
    return `day sheet DM of ${job.day} for ${job.userId} in workspace ${job.workspaceId}`;
  if ("kind" in job && job.kind === "day-sheet-check")
    return `day sheet check of ${job.day} in workspace ${job.workspaceId}`;
  if ("kind" in job && job.kind === "webhook-delivery") return `webhook delivery ${job.deliveryId}`;
  return `digest for workspace ${job.workspaceId}`;
}

/** The queue consumer. `ctx.now` is the batch's start: every job of the batch reads the same instant. */
export async function processQueueBatch(ctx: Ctx, batch: MessageBatch<QueueJob>) {
  for (const message of batch.messages) {
    try {
      const outcome = await deliver(ctx, message.body);
      if (outcome.kind === "retry") {
        console.log(`${describe(message.body)}: retry in ${outcome.delaySeconds}s`);
        message.retry({ delaySeconds: outcome.delaySeconds });
        continue;
      }
      if (outcome.kind === "skipped") console.log(`${describe(message.body)} skipped: ${outcome.reason}`);
      message.ack();
    } catch (err) {
      console.error(`${describe(message.body)} failed: ${errorSummary(err)}`);
      message.retry({ delaySeconds: DEFAULT_RETRY_SECONDS });
    }
  }
}
