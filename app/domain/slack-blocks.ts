import { addDays, dateParts, daysBetween, dueDay, weekdayOf } from "./dates";
import type { DaySheet } from "./day-sheet";
import type { DailyDigest, DigestCue, DigestItem, PersonalDigest } from "./digest";
import { PERSONAL_UPCOMING_DAYS } from "./digest";
import { SLACK_LINK_TTL_MS } from "./slack-links";
import type { Priority } from "./tasks";
import { COMPLETED } from "./tasks";
import { plural, statusLabel } from "./labels";

/**
 * Block Kit for every Slack reply, as pure functions of their data: handlers decide what to say, these decide
 * how it looks. Messages stay inside Slack's limits (50 blocks, 3000 characters a section, 2000 a button value).
 */

export interface SlackMessage {
  text: string;
  blocks: Block[];
}

type Text = { type: "mrkdwn" | "plain_text"; text: string; emoji?: boolean };
/** Slack's confirm step on a button. */
type Confirm = { title: Text; text: Text; confirm: Text; deny: Text; style?: "primary" | "danger" };
type Button = {
  type: "button";
  action_id: string;
  text: Text;
  value: string;
  /** A link button: Slack opens it (and still sends the click, which we acknowledge and ignore). */
  url?: string;
  style?: "primary" | "danger";
  confirm?: Confirm;
};
export type Block =
  | { type: "section"; block_id?: string; text: Text }
  | { type: "actions"; block_id?: string; elements: Button[] }
  | { type: "context"; elements: Text[] }
  | { type: "header"; text: Text }
  | { type: "divider" };

export interface BlockTask {
  id: string;
  title: string;
  status: string;
  priority: Priority;
  dueDate: string | null;
  assigneeName: string | null;
  /** A recurring task's rule in words ("Every Friday"), made on the server (ADR 021). */
  recurrenceText?: string | null;
}

export const TASK_ACTIONS = {
  markDone: "task_mark_done",
  snooze: "task_snooze",
  assignToMe: "task_assign_to_me",
  delete: "task_delete",
  undoDelete: "task_undo_delete",
  createAnyway: "task_create_anyway",
  snoozeReminder: "reminder_snooze",
  openTask: "task_open",
  replyToComment: "comment_reply",
} as const;

/** callback_id of the 'Reply' modal of a mention DM (ADR 038); its private_metadata is the task's id. */
export const COMMENT_REPLY_VIEW = "comment_reply";
/** The modal's text input: its block and action ids, where a submission's value and a refusal's error go. */
export const COMMENT_REPLY_BLOCK = "comment";
export const COMMENT_REPLY_INPUT = "body";

/** callback_id of the 'Create task from message' message shortcut (also in the manifest). */
export const CREATE_TASK_SHORTCUT = "create_task_from_message";

/** Which message a task button sits in, so the handler can redraw that message after the change. */
export type TaskView = "open" | "overdue" | "single";

export const LIST_LIMIT = 10;
const DIGEST_SECTION_LIMIT = 8;
const BUTTON_VALUE_MAX = 2000;
const SECTION_MAX = 3000;

export const SLASH_COMMANDS = [
  { command: "/tasks", description: "List open tasks, most urgent first", usageHint: "" },
  { command: "/new", description: "Create a task from a description, deadline and owner", usageHint: "[description] [deadline] [@owner]" },
  { command: "/overdue", description: "List overdue tasks", usageHint: "" },
  { command: "/assistant", description: "Ask about this event's tasks", usageHint: "[question]" },
  { command: "/cue", description: "The show's current and next cue", usageHint: "" },
  { command: "/help", description: "How to use Cueboard in Slack", usageHint: "" },
] as const;

/** Slack mrkdwn treats &, < and > as markup; user text must not. */
export function escapeMrkdwn(text: string) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/**
 * A message: its `text` is the fallback Slack shows in notifications and where blocks cannot be drawn, and is
 * read as mrkdwn there too, so it is escaped like the blocks (no `<!channel>` or disguised link from a title).
 */
