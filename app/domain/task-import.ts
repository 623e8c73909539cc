import { matchOwner, type AssignableMember } from "./assignees";
import { parseCsv } from "./csv";
import { pad2, ymd } from "./dates";
import { DESCRIPTION_MAX, LIST_NAME_MAX, PRIORITIES, TITLE_MAX, listNameKey, type Priority } from "./tasks";
import { normalizeTitle } from "./title";

/**
 * Tasks from a spreadsheet (issue 36, ADR 046): a sheet read into rows of text cells (CSV, pasted cells, XLSX), its
 * header row and columns guessed, its dates read in one day/month order, and every row checked against the
 * workspace (owners, statuses, open tasks) so the page and the API name each row's problems before anything is made.
 * Pure: the caller hands over the members, statuses, open tasks and today.
 */

/** The largest file or pasted sheet read (bytes), and the most rows and columns read from it. */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 5000;
export const MAX_IMPORT_COLUMNS = 50;
/** The most tasks one import creates: one D1 batch (ADR 046); a longer sheet goes in by choosing rows in parts. */
export const MAX_IMPORT_TASKS = 1000;

export const IMPORT_FIELDS = [
  "title",
  "description",
  "dueDate",
  "dueTime",
  "owner",
  "category",
  "priority",
  "status",
  "estimate",
  "dependsOn",
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** What a column is called on the page and in an export's header row (which reads back to the same field). */
export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  title: "Title",
  description: "Description",
  dueDate: "Due date",
  dueTime: "Due time",
  owner: "Owner",
  category: "Category",
  priority: "Priority",
  status: "Status",
  estimate: "Estimate (hours)",
  dependsOn: "Depends on",
};

/** Header words per field, compared after `labelKey`; the first field listing a label wins. */
const SYNONYMS: Record<ImportField, readonly string[]> = {
  title: ["title", "task", "task name", "name", "item", "todo", "to do", "action", "summary", "subject", "what"],
  description: ["description", "details", "detail", "notes", "note", "comments", "comment", "info"],
  dueDate: ["due date", "due", "deadline", "date", "due on", "due by", "when", "by", "end date", "finish"],
  dueTime: ["due time", "time", "at", "hour", "deadline time"],
  owner: ["owner", "assignee", "assigned to", "assigned", "who", "responsible", "person", "lead"],
  category: ["category", "type", "department", "dept", "group", "area", "team", "tag", "section"],
  priority: ["priority", "prio", "importance", "urgency"],
  status: ["status", "state", "progress", "stage"],
  estimate: ["estimate (hours)", "estimate", "estimated hours", "hours", "effort", "duration", "est", "time needed"],
  dependsOn: ["depends on", "dependencies", "dependency", "after", "blocked by", "waits for", "predecessor"],
};

/** A label as compared: lower case, letters and digits with single spaces. */
function labelKey(label: string) {
  return label
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

const SYNONYM_FIELD = new Map<string, ImportField>();
for (const field of IMPORT_FIELDS) {
  for (const word of SYNONYMS[field]) if (!SYNONYM_FIELD.has(labelKey(word))) SYNONYM_FIELD.set(labelKey(word), field);
}

/** Edit distance, for a typo in a header ("Assigne", "Priorty"); labels are at most 40 characters here. */
function editDistance(a: string, b: string) {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length];
}

/**
 * The field a header cell names, in any case and spacing: a synonym exactly, else a label starting or ending with
 * one ("Task title", "Due date (local)"), else a synonym one typo away (five letters or more). Null for none.
 */
export function fieldForLabel(label: string): ImportField | null {
  const key = labelKey(label);
  if (!key || key.length > 40) return null;
  const exact = SYNONYM_FIELD.get(key);
  if (exact) return exact;
  const words = key.split(" ");
  // The longest run of words at either end that is a synonym: "task title" → title, "owner name" → owner.
  for (let n = words.length - 1; n >= 1; n--) {
    const found = SYNONYM_FIELD.get(words.slice(0, n).join(" ")) ?? SYNONYM_FIELD.get(words.slice(-n).join(" "));
    if (found) return found;
  }
  if (key.length >= 5) {
    for (const [word, field] of SYNONYM_FIELD) if (word.length >= 5 && editDistance(key, word) <= 1) return field;
  }
  return null;
}

