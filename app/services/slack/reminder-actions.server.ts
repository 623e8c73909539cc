import { formatActivityTime } from "~/domain/dates";
import { isAppError } from "~/domain/errors";
import { noticeMessage } from "~/domain/slack-blocks";
import type { BlockActions } from "~/integrations/slack/payloads";
import { snoozeReminder } from "~/services/reminders.server";
import { forMember } from "./actions.server";
import { replyLater, type SlackHandler } from "./context.server";

/** The buttons of a reminder DM (ADR 022) besides 'Mark done', which is every task card's. */

/** 'Snooze 1 day': the reminder again a day later, for the member who clicked; the DM says when. */
export const snoozeReminderButton = forMember(async (ctx, click, responseUrl) => {
  const reminderId = click.actions[0].value ?? "";
  await replyLater(ctx, "snooze reminder", responseUrl, async () => {
    try {
      const { fireAt } = await snoozeReminder(ctx, { workspaceId: ctx.workspace.id, userId: ctx.actor.user.id, reminderId });
      return noticeMessage(`Snoozed. I'll remind you again on ${formatActivityTime(fireAt, ctx.workspace.timezone)}.`);
    } catch (err) {
      if (!isAppError(err, "not_found")) throw err;
      return noticeMessage("That reminder's task no longer exists.");
    }
  });
});

/** 'Open' is a link: Slack opens the task and still tells us of the click, which needs only its ack. */
export const openTaskLink: SlackHandler<BlockActions> = async () => ({});