const message = (text: string, blocks: Block[]): SlackMessage => ({ text: escapeMrkdwn(text), blocks });

const mrkdwn = (text: string): Text => ({ type: "mrkdwn", text: text.length > SECTION_MAX ? `${text.slice(0, SECTION_MAX - 1)}…` : text });
const plain = (text: string): Text => ({ type: "plain_text", text: text.slice(0, 75), emoji: true });
const section = (text: string, block_id?: string): Block => ({ type: "section", ...(block_id ? { block_id } : {}), text: mrkdwn(text) });
const context = (text: string): Block => ({ type: "context", elements: [mrkdwn(text)] });

const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** `Fri 4 Dec` for a `YYYY-MM-DD`. */
export function formatDay(date: string) {
  const [, m, d] = dateParts(date);
  const weekday = WEEKDAYS[weekdayOf(date)];
  return `${weekday} ${d} ${MONTHS[m - 1]}`;
}

/** How a due date reads next to a task, relative to the workspace's today: "due tomorrow 14:00", "3 days overdue". */
export function describeDue(dueDate: string | null, today: string) {
  if (!dueDate) return null;
  const day = dueDay(dueDate);
  const time = dueDate.length > 10 ? ` ${dueDate.slice(11, 16)}` : "";
  const days = daysBetween(today, day);
  if (days < 0) return `${plural(-days, "day")} overdue (${formatDay(day)})`;
  if (days === 0) return `due today${time}`;
  if (days === 1) return `due tomorrow${time}`;
  return `due ${formatDay(day)}${time}`;
}

/** One line per task: title, then due, priority (when not medium), owner and a non-default status. */
export function taskLine(task: BlockTask, today: string) {
  const done = task.status === COMPLETED;
  const title = escapeMrkdwn(task.title);
  const facts = [
    done ? "done" : describeDue(task.dueDate, today),
    task.priority !== "medium" ? `${task.priority} priority` : null,
    task.assigneeName ? escapeMrkdwn(`@${task.assigneeName}`) : "unassigned",
    !done && task.status !== "pending" ? statusLabel(task.status) : null,
    task.recurrenceText ? `:repeat: ${escapeMrkdwn(task.recurrenceText)}` : null,
  ].filter(Boolean);
  const overdue = !done && task.dueDate && dueDay(task.dueDate) < today;
  return `${done ? `~${title}~` : `*${title}*`}${overdue ? " :warning:" : ""}\n${facts.join(" · ")}`;
}

/** The value carried by a task button: the task and the view to redraw. */
export function encodeTaskAction(taskId: string, view: TaskView) {
  return JSON.stringify({ id: taskId, v: view });
}

export function decodeTaskAction(value: string | undefined): { id: string; view: TaskView } | null {
  try {
    const data = JSON.parse(value ?? "") as { id?: unknown; v?: unknown };
    if (typeof data.id !== "string" || !["open", "overdue", "single"].includes(data.v as string)) return null;
    return { id: data.id, view: data.v as TaskView };
  } catch {
    return null;
  }
}

/** 'Open': a link button to the task in Cueboard (Slack still tells us of the click, which needs only its ack). */
function openButton(taskId: string, appUrl: string): Button {
  return { type: "button", action_id: TASK_ACTIONS.openTask, text: plain("Open"), value: taskId, url: `${appUrl}/tasks/${encodeURIComponent(taskId)}` };
}

/** A task's line and its buttons; with `appUrl`, 'Open' last. */
function taskBlocks(task: BlockTask, view: TaskView, today: string, appUrl?: string): Block[] {
  const blocks: Block[] = [section(taskLine(task, today), `task:${task.id}`)];
  if (task.status === COMPLETED) return blocks;
  const value = encodeTaskAction(task.id, view);
  blocks.push({
    type: "actions",
    block_id: `actions:${task.id}`,
    elements: [
      { type: "button", action_id: TASK_ACTIONS.markDone, text: plain("Mark done"), value, style: "primary" },
      { type: "button", action_id: TASK_ACTIONS.snooze, text: plain("Snooze 1 day"), value },
      { type: "button", action_id: TASK_ACTIONS.assignToMe, text: plain("Assign to me"), value },
      {
        type: "button",
        action_id: TASK_ACTIONS.delete,
        text: plain("Delete"),
        value,
        style: "danger",
        confirm: {
          title: plain("Delete this task?"),
          text: mrkdwn(`*${escapeMrkdwn(task.title)}* is kept for 30 days: Undo brings it back.`),
          confirm: plain("Delete"),
          deny: plain("Cancel"),
          style: "danger",
        },
      },
      ...(appUrl ? [openButton(task.id, appUrl)] : []),
    ],
  });
  return blocks;
}

