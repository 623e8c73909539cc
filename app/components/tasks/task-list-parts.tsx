import { useFetcher } from "@remix-run/react";
import { LayoutGrid, Rows3 } from "lucide-react";
import { useEffect, type RefObject } from "react";
import { categoryLabel, plural, statusLabel } from "~/domain/labels";
import { dayBucketTitle, type DayBucket, type DayBucketDates, type GroupKey, type TaskView } from "~/domain/task-order";
import { cn } from "~/lib/utils";
import type { action as tasksAction } from "~/routes/tasks";
import type { TaskSummary } from "./task-summary";

/** The pieces the list's two views share: group headings, the view switch and the keyboard (row checkboxes: select-task-checkbox.tsx). */

/** A group's heading: the bucket, category, owner or status, and how many tasks it holds across every page. */
function groupTitle(group: GroupKey, key: string, first: TaskSummary, dates: DayBucketDates) {
  switch (group) {
    case "days":
      return dayBucketTitle(key as DayBucket, dates);
    case "category":
      return first.category ? categoryLabel(first.category) : "No category";
    case "owner":
      return first.assigneeName ?? "Unassigned";
    case "status":
      return statusLabel(first.status);
  }
}

/** A group heading's text: its title and how many tasks it holds across every page ("Overdue · 4 tasks"). */
export function GroupLabel({
  group,
  rows,
  groupKey,
  counts,
  dates,
}: {
  group: GroupKey;
  groupKey: string;
  rows: TaskSummary[];
  counts: Record<string, number>;
  dates: DayBucketDates;
}) {
  return (
    <>
      {groupTitle(group, groupKey, rows[0], dates)}{" "}
      <span className="font-normal text-slate-500">· {plural(counts[groupKey] ?? rows.length, "task")}</span>
    </>
  );
}

/** Cards or Table: a post that remembers the choice for this person in this workspace, shown at once. */
export function ViewSwitch({ view, action }: { view: TaskView; action: string }) {
  const fetcher = useFetcher<typeof tasksAction>();
  const option = (value: TaskView, label: string, icon: React.ReactNode) => (
    <button
      type="submit"
      name="view"
      value={value}
      aria-pressed={view === value}
      className={cn(
        "inline-flex h-9 items-center gap-1.5 px-3 text-sm font-medium focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600",
        view === value ? "bg-brand-50 text-brand-800" : "bg-white text-slate-700 hover:bg-slate-50",
      )}
    >
      {icon}
      {label}
    </button>
  );
  return (
    <fetcher.Form method="post" action={action} className="flex">
      <input type="hidden" name="intent" value="view" />
      <div role="group" aria-label="View" className="flex overflow-hidden rounded-md border border-slate-300 shadow-sm">
        {option("cards", "Cards", <LayoutGrid className="size-4" aria-hidden />)}
        {option("table", "Table", <Rows3 className="size-4" aria-hidden />)}
      </div>
    </fetcher.Form>
  );
}

/** The view the page shows: the one being switched to while the switch is on its way, else the stored one. */
export function useShownView(stored: TaskView, pending: FormData | undefined) {
  const value = pending?.get("view");
  return value === "cards" || value === "table" ? value : stored;
}

function isTypingIn(target: EventTarget | null) {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLInputElement) return !["checkbox", "radio", "button", "submit"].includes(target.type);
  return target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;
}

/**
 * j/k move the focus between the list's rows (elements with `data-task-row`), x ticks the focused one, e (or
 * Enter on the row itself) opens it. Keys typed in a field, with a modifier, or inside a dialog are left alone.
 */
export function useListKeyboard(
  list: RefObject<HTMLElement | null>,
  handlers: { toggle: (id: string) => void; open: (id: string) => void },
) {
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.metaKey || event.ctrlKey || event.altKey) return;
      if (isTypingIn(event.target) || (event.target as HTMLElement).closest?.("[role=dialog]")) return;
      const container = list.current;
      if (!container) return;
      const rows = [...container.querySelectorAll<HTMLElement>("[data-task-row]")];
      if (rows.length === 0) return;
      const active = document.activeElement;
      const row = active instanceof HTMLElement ? active.closest<HTMLElement>("[data-task-row]") : null;
      const index = row ? rows.indexOf(row) : -1;
      const id = row?.dataset.taskRow;
      switch (event.key) {
        case "j":
        case "k": {
          const next = event.key === "j" ? Math.min(index + 1, rows.length - 1) : Math.max(index - 1, 0);
          rows[next].focus();
          rows[next].scrollIntoView({ block: "nearest" });
          break;
        }
        case "x":
          if (!id) return;
          handlers.toggle(id);
          break;
        case "e":
          if (!id) return;
          handlers.open(id);
          break;
        case "Enter":
          if (!id || active !== row) return;
          handlers.open(id);
          break;
        default:
          return;
      }
      event.preventDefault();
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [list, handlers]);
}
