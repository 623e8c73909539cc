import { addDays, daysBetween } from "./dates";
import { COMPLETED, PRIORITIES } from "./tasks";

/**
 * How the task list is ordered and grouped (`sort=` and `group=` in its URL and `/api/tasks`): the choices, their
 * labels, the ranks and the day buckets. The SQL in app/models/tasks.ts orders the same way; `compareForOrder`
 * (app/domain/task-compare.ts) orders rows held in memory (a live change placed in the page's rows), so both must agree.
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

/** The dates the buckets turn on: today, and the event's first and last days on the workspace's wall clock. */
export interface DayBucketDates {
  today: string;
  /** The first show day (null: no event). */
  eventDay: string | null;
  /** The event's last day, load-out or the last show day (`eventLastDayOf`); the first show day when absent. */
  lastDay?: string | null;
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
  const lastDay = dates.lastDay ?? dates.eventDay;
  if (lastDay && day > lastDay) return "after-show";
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

/** The list's two looks, remembered per member and workspace (`memberships.task_view`). */
export const TASK_VIEWS = ["cards", "table"] as const;
export type TaskView = (typeof TASK_VIEWS)[number];