/** What a button just did, with an 'Undo' button when it can be undone (a delete: `undo` is the button value). */
function noticeBlocks(notice: string | undefined, undo?: string): Block[] {
  if (!notice) return [];
  if (!undo) return [context(escapeMrkdwn(notice))];
  return [
    section(escapeMrkdwn(notice)),
    { type: "actions", elements: [{ type: "button", action_id: TASK_ACTIONS.undoDelete, text: plain("Undo"), value: undo }] },
  ];
}

/** A task card replaced after its 'Delete': "Deleted “X”" and 'Undo' (`undo` carries the task, as encodeTaskAction). */
export function undoableNoticeMessage(notice: string, undo: string): SlackMessage {
  return message(notice, noticeBlocks(notice, undo));
}

const LIST_TITLES: Record<Exclude<TaskView, "single">, { title: string; empty: string }> = {
  open: { title: "Open tasks, most urgent first", empty: "No open tasks. Create one with `/new`." },
  overdue: { title: "Overdue tasks", empty: "Nothing is overdue. :tada:" },
};

/**
 * `/tasks` and `/overdue`: up to LIST_LIMIT tasks (already in order) with their buttons, and a count of the
 * rest. `notice` reports what a button just did.
 */
export function taskListMessage(input: {
  view: Exclude<TaskView, "single">;
  tasks: readonly BlockTask[];
  today: string;
  notice?: string;
  appUrl?: string;
  /** How many of the first tasks are the reader's own (listed first); said under the title. */
  yours?: number;
  /** The value of an 'Undo' button for what `notice` says (a delete). */
  undo?: string;
}): SlackMessage {
  const { title, empty } = LIST_TITLES[input.view];
  const blocks: Block[] = [...noticeBlocks(input.notice, input.undo)];
  blocks.push(section(`*${title}* (${input.tasks.length})`));
  if (input.tasks.length === 0) blocks.push(section(empty));
  else if (input.yours) blocks.push(context(`Yours first: ${input.yours} assigned to you.`));
  const shown = input.tasks.slice(0, LIST_LIMIT);
  for (const task of shown) blocks.push(...taskBlocks(task, input.view, input.today));
  const more = input.tasks.length - shown.length;
  if (more > 0) {
    const link = input.appUrl ? ` <${input.appUrl}/tasks|Open Cueboard> for the rest.` : "";
    blocks.push(context(`Showing ${shown.length} of ${input.tasks.length}.${link}`));
  }
  const text = input.notice ? `${input.notice} ${title}: ${input.tasks.length}` : `${title}: ${input.tasks.length}`;
  return message(text, blocks);
}

/** One task with its buttons (a created task, or the task a button changed). */
export function taskCardMessage(task: BlockTask, today: string, notice?: string): SlackMessage {
  const blocks: Block[] = [...noticeBlocks(notice), ...taskBlocks(task, "single", today)];
  return message(notice ?? task.title, blocks);
}

/** A task the parser produced, carried in a 'Create anyway' button until someone confirms it. */
export interface TaskDraft {
  title: string;
  description: string | null;
  dueDate: string | null;
  assigneeName: string | null;
  priority: Priority | null;
  category: string | null;
  estimatedHours: number | null;
  /** The repeat rule read from the text (ADR 021). */
  recurrence?: string | null;
  /** "remind me 2 days before": minutes before the due time (ADR 022); absent when none was asked. */
  reminders?: number[];
}

