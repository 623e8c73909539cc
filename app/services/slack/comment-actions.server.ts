import { COMMENT_MAX } from "~/domain/comments";
import { isAppError } from "~/domain/errors";
import { COMMENT_REPLY_BLOCK, COMMENT_REPLY_INPUT, commentReplyView, noticeMessage } from "~/domain/slack-blocks";
import type { ViewSubmission } from "~/integrations/slack/payloads";
import { addComment } from "~/services/comments.server";
import { getTask } from "~/services/task-queries.server";
import { forMember } from "./actions.server";
import {
  findMember,
  logSlackFailure,
  requireBotApi,
  respond,
  SOMETHING_WENT_WRONG,
  type SlackHandler,
} from "./context.server";

/** The 'Reply' of a mention DM (ADR 038): a modal, whose submission is added as the member's comment on the task. */

/** 'Reply': opens the modal for the member who clicked (the click's trigger_id lasts 3 s, so at once after the ack). */
export const openCommentReply = forMember(async (ctx, click, responseUrl) => {
  const taskId = click.actions[0].value ?? "";
  const triggerId = click.trigger_id;
  if (!triggerId) return;
  try {
    const task = await getTask(ctx, taskId);
    const api = await requireBotApi(ctx);
    await api.viewsOpen({
      trigger_id: triggerId,
      view: commentReplyView({ taskId: task.id, taskTitle: task.title, maxLength: COMMENT_MAX }),
    });
  } catch (err) {
    if (isAppError(err, "not_found")) return respond(ctx, responseUrl, noticeMessage("That task no longer exists."));
    logSlackFailure("comment reply modal", err);
    await respond(ctx, responseUrl, noticeMessage(SOMETHING_WENT_WRONG));
  }
});

/** Slack shows these under the modal's input and keeps it open, with what was typed. */
const refuse = (message: string) => ({
  body: { response_action: "errors", errors: { [COMMENT_REPLY_BLOCK]: message } },
});

/**
 * The modal's submission: the text becomes the linked member's comment (from Slack) on the task, with the same rules
 * as the page and the API. A refusal is shown in the modal; an empty answer closes it.
 */
export const submitCommentReply: SlackHandler<ViewSubmission> = async (ctx, submission) => {
  const member = await findMember(ctx, submission.user.id);
  if (!member) return refuse("Link your Slack account to Cueboard first: send /tasks to the app and follow its link.");
  const body = submission.view.state.values[COMMENT_REPLY_BLOCK]?.[COMMENT_REPLY_INPUT]?.value ?? "";
  try {
    await addComment(member, submission.view.private_metadata, { body, source: "slack" });
    return {};
  } catch (err) {
    if (isAppError(err, "not_found")) return refuse("That task no longer exists.");
    if (isAppError(err, "invalid")) return refuse(err.message);
    logSlackFailure("comment reply", err);
    return refuse(SOMETHING_WENT_WRONG);
  }
};
