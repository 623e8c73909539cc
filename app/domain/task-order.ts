import { addDays, daysBetween } from "./dates";
import { COMPLETED, compareTasks, PRIORITIES } from "./tasks";

/**
 * How the task list is ordered and grouped (`sort=` and `group=` in its URL and `/api/tasks`). The SQL in
 * app/models/tasks.ts orders the same way; `compareForOrder` orders rows held in memory (a live change placed in
 * the page's rows), so both must agree.
 */

export const SORT_KEYS = ["due", "priority", "status", "title", "owner"] as const;
export type SortKey = (typeof SORT_KEYS)[number];
/** `due` is the natural direction of each key (soonest, most urgent, first status, A–Z); `-due` the reverse. */
export const SORT_VALUES = [...SORT_KEYS, ...SORT_KEYS.map((key) => `-${key}` as const)] as const;
export type SortValue = (typeof SORT_VALUES)[number];

export const GROUP_KEYS = ["days", "category", "owner", "status"] as const;
export type GroupKey = (typeof GROUP_KEYS)[number];

export interface TaskSort {
  key: SortKey;
  descending: boolean;
}

/** A `sort=` value read leniently (the page drops what it does not know; the API refuses it through the schema). */
export function parseSort(raw: string | null | undefined): TaskSort | null {
  const value = raw?.trim().toLowerCase() ?? "";
  const descending = value.startsWith("-");
  const key = descending ? value.slice(1) : value;
  return (SORT_KEYS as readonly string[]).includes(key) ? { key: key as SortKey, descending } : null;
}

export const SORT_LABELS: Record<SortValue, string> = {
  due: "Due date, soonest first",
  "-due": "Due date, latest first",
  priority: "Priority, highest first",
  "-priority": "Priority, lowest first",
  status: "Status, to do first",
  "-status": "Status, done first",
  title: "Title, A–Z",
  "-title": "Title, Z–A",
  owner: "Owner, A–Z",
  "-owner": "Owner, Z–A",
};

export const GROUP_LABELS: Record<GroupKey, string> = {
  days: "Days to the show",
  category: "Category",
  owner: "Owner",
  status: "Status",
};

/** Most urgent first: the rank `priority` sorts by. */
export function priorityRank(priority: string) {
  const index = (PRIORITIES as readonly string[]).indexOf(priority);
  return index === -1 ? PRIORITIES.length : PRIORITIES.length - 1 - index;
}

/** The workflow order of statuses: to do, in progress, overdue, then custom ones (by name), done last. */
const STATUS_RANKS: Record<string, number> = { pending: 0, in_progress: 1, overdue: 2, [COMPLETED]: 4 };
export const CUSTOM_STATUS_RANK = 3;
export function statusRank(status: string) {
  return STATUS_RANKS[status] ?? CUSTOM_STATUS_RANK;
}
export const STATUS_RANK_ENTRIES = Object.entries(STATUS_RANKS);

/**
 * "Days to the show" buckets, in list order: open work past its date, this week (today and the six days after),
 * two to four weeks out, later, work dated after the event, done work dated before today, and no date.
 */
export const DAY_BUCKETS = [
  "overdue",
  "this-week",
  "weeks-2-4",
  "later",
  "after-show",
  "done-earlier",
  "no-date",
] as const;
export type DayBucket = (typeof DAY_BUCKETS)[number];

/** The dates the buckets turn on: today, and the event's day on the workspace's wall clock (null: no event). */
export interface DayBucketDates {
  today: string;
  eventDay: string | null;
}

/** The first day of "2–4 weeks" and of "later", from today. */
export function bucketEdges(today: string) {
  return { weeks: addDays(today, 7), later: addDays(today, 28) };
}

/** Which "days to the show" bucket a task falls in (its due date's day; a time of day does not matter). */
export function dayBucket(task: { dueDate: string | null; status: string }, dates: DayBucketDates): DayBucket {
  if (!task.dueDate) return "no-date";
  const day = task.dueDate.slice(0, 10);
  if (day < dates.today) return task.status === COMPLETED ? "done-earlier" : "overdue";
  if (dates.eventDay && day > dates.eventDay) return "after-show";
  const edges = bucketEdges(dates.today);
  if (day < edges.weeks) return "this-week";
  if (day < edges.later) return "weeks-2-4";
  return "later";
}

const BUCKET_TITLES: Record<DayBucket, string> = {
  overdue: "Overdue",
  "this-week": "This week",
  "weeks-2-4": "In 2–4 weeks",
  later: "Later",
  "after-show": "After the show",
  "done-earlier": "Done, dated earlier",
  "no-date": "No date",
};