/** The Slack message a draft came from, carried by its 'Create anyway' so the task still remembers it (ADR 040). */
export interface DraftMessage {
  channelId: string;
  channelName: string | null;
  messageTs: string;
  threadTs: string;
  via: "shortcut" | "mention" | "reaction";
}

/**
 * The 'Create anyway' value: the draft itself (so a later click creates exactly what was shown, with no
 * re-parsing), the Slack message it came from, if any, and a nonce (so a double click creates it once). A long
 * description is shortened to fit Slack's 2000-character limit.
 */
export function encodeCreateAnyway(nonce: string, draft: TaskDraft, message?: DraftMessage) {
  const m = message
    ? { c: message.channelId, cn: message.channelName, t: message.messageTs, th: message.threadTs, v: message.via }
    : undefined;
  const encode = (d: TaskDraft) => JSON.stringify({ n: nonce, d, ...(m ? { m } : {}) });
  let value = encode(draft);
  if (value.length <= BUTTON_VALUE_MAX || !draft.description) return value;
  const over = value.length - BUTTON_VALUE_MAX;
  // JSON escaping can make a character cost more than one; shorten until it fits.
  for (let cut = over + 1; cut <= draft.description.length; cut += Math.max(1, Math.ceil(over / 4))) {
    value = encode({ ...draft, description: `${draft.description.slice(0, -cut)}…` });
    if (value.length <= BUTTON_VALUE_MAX) return value;
  }
  return encode({ ...draft, description: null });
}

const CHANNEL_ID_RE = /^[CGD][A-Z0-9]{1,30}$/;
const MESSAGE_TS_RE = /^\d{1,12}\.\d{1,9}$/;
const VIAS = ["shortcut", "mention", "reaction"] as const;

/** The message part of a 'Create anyway' value, when it is well formed. */
function decodeDraftMessage(m: unknown): DraftMessage | undefined {
  if (!m || typeof m !== "object") return undefined;
  const { c, cn, t, th, v } = m as Record<string, unknown>;
  if (typeof c !== "string" || !CHANNEL_ID_RE.test(c)) return undefined;
  if (typeof t !== "string" || !MESSAGE_TS_RE.test(t) || typeof th !== "string" || !MESSAGE_TS_RE.test(th)) return undefined;
  const via = VIAS.find((x) => x === v);
  if (!via) return undefined;
  const channelName = typeof cn === "string" && cn.length <= 80 ? cn : null;
  return { channelId: c, channelName, messageTs: t, threadTs: th, via };
}

export function decodeCreateAnyway(
  value: string | undefined,
): { nonce: string; draft: TaskDraft; message?: DraftMessage } | null {
  try {
    const data = JSON.parse(value ?? "") as { n?: unknown; d?: Partial<TaskDraft>; m?: unknown };
    const d = data.d;
    if (typeof data.n !== "string" || !d || typeof d.title !== "string") return null;
    const str = (v: unknown) => (typeof v === "string" ? v : null);
    const message = decodeDraftMessage(data.m);
    return {
      nonce: data.n,
      draft: {
        title: d.title,
        description: str(d.description),
        dueDate: str(d.dueDate),
        assigneeName: str(d.assigneeName),
        priority: (["low", "medium", "high", "critical"] as const).find((p) => p === d.priority) ?? null,
        category: str(d.category),
        estimatedHours: typeof d.estimatedHours === "number" ? d.estimatedHours : null,
        ...(typeof d.recurrence === "string" ? { recurrence: d.recurrence } : {}),
        ...(Array.isArray(d.reminders) ? { reminders: d.reminders.filter((m) => Number.isInteger(m)) } : {}),
      },
      ...(message ? { message } : {}),
    };
  } catch {
    return null;
  }
}

export interface DuplicateDraft {
  draft: TaskDraft;
  existing: BlockTask;
  /** The open task's title is similar rather than the same (the near-duplicate rule). */
  similar?: boolean;
  /** The 'Create anyway' button value from encodeCreateAnyway. */
  createAnywayValue: string;
}

