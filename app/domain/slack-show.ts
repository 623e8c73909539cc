import { formatCalendarDate, wallClock } from "./dates";
import type { PlannedCue } from "./show";
import {
  isRunning,
  liveOffsetSeconds,
  nextCueOf,
  offsetLabel,
  projectedStarts,
  remainingSeconds,
  type ShowLiveState,
} from "./show-live";
import { escapeMrkdwn, type Block, type SlackMessage } from "./slack-blocks";
import { NO_STAGE_LABEL, type Stage } from "./stages";

/**
 * Slack's `/cue [stage]` (issue 17, ADR 025; stages ADR 037): the current and next cue, or what comes when no show
 * runs, for each sheet asked about, named by its stage when the workspace has stages.
 */

/** One sheet's show: its stage's name (none for a workspace without stages), state, day and cues. */
export interface CueStatusSheet {
  stageName?: string;
  state: ShowLiveState;
  /** The day the answer is about: the running show's, else the default show day. */
  day: string;
  cues: readonly PlannedCue[];
}

export interface CueStatusInput {
  sheets: readonly CueStatusSheet[];
  today: string;
  timezone: string;
  now: Date;
}

type SheetInput = CueStatusSheet & Omit<CueStatusInput, "sheets">;

const section = (text: string): Block => ({ type: "section", text: { type: "mrkdwn", text } });
const contextLine = (text: string): Block => ({ type: "context", elements: [{ type: "mrkdwn", text }] });

const minutesText = (seconds: number) => `${Math.max(1, Math.round(Math.abs(seconds) / 60))} min`;

/** The lines of the answer: mrkdwn for the blocks (titles bold, user text escaped), or plain for the fallback. */
function cueStatusLines(input: SheetInput, markup: boolean) {
  const { state, cues, timezone, now } = input;
  const strong = (text: string) => (markup ? `*${escapeMrkdwn(text)}*` : text);
  const clock = (ms: number) => wallClock(new Date(ms), timezone).time;
  const caller = (cue: PlannedCue) =>
    cue.assigneeName ? `called by ${markup ? escapeMrkdwn(cue.assigneeName) : cue.assigneeName}` : "no caller set";
  if (cues.length === 0) {
    return {
      lines: [`No cues for ${input.day === input.today ? "today" : formatCalendarDate(input.day)}.`],
      offset: null,
    };
  }
  const at = now.getTime();
  const starts = projectedStarts(state, cues, at);
  const next = nextCueOf(state, cues);
  const nextLine = (prefix: string) => {
    if (!next) return `${prefix} nothing, this is the last cue.`;
    const start = starts.get(next.id)!;
    const planned = Date.parse(next.plannedStart);
    const moved = Math.abs(start - planned) >= 60_000 ? ` (planned ${clock(planned)})` : "";
    const when = input.day === input.today || isRunning(state) ? "" : ` on ${formatCalendarDate(input.day)}`;
    return `${prefix} ${strong(next.title)}${when} at ${clock(start)}${moved}, ${caller(next)}`;
  };
  if (!isRunning(state)) return { lines: [nextLine("No show is running. Next:")], offset: null };
  const current = cues.find((c) => c.id === state.currentCueId);
  const remaining = remainingSeconds(state, cues, at) ?? 0;
  const left = remaining < 0 ? `${minutesText(remaining)} over` : `${minutesText(remaining)} left`;
  const nowLine = current
    ? `${strong("Now:")} ${strong(current.title)} since ${clock(Date.parse(state.cueStartedAt!))}, ${left}, ${caller(current)}`
    : `${strong("Now:")} a cue since removed from the rundown`;
  const lines = [nowLine, nextLine(strong("Next:"))];
  // A rehearsal says so first, so nobody in the channel takes a practice run for the show.
  if (state.rehearsal) lines.unshift(`${strong("Rehearsal")} (a practice run; the show has not started)`);
  return { lines, offset: offsetLabel(liveOffsetSeconds(state, cues, at)) };
}

/**
 * The answer to `/cue`: blocks in mrkdwn, and the same words as plain fallback text; with stages, each sheet's lines
 * open with its stage's name.
 */
export function cueStatusMessage(input: CueStatusInput): SlackMessage {
  const { sheets, ...common } = input;
  const blocks: Block[] = [];
  const texts: string[] = [];
  for (const sheet of sheets) {
    const rich = cueStatusLines({ ...common, ...sheet }, true);
    const plain = cueStatusLines({ ...common, ...sheet }, false);
    const heading = sheet.stageName ? [`*${escapeMrkdwn(sheet.stageName)}*`] : [];
    blocks.push(section([...heading, ...rich.lines].join("\n")));
    if (rich.offset) blocks.push(contextLine(`Show running · ${rich.offset}`));
    const words = [...plain.lines, ...(plain.offset ? [plain.offset] : [])].join(" · ");
    texts.push(sheet.stageName ? `${sheet.stageName}: ${words}` : words);
  }
  return { text: escapeMrkdwn(texts.join(" | ")), blocks };
}

/** `/cue` with a name that is no stage: which names there are. */
export function unknownStageMessage(name: string, stages: readonly Stage[]): SlackMessage {
  const names = [...stages.map((s) => s.name), NO_STAGE_LABEL].join(", ");
  const text = `No stage is named “${name}”. Try /cue with one of: ${names}; or /cue alone for every stage.`;
  return { text: escapeMrkdwn(text), blocks: [section(escapeMrkdwn(text))] };
}