/** A row as the spreadsheet shows it: its number there (1-based) and its cells as text. */
export interface SheetRow {
  row: number;
  cells: string[];
}

export type SheetKind = "csv" | "tsv";

/**
 * CSV or pasted cells (tab-separated, as Google Sheets and Excel copy them) as rows; at most MAX_IMPORT_ROWS rows
 * and MAX_IMPORT_COLUMNS columns. A row's number is the line it starts on, which is the spreadsheet's row unless an
 * earlier cell holds a line break.
 */
export function readDelimitedSheet(
  text: string,
  kind: SheetKind,
): { ok: true; rows: SheetRow[] } | { ok: false; error: string } {
  const parsed = parseCsv(text, MAX_IMPORT_ROWS, { delimiter: kind === "tsv" ? "\t" : "," });
  if (!parsed.ok) return parsed;
  return boundedSheet(parsed.records.map((r) => ({ row: r.line, cells: r.cells })));
}

/** Rows with their empty trailing cells dropped and empty rows left out, within the bounds. */
export function boundedSheet(rows: SheetRow[]): { ok: true; rows: SheetRow[] } | { ok: false; error: string } {
  const kept: SheetRow[] = [];
  for (const { row, cells } of rows) {
    const trimmed = cells.map((c) => c.trim());
    while (trimmed.length && trimmed[trimmed.length - 1] === "") trimmed.pop();
    if (trimmed.length === 0) continue;
    if (trimmed.length > MAX_IMPORT_COLUMNS)
      return { ok: false, error: `Row ${row} has more than ${MAX_IMPORT_COLUMNS} columns` };
    if (kept.length === MAX_IMPORT_ROWS)
      return { ok: false, error: `The sheet has more than ${MAX_IMPORT_ROWS.toLocaleString("en")} rows` };
    kept.push({ row, cells: trimmed });
  }
  return { ok: true, rows: kept };
}

/** How many of the first rows are looked at for a header. */
const HEADER_SCAN_ROWS = 10;

/**
 * The header row: the first of the first ten rows whose filled cells are mostly labels of fields (at least half
 * of them, and one at least). Null when no row looks like one: every row is then a task.
 */
export function guessHeaderRow(rows: readonly SheetRow[]): number | null {
  for (const { row, cells } of rows.slice(0, HEADER_SCAN_ROWS)) {
    const filled = cells.filter((c) => c !== "");
    const labels = filled.filter((c) => fieldForLabel(c) !== null).length;
    if (labels > 0 && labels * 2 >= filled.length) return row;
  }
  return null;
}

/** Per column, the field it fills (null: left out). */
export type ColumnMapping = (ImportField | null)[];

/**
 * The columns' fields from the header's labels, each field to one column at most (the first that names it).
 * Without a header, the first column holding text that is not a date or a number is the title.
 */
export function guessMapping(header: readonly string[] | null, rows: readonly SheetRow[]): ColumnMapping {
  const width = Math.max(header?.length ?? 0, ...rows.map((r) => r.cells.length));
  const mapping: ColumnMapping = Array.from({ length: width }, () => null);
  if (header) {
    const used = new Set<ImportField>();
    header.forEach((label, i) => {
      const field = fieldForLabel(label);
      if (field && !used.has(field)) {
        mapping[i] = field;
        used.add(field);
      }
    });
    return mapping;
  }
  const sample = rows.slice(0, 20);
  for (let i = 0; i < width; i++) {
    const values = sample.map((r) => r.cells[i] ?? "").filter((v) => v !== "");
    if (values.length && values.every((v) => !/^[\d\s.,:/-]+$/.test(v))) {
      mapping[i] = "title";
      break;
    }
  }
  return mapping;
}

/** The one problem with a mapping, or null: a title column is required and a field fills one column only. */
export function mappingProblem(mapping: ColumnMapping): string | null {
  if (!mapping.includes("title")) return "Choose the column that holds each task's title";
  const seen = new Set<ImportField>();
  for (const field of mapping) {
    if (field === null) continue;
    if (seen.has(field)) return `“${IMPORT_FIELD_LABELS[field]}” is chosen for two columns; choose it for one`;
    seen.add(field);
  }
  return null;
}