/**
 * What `/new`, a mention or the shortcut produced: the created tasks with their buttons, and for each draft
 * that matches an open task a warning with 'Create anyway'.
 */
export function newTasksMessage(input: {
  created: readonly BlockTask[];
  duplicates: readonly DuplicateDraft[];
  /** Drafts the task service refused, as sentences. */
  problems?: readonly string[];
  today: string;
  /** Our origin: each created task gets 'Open'. */
  appUrl?: string;
  /** Says where the tasks came from, after the heading (mrkdwn; the caller escapes what it quotes). */
  note?: string;
}): SlackMessage {
  const blocks: Block[] = [];
  const texts: string[] = [];
  if (input.created.length > 0) {
    const heading = input.created.length === 1 ? "Task created" : `${input.created.length} tasks created`;
    texts.push(`${heading}: ${input.created.map((t) => t.title).join(", ")}`);
    blocks.push(context(`:white_check_mark: ${heading}${input.note ? ` ${input.note}` : ""}`));
    for (const task of input.created) blocks.push(...taskBlocks(task, "single", input.today, input.appUrl));
  }
  for (const dup of input.duplicates) {
    texts.push(`Possible duplicate: ${dup.draft.title}`);
    blocks.push(
      section(
        `:warning: *Possible duplicate* of _${escapeMrkdwn(dup.draft.title)}_. ${
          dup.similar ? "A similar open task exists" : "An open task already has this title"
        }:\n${taskLine(dup.existing, input.today)}`,
        `duplicate:${dup.existing.id}`,
      ),
      {
        type: "actions",
        elements: [{ type: "button", action_id: TASK_ACTIONS.createAnyway, text: plain("Create anyway"), value: dup.createAnywayValue }],
      },
    );
  }
  for (const problem of input.problems ?? []) {
    texts.push(problem);
    blocks.push(section(`:x: ${escapeMrkdwn(problem)}`));
  }
  return message(texts.join(" · ") || "Nothing to create", blocks);
}

/** The capture emoji on a message that already has its task (ADR 040): said privately to whoever reacted, with 'Open'. */
export function alreadyCapturedMessage(input: { taskId: string; title: string; appUrl: string }): SlackMessage {
  const text = `This message is already a task: ${input.title}`;
  return message(text, [
    section(`:memo: This message is already a task: *${escapeMrkdwn(input.title)}*`),
    { type: "actions", elements: [openButton(input.taskId, input.appUrl)] },
  ]);
}

/** Plain notices: errors, confirmations, "nothing to do". */
export function noticeMessage(text: string): SlackMessage {
  return message(text, [section(escapeMrkdwn(text))]);
}

/** The commands, mentions, the shortcut and the capture emoji (`captureEmoji`, the workspace's short name). */
export function helpMessage(captureEmoji = "memo"): SlackMessage {
  const lines = SLASH_COMMANDS.map(
    (c) => `• \`${c.command}${c.usageHint ? ` ${escapeMrkdwn(c.usageHint)}` : ""}\`: ${c.description}`,
  );
  return message("Cueboard commands: /tasks, /new, /overdue, /assistant, /cue, /help", [
    section("*Cueboard in Slack*"),
    section(lines.join("\n")),
    context(
      "Mention @Cueboard with a task to create it, or with a question to get an answer in the thread. " +
        `Use the message menu's 'Create task from message', or react with :${escapeMrkdwn(captureEmoji)}:, to turn ` +
        "any message into a task that links back to it. (`/new` cannot: Slack does not tell a command which " +
        "thread it was typed in.)",
    ),
  ]);
}

/**
 * For a Slack user who is not linked to a Cueboard member of this workspace: the link opens a page where the
 * member confirms, so it is only for the person it was sent to.
 */
