import { describe, expect, it } from "vitest";
import { DEFAULT_CATEGORIES, TITLE_MAX } from "../tasks";
import { extractAssignee, extractImplicitAssignee } from "./assignee";
import { categoryIndex, extractCategoryMarker, inferCategory } from "./category";
import { dateContext, extractDueDate } from "./due-date";
import { extractEstimate } from "./estimate";
import { LineText } from "./line-text";
import { splitTaskLines } from "./lines";
import { parseTasksWithRules } from "./parse-rules";
import { extractPriority } from "./priority";
import { extractRecurrence } from "./recurrence";
import { normalizeRecurrence } from "../recurrence";
import { MONDAY_NY, NEW_YORK, parseOne } from "./test-helpers";
import { buildTitle } from "./title";

/**
 * Lines an attacker would send: 4,000 characters (the parse limit) of what the patterns repeat or skip.
 * Linearity itself is proved by lint (regexp/no-super-linear-*); these check that every stage finishes
 * on such lines and still answers sensibly. The generous timeout is only a safety net, not a measure.
 */
const LENGTH = 4000;
const TIMEOUT_MS = 60_000;
const RUNS = [" ", "\t", "\u2028", "#", "@", "1", "by ", "# ", "@ ", "@a", "@a ", "1 ", "12:", "! ", "-", "- ", "_", "(", "[", "“", '"', ". ", "by by", " \t\u2028", "#1 ", "p1 ", "in 2 ", "Aa ", "A-", ", ", ": ", "@ by ", "1st ", "every ", "mon and ", "mon, ", "every other ", "on the 1st, ", "daily ", "until "];
const FRAMES: [string, string][] = [["", ""], ["# a", "\u2028x"], ["Book ", " buses!"], ["- ", "x"]];

function fill(run: string, before: string, after: string) {
  const room = LENGTH - before.length - after.length;
  return before + run.repeat(Math.ceil(room / run.length)).slice(0, room) + after;
}

const LINES = RUNS.flatMap((run) => FRAMES.map(([before, after]) => fill(run, before, after)));
const CASES = LINES.map((line) => [`${JSON.stringify(line.slice(0, 8))}…${JSON.stringify(line.slice(-6))}`, line]);

const ctx = dateContext(MONDAY_NY, NEW_YORK);
const index = categoryIndex(DEFAULT_CATEGORIES);
const DUE_DATE_RE = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2})?$/;

describe.each(CASES)("an adversarial line %s", (_, line) => {
  it("splits into tasks of single-spaced text", { timeout: TIMEOUT_MS }, () => {
    for (const task of splitTaskLines(line)) {
      expect(task.text).toBe(task.text.trim());
      expect(task.text).not.toMatch(/\s{2}/);
      expect(task.text.length).toBeGreaterThan(0);
    }
  });

  it("gives a title within the limit", { timeout: TIMEOUT_MS }, () => {
    const { title } = buildTitle(new LineText(line), line);
    expect(title.length).toBeLessThanOrEqual(TITLE_MAX);
    expect(title).toBe(title.trim());
  });

  it("reads no due date, or a well-formed one", { timeout: TIMEOUT_MS }, () => {
    const due = extractDueDate(new LineText(line), ctx);
    if (due !== null) expect(due).toMatch(DUE_DATE_RE);
  });

  it("reads no assignee, or a name without spaces around it", { timeout: TIMEOUT_MS }, () => {
    const text = new LineText(line);
    const { name } = extractAssignee(text);
    for (const found of [name, extractImplicitAssignee(text)]) {
      if (found !== null) expect(found).toBe(found.trim());
    }
  });

  it("reads a known priority", { timeout: TIMEOUT_MS }, () => {
    expect(["low", "medium", "high", "critical"]).toContain(extractPriority(new LineText(line)));
  });

  it("reads no category, or one of the workspace's", { timeout: TIMEOUT_MS }, () => {
    for (const category of [extractCategoryMarker(new LineText(line), index), inferCategory(line, index)]) {
      if (category !== null) expect(DEFAULT_CATEGORIES).toContain(category);
    }
  });

  it("reads no repeat, or a rule the app keeps", { timeout: TIMEOUT_MS }, () => {
    const rule = extractRecurrence(new LineText(line), ctx, "2025-03-20");
    if (rule !== null) expect(normalizeRecurrence(rule)).toBe(rule);
  });

  it("reads no estimate, or a positive number of hours", { timeout: TIMEOUT_MS }, () => {
    const hours = extractEstimate(new LineText(line));
    if (hours !== null) expect(hours).toBeGreaterThan(0);
  });

  it("parses as a whole, several times over, into sane tasks", { timeout: TIMEOUT_MS }, () => {
    const text = [line, "Book buses", line].join("\n");
    const tasks = parseTasksWithRules(text, { now: MONDAY_NY, timezone: NEW_YORK, categories: DEFAULT_CATEGORIES });
    expect(tasks.map((t) => t.title)).toContain("Book buses");
    for (const task of tasks) {
      expect(task.title.length).toBeGreaterThan(0);
      expect(task.title.length).toBeLessThanOrEqual(TITLE_MAX);
      if (task.dueDate !== null) expect(task.dueDate).toMatch(DUE_DATE_RE);
      if (task.category !== null) expect(DEFAULT_CATEGORIES).toContain(task.category);
    }
  });
});

describe("the payload that stalled the Worker", () => {
  it("parses into its two tasks", { timeout: TIMEOUT_MS }, () => {
    const text = `# a${" ".repeat(3980)}\u2028x\nBook buses`;
    const tasks = parseTasksWithRules(text, { now: MONDAY_NY, timezone: NEW_YORK, categories: DEFAULT_CATEGORIES });
    expect(tasks.map((t) => t.title)).toEqual(["# a x", "Book buses"]);
  });
});

describe("what the linear patterns still read", () => {
  it.each([
    ["Book buses - Mary-Jane", "assigneeName", "Mary-Jane"],
    ["Book buses, O'Brien", "assigneeName", "O'Brien"],
    ["owner is Sam: book buses", "assigneeName", "Sam"],
    ["Book buses owner: Sam", "assigneeName", "Sam"],
    ["Book buses assign to: Sam", "assigneeName", "Sam"],
    ["Call the venue by @ 3pm", "title", "Call the venue"],
    ["Book buses, needed by Friday", "title", "Book buses"],
    ["Book buses ( AV )", "category", "production"],
    ["Book buses!!  !", "priority", "critical"],
    ["Book hotel , , by Friday", "title", "Book hotel"],
    ["Stand-up every mon,  and  fri", "recurrence", "FREQ=WEEKLY;BYDAY=MO,FR"],
    ["Pay crew every month on the 1st ,  15th", "recurrence", "FREQ=MONTHLY;BYMONTHDAY=1,15"],
  ] as const)("%j → %s %j", (text, field, expected) => {
    expect(parseOne(text)[field]).toBe(expected);
  });

  it("masks the innermost pair of nested curly quotes", () => {
    expect(new LineText("Print “menus “Friday” gala”").text).toBe("Print “menus “______” gala”");
  });

  it("reads a name ending in a hyphen without the hyphen", () => {
    expect(parseOne("Book buses - Maria-").assigneeName).toBe("Maria");
  });
});