/** A bucket's heading, with how many days before the show its dates fall when the event has a date. */
export function dayBucketTitle(bucket: DayBucket, dates: DayBucketDates) {
  const title = BUCKET_TITLES[bucket];
  if (!dates.eventDay) return title;
  const toShow = (day: string) => daysBetween(day, dates.eventDay!);
  const edges = bucketEdges(dates.today);
  const ranges: Partial<Record<DayBucket, [string, string | null]>> = {
    "this-week": [dates.today, addDays(edges.weeks, -1)],
    "weeks-2-4": [edges.weeks, addDays(edges.later, -1)],
    later: [edges.later, null],
  };
  const range = ranges[bucket];
  if (!range) return title;
  const from = toShow(range[0]);
  if (from < 0) return title;
  const to = range[1] ? Math.max(0, toShow(range[1])) : 0;
  return from === to ? `${title} · ${from} days before the show` : `${title} · ${from}–${to} days before the show`;
}

/** The fields ordering reads. */
export interface OrderedTask {
  id: string;
  title: string;
  priority: string;
  status: string;
  category: string | null;
  assigneeName: string | null;
  dueDate: string | null;
  createdAt: string;
}

export interface ListOrder {
  sort?: TaskSort | null;
  group?: GroupKey | null;
  /** Needed to group by "days to the show". */
  dates?: DayBucketDates;
}

const text = (value: string) => value.toLowerCase();
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const compareNumber = (a: number, b: number) => a - b;

/** Compares optional text with missing values last whatever the direction, as the SQL does. */
function compareOptional(a: string | null, b: string | null, descending: boolean) {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  const order = compareText(text(a), text(b));
  return descending ? -order : order;
}

function compareSortKey(a: OrderedTask, b: OrderedTask, sort: TaskSort) {
  const sign = sort.descending ? -1 : 1;
  switch (sort.key) {
    case "due":
      if (!a.dueDate || !b.dueDate) return compareOptional(a.dueDate, b.dueDate, sort.descending);
      return sign * compareText(a.dueDate, b.dueDate);
    case "priority":
      return sign * compareNumber(priorityRank(a.priority), priorityRank(b.priority));
    case "status":
      return sign * (compareNumber(statusRank(a.status), statusRank(b.status)) || compareText(a.status, b.status));
    case "title":
      return sign * compareText(text(a.title), text(b.title));
    case "owner":
      return compareOptional(a.assigneeName, b.assigneeName, sort.descending);
  }
}

/** A task's group, as a key to order by and to show a heading for. */
export function groupKeyOf(task: OrderedTask, order: ListOrder): string {
  switch (order.group) {
    case "days":
      return dayBucket(task, order.dates ?? { today: "", eventDay: null });
    case "category":
      return task.category ? text(task.category) : "";
    case "owner":
      return task.assigneeName ? text(task.assigneeName) : "";
    case "status":
      return task.status;
    default:
      return "";
  }
}

function compareGroups(a: OrderedTask, b: OrderedTask, order: ListOrder) {
  switch (order.group) {
    case "days": {
      const dates = order.dates ?? { today: "", eventDay: null };
      return DAY_BUCKETS.indexOf(dayBucket(a, dates)) - DAY_BUCKETS.indexOf(dayBucket(b, dates));
    }
    case "category":
      return compareOptional(a.category, b.category, false);
    case "owner":
      return compareOptional(a.assigneeName, b.assigneeName, false);
    case "status":
      return compareNumber(statusRank(a.status), statusRank(b.status)) || compareText(a.status, b.status);
    default:
      return 0;
  }
}

/**
 * The list's order for rows in memory: the group first, then the chosen sort, then the default order (dated
 * first by due date, then by creation), then the id.
 */
export function compareForOrder(a: OrderedTask, b: OrderedTask, order: ListOrder) {
  return (
    compareGroups(a, b, order) ||
    (order.sort ? compareSortKey(a, b, order.sort) : 0) ||
    compareTasks(a, b) ||
    compareText(a.id, b.id)
  );
}

/** The list's two looks, remembered per member and workspace (`memberships.task_view`). */
export const TASK_VIEWS = ["cards", "table"] as const;
export type TaskView = (typeof TASK_VIEWS)[number];

/** A page's rows cut where their group changes, in order (one group holding them all when the list is ungrouped). */
export function groupRows<Task extends OrderedTask>(rows: readonly Task[], order: ListOrder) {
  const groups: Array<{ key: string; tasks: Task[] }> = [];
  for (const task of rows) {
    const key = groupKeyOf(task, order);
    const last = groups[groups.length - 1];
    if (last && last.key === key) last.tasks.push(task);
    else groups.push({ key, tasks: [task] });
  }
  return groups;
}