export function linkAccountMessage(linkUrl: string): SlackMessage {
  return message("Link your Slack account to Cueboard to use it here.", [
    section(
      "*Your Slack account is not linked to Cueboard yet.*\n" +
        `Open <${linkUrl}|this link> in the browser where you use Cueboard, as a member of this event's workspace, and confirm. ` +
        `The link works once, for ${SLACK_LINK_TTL_MS / 60_000} minutes. Do not send it to anyone: whoever confirms it lets you act as them.`,
    ),
    context("Not a member yet? Ask the workspace owner to invite you to Cueboard first."),
  ]);
}

/** The private confirmation a Slack user gets once a member has linked them. */
export function slackLinkedMessage(input: { memberName: string; workspaceName: string; appUrl: string }): SlackMessage {
  const who = escapeMrkdwn(input.memberName);
  const where = escapeMrkdwn(input.workspaceName);
  return message(`Your Slack account is now linked to ${input.memberName} in Cueboard.`, [
    section(`:white_check_mark: *Your Slack account is linked.* Here you now act as *${who}* in *${where}*. Try \`/tasks\`.`),
    context(`Not right? Remove the link on <${input.appUrl}/team|the Team page> in Cueboard.`),
  ]);
}

export function assistantMessage(question: string, answer: string): SlackMessage {
  const blocks: Block[] = [];
  if (question.trim()) blocks.push(context(`> ${escapeMrkdwn(question.trim())}`));
  blocks.push(section(escapeMrkdwn(answer)));
  return message(answer, blocks);
}

function digestSection(title: string, items: readonly DigestItem[], today: string): Block[] {
  if (items.length === 0) return [];
  const shown = items.slice(0, DIGEST_SECTION_LIMIT);
  const lines = shown.map(({ task, note }) => {
    const due = task.dueDate ? describeDue(task.dueDate, today) : null;
    const facts = [note ?? due, task.assigneeName ? `@${task.assigneeName}` : "unassigned"].filter(Boolean);
    return `• ${escapeMrkdwn(task.title)} · ${escapeMrkdwn(facts.join(" · "))}`;
  });
  if (items.length > shown.length) lines.push(`…and ${items.length - shown.length} more`);
  return [section(`*${title} (${items.length})*\n${lines.join("\n")}`)];
}

/** The run of show's cues not ready (ADR 026): "• cue 'Walk-in music' waits on 2 open tasks · Fri, Mar 6". */
function cueSection(cues: readonly DigestCue[]): Block[] {
  if (cues.length === 0) return [];
  const shown = cues.slice(0, DIGEST_SECTION_LIMIT);
  const lines = shown.map((cue) => `• ${escapeMrkdwn(cue.reason)} · ${formatDay(cue.day)}`);
  if (cues.length > shown.length) lines.push(`…and ${cues.length - shown.length} more`);
  return [section(`*:clapper: Cues not ready (${cues.length})*\n${lines.join("\n")}`)];
}

/** The morning digest as posted to the workspace's channel. */
export function digestMessage(digest: DailyDigest): SlackMessage {
  const today = digest.localDate;
  const counts = `${digest.overdue.length} overdue, ${digest.dueToday.length} due today, ${digest.upcoming.length} in the next 7 days`;
  const blocks: Block[] = [
    { type: "header", text: plain(`Morning digest · ${formatDay(today)}`) },
    context(`${escapeMrkdwn(digest.workspaceName)} · ${counts}`),
    ...digestSection(":rotating_light: Overdue", digest.overdue, today),
    ...digestSection(":calendar: Due today", digest.dueToday, today),
    ...digestSection(`:spiral_calendar_pad: Next 7 days (to ${formatDay(addDays(today, 7))})`, digest.upcoming, today),
    ...digestSection(":warning: At risk", digest.atRisk, today),
    ...cueSection(digest.cuesNotReady),
  ];
  if (blocks.length === 2) {
    blocks.push(section(digest.openCount === 0 ? "No open tasks. Enjoy the calm." : "Nothing overdue or due in the next 7 days."));
  }
  return message(`Morning digest for ${formatDay(today)}: ${counts}`, blocks);
}

// ---- reminders and the personal morning DM (ADR 022) --------------------------------------------------------

