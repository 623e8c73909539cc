import { Skeleton } from "~/components/ui/skeleton";
import { cn } from "~/lib/utils";

/** Placeholder task cards while a list loads: 5 on the tasks page, 3 on the dashboard (spec §9). */
export function TaskSkeletons({ count, className }: { count: number; className?: string }) {
  return (
    <ul className={cn("grid gap-4", className)} aria-label="Loading tasks">
      {Array.from({ length: count }, (_, i) => (
        <li
          key={i}
          className="grid gap-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
          data-testid="task-skeleton"
        >
          <div className="flex justify-between gap-3">
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-5 w-14 rounded-full" />
          </div>
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-4/5" />
          <Skeleton className="mt-2 h-9 w-full" />
        </li>
      ))}
    </ul>
  );
}
