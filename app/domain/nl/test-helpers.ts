import { DEFAULT_CATEGORIES } from "../tasks";
import { parseTasksWithRules, type ParsedTask } from "./parse-rules";

/** Monday 10 March 2025, 10:00 in New York (EDT, the day after clocks went forward). */
export const MONDAY_NY = new Date("2025-03-10T14:00:00Z");
export const NEW_YORK = "America/New_York";

/** Parses one line the way the tests mostly need: New York, Monday morning, default categories. */
export function parseOne(
  text: string,
  options: { now?: Date; timezone?: string; categories?: readonly string[] } = {},
): ParsedTask {
  const tasks = parseTasksWithRules(text, {
    now: options.now ?? MONDAY_NY,
    timezone: options.timezone ?? NEW_YORK,
    categories: options.categories ?? DEFAULT_CATEGORIES,
  });
  if (tasks.length !== 1) throw new Error(`expected one task from ${JSON.stringify(text)}, got ${tasks.length}`);
  return tasks[0];
}