/**
 * A reminder DM: what is due, with 'Mark done' (the task button every task card has), 'Snooze 1 day' (this reminder
 * again a day later; its value is the reminder id) and 'Open' (the task in Cueboard, when the app's URL is known).
 */
export function reminderMessage(input: {
  task: BlockTask;
  text: string;
  reminderId: string;
  appUrl: string | null;
}): SlackMessage {
  const { task } = input;
  const buttons: Button[] = [
    {
      type: "button",
      action_id: TASK_ACTIONS.markDone,
      text: plain("Mark done"),
      value: encodeTaskAction(task.id, "single"),
      style: "primary",
    },
    { type: "button", action_id: TASK_ACTIONS.snoozeReminder, text: plain("Snooze 1 day"), value: input.reminderId },
  ];
  if (input.appUrl) buttons.push(openButton(task.id, input.appUrl));
  return message(input.text, [
    section(`:alarm_clock: ${escapeMrkdwn(input.text)}`, `reminder:${input.reminderId}`),
    { type: "actions", block_id: `reminder-actions:${input.reminderId}`, elements: buttons },
  ]);
}

/** The member's morning DM: their overdue, due today, next three days, at risk and on the critical path. */
export function personalDigestMessage(digest: PersonalDigest): SlackMessage {
  const today = digest.localDate;
  const counts = `${digest.overdue.length} overdue, ${digest.dueToday.length} due today, ${digest.upcoming.length} in the next ${PERSONAL_UPCOMING_DAYS} days`;
  const blocks: Block[] = [
    { type: "header", text: plain(`Your morning · ${formatDay(today)}`) },
    context(`${escapeMrkdwn(digest.workspaceName)} · ${counts}`),
    ...digestSection(":rotating_light: Overdue", digest.overdue, today),
    ...digestSection(":calendar: Due today", digest.dueToday, today),
    ...digestSection(`:spiral_calendar_pad: Next ${PERSONAL_UPCOMING_DAYS} days`, digest.upcoming, today),
    ...digestSection(":warning: At risk", digest.atRisk, today),
    ...digestSection(":chains: On the critical path", digest.criticalPath, today),
    ...cueSection(digest.cuesNotReady),
  ];
  if (blocks.length === 2) blocks.push(section("Nothing of yours is due or at risk. Enjoy the calm."));
  return message(`Your morning for ${formatDay(today)}: ${counts}`, blocks);
}

/**
 * A mention DM (ADR 038): who mentioned the member on which task and what they said, with 'Open' (the task in
 * Cueboard, when the app's URL is known) and 'Reply' (a modal whose text becomes the member's comment).
 */
export function mentionMessage(input: {
  taskId: string;
  taskTitle: string;
  authorName: string;
  excerpt: string;
  appUrl: string | null;
}): SlackMessage {
  const said = `${input.authorName} mentioned you on “${input.taskTitle}”`;
  const buttons: Button[] = [];
  if (input.appUrl) {
    const url = `${input.appUrl}/tasks/${encodeURIComponent(input.taskId)}`;
    buttons.push({ type: "button", action_id: TASK_ACTIONS.openTask, text: plain("Open"), value: input.taskId, url });
  }
  buttons.push({ type: "button", action_id: TASK_ACTIONS.replyToComment, text: plain("Reply"), value: input.taskId, style: "primary" });
  return message(`${said}: ${input.excerpt}`, [
    section(`:speech_balloon: *${escapeMrkdwn(said)}*\n>${escapeMrkdwn(input.excerpt)}`),
    { type: "actions", block_id: `comment-actions:${input.taskId}`, elements: buttons },
  ]);
}

/** The 'Reply' modal (views.open): one multi-line input, posted as the member's comment on the task. */
export function commentReplyView(input: { taskId: string; taskTitle: string; maxLength: number }) {
  return {
    type: "modal" as const,
    callback_id: COMMENT_REPLY_VIEW,
    private_metadata: input.taskId,
    title: plain("Reply"),
    submit: plain("Comment"),
    close: plain("Cancel"),
    blocks: [
      context(`On “${escapeMrkdwn(input.taskTitle)}”`),
      {
        type: "input" as const,
        block_id: COMMENT_REPLY_BLOCK,
        label: plain("Your comment"),
        element: {
          type: "plain_text_input" as const,
          action_id: COMMENT_REPLY_INPUT,
          multiline: true,
          max_length: input.maxLength,
        },
      },
    ],
  };
}

