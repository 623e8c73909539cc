import { useHydrated } from "~/lib/use-hydrated";
import { cn } from "~/lib/utils";
import type { TaskSummary } from "./task-summary";

// Apart from task-list-parts.tsx: the dashboard's task cards carry the checkbox, not the list's other parts.

/** The id of the bulk bar's form: row checkboxes belong to it through their `form` attribute. */
export const BULK_FORM_ID = "bulk-form";

/**
 * A row's or card's checkbox for the bulk bar. Without JavaScript it is a plain checkbox of the bulk form; with
 * it, the page's selection drives it (so `x` and 'Select all on this page' tick it too).
 */
export function SelectTaskCheckbox({
  task,
  selected,
  onToggle,
  className,
}: {
  task: Pick<TaskSummary, "id" | "title">;
  selected: boolean;
  onToggle: (id: string) => void;
  className?: string;
}) {
  const hydrated = useHydrated();
  return (
    <input
      type="checkbox"
      name="ids"
      value={task.id}
      form={BULK_FORM_ID}
      aria-label={`Select “${task.title}”`}
      className={cn("row-check", className)}
      {...(hydrated ? { checked: selected, onChange: () => onToggle(task.id) } : {})}
    />
  );
}
