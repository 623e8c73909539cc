import { Link } from "@remix-run/react";
import { ClipboardList, SearchX } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { plural } from "~/domain/labels";

/**
 * What the list shows with no task on this page: a page past the list's end, no match for the filters, or an empty
 * board with its first Create Task (`createButton`).
 */
export function TaskListEmpty({
  total,
  filtered,
  firstPageHref,
  createButton,
}: {
  /** How many tasks match across every page. */
  total: number;
  filtered: boolean;
  firstPageHref: string;
  createButton: ReactNode;
}) {
  if (total > 0) {
    return (
      <EmptyState
        icon={<SearchX className="size-8" aria-hidden />}
        title="This page is empty"
        text={`The list has ${plural(total, "task")}; this page is past its end.`}
        action={
          <Button asChild variant="secondary">
            <Link to={firstPageHref}>Back to the first page</Link>
          </Button>
        }
      />
    );
  }
  if (filtered) {
    return (
      <EmptyState
        icon={<SearchX className="size-8" aria-hidden />}
        title="No tasks found"
        text="Nothing matches this search and these filters. Try fewer filters or a different word."
        action={
          <Button asChild variant="secondary">
            <Link to="/tasks">Clear filters</Link>
          </Button>
        }
      />
    );
  }
  return (
    <EmptyState
      icon={<ClipboardList className="size-8" aria-hidden />}
      title="No tasks yet"
      text="Start with what keeps you up at night: the stage plot, the power order, the artist pickups."
      action={createButton}
    />
  );
}

function EmptyState({ icon, title, text, action }: { icon: ReactNode; title: string; text: string; action: ReactNode }) {
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
      <span className="text-slate-400">{icon}</span>
      <h3 className="mt-3 text-lg font-semibold text-slate-900">{title}</h3>
      <p className="mt-1 max-w-md text-sm text-slate-600">{text}</p>
      <div className="mt-6">{action}</div>
    </div>
  );
}