/** The action id of a day sheet DM's 'Open' link button (the click is acknowledged and ignored). */
export const DAY_SHEET_OPEN_ACTION = "day_sheet_open";

function daySheetOpenBlock(day: string, appUrl: string | null): Block[] {
  if (!appUrl) return [];
  const url = `${appUrl}/day/${day}`;
  return [
    {
      type: "actions",
      block_id: `day-sheet:${day}`,
      elements: [{ type: "button", action_id: DAY_SHEET_OPEN_ACTION, text: plain("Open"), value: day, url, style: "primary" }],
    },
  ];
}

/**
 * The evening DM (ADR 044): the member's day sheet for tomorrow: calls with places, cues with planned times, open
 * tasks due that day, and 'Open' to `/day/{date}`. No one's phone or email: the sheet in Cueboard has the key contacts.
 */
export function daySheetMessage(sheet: DaySheet, appUrl: string | null): SlackMessage {
  const day = formatDay(sheet.day);
  const calls = sheet.calls.map((c) => {
    const where = [c.location, c.stageName].filter(Boolean).join(" · ");
    return `• *${c.startTime}*${c.endTime ? `–${c.endTime}` : ""}${where ? ` ${escapeMrkdwn(where)}` : ""}${
      c.department ? ` _(${escapeMrkdwn(c.department)})_` : ""
    }`;
  });
  const cues = sheet.cues
    .slice(0, DIGEST_SECTION_LIMIT * 2)
    .map((c) => `• *${c.start}* ${escapeMrkdwn(c.title)}${c.stageName ? ` · ${escapeMrkdwn(c.stageName)}` : ""}`);
  const tasks = sheet.tasks
    .slice(0, DIGEST_SECTION_LIMIT)
    .map((t) => `• ${t.dueTime ? `*${t.dueTime}* ` : ""}${escapeMrkdwn(t.title)}`);
  const more = (shown: number, total: number) => (total > shown ? `\n_and ${total - shown} more_` : "");
  const summary = `${sheet.calls.length} call${sheet.calls.length === 1 ? "" : "s"}, ${sheet.cues.length} cue${
    sheet.cues.length === 1 ? "" : "s"
  }, ${sheet.taskTotal} task${sheet.taskTotal === 1 ? "" : "s"} due`;
  const blocks: Block[] = [
    { type: "header", text: plain(`Your day · ${day}`) },
    context(
      [sheet.eventName, sheet.venueAddress].filter(Boolean).map((t) => escapeMrkdwn(t!)).join(" · ") ||
        "Times on the venue clock",
    ),
    section(`:alarm_clock: *Calls*\n${calls.length ? calls.join("\n") : "No call for you."}`),
    ...(cues.length ? [section(`:clapper: *Your cues*\n${cues.join("\n")}${more(cues.length, sheet.cues.length)}`)] : []),
    ...(tasks.length ? [section(`:calendar: *Due that day*\n${tasks.join("\n")}${more(tasks.length, sheet.taskTotal)}`)] : []),
    ...daySheetOpenBlock(sheet.day, appUrl),
  ];
  return message(`Your day ${day}: ${summary}`, blocks);
}

/** The change DM (ADR 044): what changed on a day sheet already sent, one line each, and 'Open'. */
export function daySheetChangesMessage(day: string, lines: readonly string[], appUrl: string | null): SlackMessage {
  const when = formatDay(day);
  return message(`Your day ${when} changed: ${lines.join("; ")}`, [
    section(`:arrows_counterclockwise: *Your day ${when} changed*\n${lines.map((l) => `• ${escapeMrkdwn(l)}`).join("\n")}`),
    ...daySheetOpenBlock(day, appUrl),
  ]);
}