/** How a date written with numbers only is read: 4/12/2026 is 4 December (`dmy`) or April 12 (`mdy`). */
export type DateOrder = "dmy" | "mdy";
export const DATE_ORDERS = ["dmy", "mdy"] as const;

const NUMERIC_DATE = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})$/;
const ISO_DATE = /^(\d{4})[/.-](\d{1,2})[/.-](\d{1,2})$/;
const DAY_MONTH = /^(\d{1,2})(?:st|nd|rd|th)?[\s-]+([a-z]{3,9})\.?(?:,?[\s-]+(\d{4}))?$/;
const MONTH_DAY = /^([a-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?(?:,?\s+(\d{4}))?$/;
const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
/** Excel's day 0 (serial 1 is 1900-01-01, counting its phantom 29 February 1900). */
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);

function monthNumber(word: string) {
  const index = MONTHS.indexOf(word.slice(0, 3));
  // "sept" and full names start with the three letters; anything else ("marching") is no month.
  if (index < 0) return null;
  const full = new Date(Date.UTC(2000, index, 1)).toLocaleString("en", { month: "long", timeZone: "UTC" });
  return full.toLowerCase().startsWith(word) || word === "sept" ? index + 1 : null;
}

function realDate(y: number, m: number, d: number) {
  if (y < 1900 || y > 2999 || m < 1 || m > 12 || d < 1) return null;
  return d <= new Date(Date.UTC(y, m, 0)).getUTCDate() ? ymd(y, m, d) : null;
}

/** A year of two digits is this century's. */
const fullYear = (y: string) => (y.length === 2 ? 2000 + Number(y) : Number(y));

/** The first `date` on or after `today` for a month and day with no year ("Dec 4"). */
function nextOccurrence(m: number, d: number, today: string) {
  const year = Number(today.slice(0, 4));
  for (const y of [year, year + 1]) {
    const date = realDate(y, m, d);
    if (date && date >= today) return date;
  }
  return realDate(year + 1, m, d) ?? realDate(year + 4, m, d);
}

/** "14:00", "2:30 PM", "2pm", "14.30" or a day fraction from XLSX (0.5 is noon) as `HH:MM`; null otherwise. */
export function parseTime(value: string): string | null {
  const v = value.trim().toLowerCase();
  if (/^0?\.\d+$/.test(v)) {
    const minutes = Math.round(Number(v) * 24 * 60);
    return minutes < 24 * 60 ? `${pad2(Math.floor(minutes / 60))}:${pad2(minutes % 60)}` : null;
  }
  const m = /^(\d{1,2})(?:[:.](\d{2}))?(?::\d{2})?\s*(?:([ap])\.?m\.?)?$/.exec(v);
  if (!m || (m[2] === undefined && m[3] === undefined)) return null;
  let hours = Number(m[1]);
  const minutes = Number(m[2] ?? 0);
  if (minutes > 59) return null;
  if (m[3]) {
    if (hours < 1 || hours > 12) return null;
    hours = (hours % 12) + (m[3] === "p" ? 12 : 0);
  }
  return hours < 24 ? `${pad2(hours)}:${pad2(minutes)}` : null;
}

export interface ParsedDate {
  date: string;
  time: string | null;
}

/**
 * A date cell: 2026-12-04, 4/12/2026 and 12/4/26 (in `order`), 4 Dec 2026, December 4, 2026, Dec 4 (the next one
 * from `today`), or an Excel serial number (a date cell of an XLSX file), each optionally followed by a time.
 * Null when it is no date ("next Fri", "31/02/2026").
 */
export function parseDate(value: string, order: DateOrder, today: string): ParsedDate | null {
  const v = value.trim().toLowerCase();
  if (!v || v.length > 40) return null;
  if (/^\d{5}(?:\.\d+)?$/.test(v)) {
    const serial = Number(v);
    if (serial < 20_000 || serial > 80_000) return null;
    const day = Math.floor(serial);
    const date = new Date(EXCEL_EPOCH + day * 86_400_000).toISOString().slice(0, 10);
    const time = serial > day ? parseTime(String(serial - day).replace(/^0/, "")) : null;
    return { date, time: time === "00:00" ? null : time };
  }
  const split = splitTime(v);
  if (!split) return null;
  const [day, time] = split;
  const date = parseDay(day, order, today);
  return date ? { date, time } : null;
}

/**
 * A date cell's day and the time written after it ("2026-12-04T14:00", "4/12/2026 2:30 pm", "Dec 4, 2pm"): the time
 * is the last word or two when they read as one. Words, not a regex from the end, keep it linear.
 */
function splitTime(v: string): [string, string | null] | null {
  const iso = /^(\d{4}-\d{1,2}-\d{1,2})t(\S+)$/.exec(v);
  if (iso) {
    const time = parseTime(iso[2]);
    return time ? [iso[1], time] : null;
  }
  const words = v.split(/\s+/);
  for (const n of [2, 1]) {
    if (words.length <= n) continue;
    const time = parseTime(words.slice(-n).join(" "));
    if (time) return [words.slice(0, -n).join(" ").replace(/,$/, ""), time];
  }
  return [v, null];
}

function parseDay(v: string, order: DateOrder, today: string) {
  let m = ISO_DATE.exec(v);
  if (m) return realDate(Number(m[1]), Number(m[2]), Number(m[3]));
  m = NUMERIC_DATE.exec(v);
  if (m) {
    const [a, b] = [Number(m[1]), Number(m[2])];
    const [d, mo] = order === "dmy" ? [a, b] : [b, a];
    return realDate(fullYear(m[3]), mo, d);
  }
  m = DAY_MONTH.exec(v);
  if (m) {
    const month = monthNumber(m[2]);
    if (!month) return null;
    return m[3] ? realDate(Number(m[3]), month, Number(m[1])) : nextOccurrence(month, Number(m[1]), today);
  }
  m = MONTH_DAY.exec(v);
  if (m) {
    const month = monthNumber(m[1]);
    if (!month) return null;
    return m[3] ? realDate(Number(m[3]), month, Number(m[2])) : nextOccurrence(month, Number(m[2]), today);
  }
  return null;
}

export interface DateOrderGuess {
  order: DateOrder;
  /** Dates such as 4/12/2026 that read differently in the two orders: the page offers the choice when any. */
  ambiguous: number;
  /** Whether a date that reads one way only (13/4/2026, 4/13/2026) decided the order. */
  decided: boolean;
}

/**
 * The order a sheet's numeric dates are written in: a first part of 13 or more means day/month, a second part of
 * 13 or more month/day; the more frequent wins. Without such a date, day/month (`fallback`) until chosen.
 */
export function guessDateOrder(values: readonly string[], fallback: DateOrder = "dmy"): DateOrderGuess {
  let dmy = 0;
  let mdy = 0;
  let ambiguous = 0;
  for (const value of values) {
    const m = value.length <= 40 ? NUMERIC_DATE.exec(splitTime(value.trim().toLowerCase())?.[0] ?? "") : null;
    if (!m) continue;
    const [a, b] = [Number(m[1]), Number(m[2])];
    if (a > 12 && b <= 12) dmy++;
    else if (b > 12 && a <= 12) mdy++;
    else if (a !== b) ambiguous++;
  }
  if (dmy === mdy) return { order: fallback, ambiguous, decided: false };
  return { order: dmy > mdy ? "dmy" : "mdy", ambiguous, decided: true };
}

/** "2h", "90m", "1.5", "1h 30m", "1:30", "2 hours" as hours; null otherwise. */
export function parseEstimate(value: string): number | null {
  const v = value.trim().toLowerCase().replace(",", ".");
  let m = /^(\d+(?:\.\d+)?)\s*(?:h|hr|hrs|hours?)?$/.exec(v);
  if (m) return Number(m[1]);
  m = /^(\d+(?:\.\d+)?)\s*(?:m|min|mins|minutes?)$/.exec(v);
  if (m) return Math.round((Number(m[1]) / 60) * 100) / 100;
  m = /^(\d+)\s*(?:h|hr|hrs|hours?)\s*(\d+)\s*(?:m|min|mins|minutes?)?$/.exec(v) ?? /^(\d+):(\d{2})$/.exec(v);
  if (m && Number(m[2]) < 60) return Math.round((Number(m[1]) + Number(m[2]) / 60) * 100) / 100;
  return null;
}

const PRIORITY_WORDS: Record<string, Priority> = {
  low: "low",
  minor: "low",
  p3: "low",
  medium: "medium",
  med: "medium",
  normal: "medium",
  mid: "medium",
  p2: "medium",
  high: "high",
  important: "high",
  p1: "high",
  critical: "critical",
  urgent: "critical",
  blocker: "critical",
  p0: "critical",
};

export function parsePriority(value: string): Priority | null {
  return PRIORITY_WORDS[labelKey(value).replace(/ /g, "")] ?? null;
}

/** Status words people write, for the default statuses (used only when the workspace has that status). */
const STATUS_WORDS: Record<string, string> = {
  done: "completed",
  complete: "completed",
  finished: "completed",
  doing: "in_progress",
  started: "in_progress",
  "in progress": "in_progress",
  wip: "in_progress",
  todo: "pending",
  "to do": "pending",
  open: "pending",
  "not started": "pending",
  new: "pending",
};

/** The workspace's status a cell names ("In progress", "in_progress", "Done"), or null. */
export function matchStatus(value: string, statuses: readonly string[]): string | null {
  const key = listNameKey(value);
  const spaced = key.replace(/[_-]+/g, " ");
  const byKey = statuses.find((s) => listNameKey(s) === key || listNameKey(s).replace(/[_-]+/g, " ") === spaced);
  if (byKey) return byKey;
  const word = STATUS_WORDS[spaced];
  return word ? (statuses.find((s) => listNameKey(s) === word) ?? null) : null;
}

/** What the import knows of the workspace. */
export interface ImportContext {
  members: readonly AssignableMember[];
  statuses: readonly string[];
  /** The workspace's open tasks (duplicates are marked against them; "depends on" may name them). */
  openTasks: readonly { id: string; title: string }[];
  /** The workspace's local day, for dates without a year. */
  today: string;
  /** Who imports ("me" in an owner cell). */
  authorId: string;
}

export type ImportOwner = { kind: "member"; id: string; name: string } | { kind: "outside"; name: string };
/** A dependency: an earlier row of the sheet, or an open task of the workspace. */
export type ImportDependency = { row: number; title: string } | { id: string; title: string };

export interface ImportedTask {
  title: string;
  description: string | null;
  /** `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM`, the workspace's wall clock. */
  dueDate: string | null;
  owner: ImportOwner | null;
  category: string | null;
  priority: Priority;
  status: string | null;
  estimatedHours: number | null;
  dependsOn: ImportDependency[];
}

export interface PreviewRow {
  row: number;
  cells: string[];
  /** The task the row makes, when it has no problems. */
  task: ImportedTask | null;
  /** Each problem named with the row ("Row 14: 'next Fri' is not a date"). */
  problems: string[];
  /** An open task (or an earlier row) with the same title: the row is left out unless chosen. */
  duplicateOf: { id: string; title: string } | { row: number; title: string } | null;
}

const quoted = (value: string) => `'${value.length > 60 ? `${value.slice(0, 57)}…` : value}'`;

/**
 * Every row below the header as the task it makes, or its problems: a title is required, each mapped cell must
 * read (a date, a time, an owner who is not several members, a known status and priority, an estimate, tasks it
 * depends on in this sheet or open in the workspace), and a title an open task (or an earlier row) already has
 * marks the row a duplicate.
 */
export function previewRows(
  rows: readonly SheetRow[],
  options: { headerRow: number | null; mapping: ColumnMapping; dateOrder: DateOrder },
  context: ImportContext,
): PreviewRow[] {
  const { headerRow, mapping, dateOrder } = options;
  const body = rows.filter((r) => headerRow === null || r.row > headerRow);
  const column = (field: ImportField) => mapping.indexOf(field);
  const cellOf = (r: SheetRow, field: ImportField) => {
    const i = column(field);
    return i < 0 ? "" : (r.cells[i] ?? "").trim();
  };
  const openByKey = new Map<string, { id: string; title: string }>();
  for (const task of context.openTasks) {
    const key = normalizeTitle(task.title);
    if (!openByKey.has(key)) openByKey.set(key, task);
  }
  const rowByKey = new Map<string, { row: number; title: string }>();
  for (const r of body) {
    const title = cellOf(r, "title");
    const key = normalizeTitle(title);
    if (key && !rowByKey.has(key)) rowByKey.set(key, { row: r.row, title });
  }

  return body.map((r) => {
    const problems: string[] = [];
    const problem = (text: string) => problems.push(`Row ${r.row}: ${text}`);
    const title = cellOf(r, "title");
    const key = normalizeTitle(title);
    if (!key) problem("the title is empty");
    else if (title.length > TITLE_MAX) problem(`the title is longer than ${TITLE_MAX} characters`);

    const description = cellOf(r, "description");
    if (description.length > DESCRIPTION_MAX) problem(`the description is longer than ${DESCRIPTION_MAX} characters`);

    let dueDate: string | null = null;
    const dateCell = cellOf(r, "dueDate");
    const timeCell = cellOf(r, "dueTime");
    if (dateCell) {
      const parsed = parseDate(dateCell, dateOrder, context.today);
      if (!parsed) problem(`${quoted(dateCell)} is not a date`);
      else {
        const time = timeCell ? parseTime(timeCell) : parsed.time;
        if (timeCell && !time) problem(`${quoted(timeCell)} is not a time of day`);
        dueDate = time ? `${parsed.date}T${time}` : parsed.date;
      }
    } else if (timeCell) problem(`the due time ${quoted(timeCell)} needs a due date`);

    let owner: ImportOwner | null = null;
    const ownerCell = cellOf(r, "owner");
    if (ownerCell.length > 100) problem("the owner's name is longer than 100 characters");
    else if (ownerCell) {
      const match = matchOwner(context.members, ownerCell, context.authorId);
      if (match.kind === "ambiguous") problem(match.question);
      else if (match.kind === "member") owner = { kind: "member", id: match.member.id, name: match.member.name };
      else owner = { kind: "outside", name: ownerCell };
    }

    const category = cellOf(r, "category");
    if (category.length > LIST_NAME_MAX) problem(`the category is longer than ${LIST_NAME_MAX} characters`);

    let priority: Priority = "medium";
    const priorityCell = cellOf(r, "priority");
    if (priorityCell) {
      const parsed = parsePriority(priorityCell);
      if (parsed) priority = parsed;
      else problem(`${quoted(priorityCell)} is not a priority (${PRIORITIES.join(", ")})`);
    }

    let status: string | null = null;
    const statusCell = cellOf(r, "status");
    if (statusCell) {
      status = matchStatus(statusCell, context.statuses);
      if (!status) problem(`${quoted(statusCell)} is not a status of this workspace; add it under Manage Statuses`);
    }

    let estimatedHours: number | null = null;
    const estimateCell = cellOf(r, "estimate");
    if (estimateCell) {
      estimatedHours = parseEstimate(estimateCell);
      if (estimatedHours === null || estimatedHours > 10_000)
        problem(`${quoted(estimateCell)} is not an estimate (say 2h, 90m or 1.5)`);
    }

    const dependsOn: ImportDependency[] = [];
    for (const name of cellOf(r, "dependsOn").split(/[;\n]/)) {
      const depKey = normalizeTitle(name);
      if (!depKey) continue;
      if (depKey === key) {
        problem("a task cannot depend on itself");
        continue;
      }
      const found = openByKey.get(depKey) ?? rowByKey.get(depKey);
      if (found) dependsOn.push(found);
      else problem(`${quoted(name.trim())} is no task in this sheet or open in this workspace`);
    }

    const earlier = rowByKey.get(key);
    const duplicateOf = !key ? null : (openByKey.get(key) ?? (earlier && earlier.row !== r.row ? earlier : null));
    const task: ImportedTask | null = problems.length
      ? null
      : {
          title,
          description: description || null,
          dueDate,
          owner,
          category: category || null,
          priority,
          status,
          estimatedHours,
          dependsOn,
        };
    return { row: r.row, cells: r.cells, task, problems, duplicateOf };
  });
}

/** The date cells of a sheet's date column, for `guessDateOrder`. */
export function dateCells(rows: readonly SheetRow[], headerRow: number | null, mapping: ColumnMapping) {
  const i = mapping.indexOf("dueDate");
  if (i < 0) return [];
  return rows.filter((r) => headerRow === null || r.row > headerRow).map((r) => r.cells[i] ?? "");
}

/** A task of an import in creation order: `dependsOnEarlier` are positions in the same list. */
export interface PlannedImport {
  row: number;
  task: ImportedTask;
  /** Ids of open tasks it depends on. */
  dependsOnIds: string[];
  dependsOnEarlier: number[];
  allowDuplicate: boolean;
}

/**
 * The chosen rows in an order that creates each task after those it depends on, or the problems refusing the
 * import: a chosen row with problems, a dependency on a row not chosen, or rows depending on each other in a circle.
 */
export function planImport(
  preview: readonly PreviewRow[],
  chosen: readonly number[],
): { ok: true; planned: PlannedImport[] } | { ok: false; problems: string[] } {
  const byRow = new Map(preview.map((p) => [p.row, p]));
  const wanted = new Set(chosen);
  const problems: string[] = [];
  for (const row of wanted) {
    const p = byRow.get(row);
    if (!p) problems.push(`Row ${row} is not a row of tasks in this sheet`);
    else if (!p.task) problems.push(...p.problems);
    else
      for (const dep of p.task.dependsOn)
        if ("row" in dep && !wanted.has(dep.row))
          problems.push(`Row ${row}: it depends on row ${dep.row} (${quoted(dep.title)}); choose that row too`);
  }
  if (problems.length) return { ok: false, problems };

  const planned: PlannedImport[] = [];
  const position = new Map<number, number>();
  const visiting = new Set<number>();
  const visit = (row: number): boolean => {
    if (position.has(row)) return true;
    if (visiting.has(row)) return false;
    visiting.add(row);
    const { task, duplicateOf } = byRow.get(row)!;
    for (const dep of task!.dependsOn) if ("row" in dep && !visit(dep.row)) return false;
    visiting.delete(row);
    position.set(row, planned.length);
    planned.push({
      row,
      task: task!,
      dependsOnIds: task!.dependsOn.flatMap((d) => ("id" in d ? [d.id] : [])),
      dependsOnEarlier: task!.dependsOn.flatMap((d) => ("row" in d ? [position.get(d.row)!] : [])),
      allowDuplicate: duplicateOf !== null,
    });
    return true;
  };
  // Sheet order, each row after what it depends on; recursion is as deep as the longest chain (≤ MAX_IMPORT_ROWS).
  for (const p of preview) {
    if (!wanted.has(p.row)) continue;
    if (!visit(p.row)) return { ok: false, problems: [`Row ${p.row}: the rows it depends on depend on it in turn`] };
  }
  return { ok: true, planned };
}

/** The default choice: every row with no problem that is not a duplicate. */
export function defaultChosenRows(preview: readonly PreviewRow[]) {
  return preview.filter((p) => p.task && !p.duplicateOf).map((p) => p.row);
}

/** Column headers and a task's cells as an export writes them (`IMPORT_FIELD_LABELS` read back to each field). */
export const EXPORT_FIELDS = IMPORT_FIELDS;

export function exportCells(
  task: {
    title: string;
    description: string | null;
    dueDate: string | null;
    assigneeName: string | null;
    category: string | null;
    priority: string;
    status: string;
    estimatedHours: number | null;
  },
  dependsOnTitles: readonly string[],
): string[] {
  const [date, time] = task.dueDate ? task.dueDate.split("T") : ["", ""];
  return [
    task.title,
    task.description ?? "",
    date,
    time ?? "",
    task.assigneeName ?? "",
    task.category ?? "",
    task.priority,
    task.status,
    task.estimatedHours === null ? "" : String(task.estimatedHours),
    dependsOnTitles.join("; "),
  ];
}
