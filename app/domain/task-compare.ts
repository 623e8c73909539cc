import { compareTasks } from "./tasks";
import {
  DAY_BUCKETS,
  dayBucket,
  priorityRank,
  statusRank,
  type DayBucketDates,
  type GroupKey,
  type TaskSort,
} from "./task-order";

/*
 * The task list's order for rows held in memory (app/domain/task-order.ts has the choices and their labels). Only
 * the tasks page orders rows itself; kept apart so that the pages that show the list's controls (the dashboard's
 * Recent Tasks) do not load it.
 */

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
