import { useId } from "react";
import { formatTimeAgo, formatUtcTimestamp } from "~/domain/dates";
import type { TaskDetail } from "~/services/task-queries.server";

const VERBS = { created: "created this task", deleted: "deleted this task", restored: "restored this task" } as const;
const SOURCES: Record<string, string> = { web: "web", api: "API", slack: "Slack" };

/**
 * A task's history, newest first: "Maria Lopez changed Due date from Mar 1, 2027 to Mar 4, 2027 · via Slack ·
 * 2 h ago". `now` is the server's clock when the page was read, so both renders agree.
 */
export function TaskHistoryList({ history, now }: { history: TaskDetail["history"]; now: string }) {
  const headingId = useId();
  const clock = new Date(now);
  return (
    <section aria-labelledby={headingId} className="grid gap-3 border-t border-slate-200 pt-6">
      <h3 id={headingId} className="text-sm font-semibold text-slate-900">
        History
      </h3>
      {history.length ? (
        <ol className="grid gap-2.5 text-sm text-slate-700">
          {history.map((entry) => (
            <li key={entry.id} className="border-l-2 border-slate-200 pl-3">
              <span className="font-medium text-slate-900">{entry.actorName ?? "Someone"}</span>{" "}
              {entry.kind === "updated"
                ? `changed ${entry.lines.map((l) => `${l.label} from ${l.from} to ${l.to}`).join("; ")}`
                : entry.summary
                  ? `${entry.summary.charAt(0).toLowerCase()}${entry.summary.slice(1)}`
                  : entry.occurrenceOf
                    ? `created this task as the next occurrence of “${entry.occurrenceOf.title}”`
                    : VERBS[entry.kind as keyof typeof VERBS]}
              <span className="text-slate-500">
                {" "}
                · via {SOURCES[entry.source] ?? entry.source} ·{" "}
                <time dateTime={entry.at} title={formatUtcTimestamp(entry.at)}>
                  {formatTimeAgo(entry.at, clock)}
                </time>
              </span>
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-sm text-slate-500">No history yet.</p>
      )}
    </section>
  );
}
