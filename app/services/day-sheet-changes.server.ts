import type { Ctx } from "./context.server";

/**
 * Changes to day sheets already sent (issue 35): a write to a call or a cue queues a check of its day, delayed by
 * DAY_SHEET_CHANGE_DELAY_SECONDS so that several changes within a minute reach each person as one DM. The queue
 * consumer compares each sent sheet of that day with the sheet as it is now and tells only those whose sheet changed.
 */
export interface DaySheetCheckJob {
  kind: "day-sheet-check";
  workspaceId: string;
  /** The event day (local `YYYY-MM-DD`) whose sheets may have changed. */
  day: string;
}

export const DAY_SHEET_CHANGE_DELAY_SECONDS = 60;

/** Queues a check of the sheets of `days` (a write may move a call from one day to another: both are checked). */
export async function queueDaySheetCheck(ctx: Ctx, workspaceId: string, days: readonly string[]) {
  const unique = [...new Set(days)].slice(0, 10);
  if (!unique.length) return;
  await ctx.env.DIGEST_QUEUE.sendBatch(
    unique.map((day) => ({
      body: { kind: "day-sheet-check", workspaceId, day } satisfies DaySheetCheckJob,
      contentType: "json" as const,
      delaySeconds: DAY_SHEET_CHANGE_DELAY_SECONDS,
    })),
  );
}
