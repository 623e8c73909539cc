import type { FieldMetadata } from "@conform-to/react";
import { X } from "lucide-react";
import { useCallback, useState } from "react";
import { FieldError } from "~/components/field-error";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { useHydrated } from "~/lib/use-hydrated";
import { TaskSearchCombobox, type TaskChoice } from "./task-search-combobox";

/** How many matches one search offers. */
const SEARCH_LIMIT = 8;

/** Up to 8 tasks whose title or description contains `q` (`GET /api/tasks?q=…&limit=8`). */
async function searchTasks(q: string, signal: AbortSignal): Promise<TaskChoice[]> {
  const res = await fetch(`/api/tasks?${new URLSearchParams({ q, limit: String(SEARCH_LIMIT) })}`, { signal });
  if (!res.ok) throw new Error(`task search: ${res.status}`);
  return ((await res.json()) as TaskChoice[]).map(({ id, title, status, dueDate }) => ({ id, title, status, dueDate }));
}

const HINT = "Tasks that must be done before this one can start; they shape the critical path.";

/**
 * The create form's "Depends on". With JavaScript, a search as you type whose picks show as removable chips, each a
 * hidden `dependsOn` value of the form. Without it, a plain multiple select of the few `choices` the page offers
 * (the first open tasks): a list of every open task would make the page grow with the workspace (issue 15), and
 * the task's own page links any other once the task exists.
 */
export function DependsOnField({
  field,
  choices,
  today,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  field: FieldMetadata<any, any, string[]>;
  choices: ReadonlyArray<{ id: string; title: string }>;
  today: string;
}) {
  const hydrated = useHydrated();
  const [picked, setPicked] = useState<TaskChoice[]>([]);
  const [query, setQuery] = useState("");
  const hintId = `${field.id}-hint`;
  const pick = useCallback((choice: TaskChoice) => {
    setPicked((current) => (current.some((t) => t.id === choice.id) ? current : [...current, choice]));
    setQuery("");
  }, []);

  if (hydrated) {
    return (
      <div className="grid gap-1.5">
        <TaskSearchCombobox
          label="Depends on"
          labelClassName="text-sm font-medium text-slate-800"
          query={query}
          onQueryChange={setQuery}
          search={searchTasks}
          onPick={pick}
          today={today}
        />
        {picked.length ? (
          <ul aria-label="Depends on" className="flex flex-wrap gap-1.5">
            {picked.map((task) => (
              <li key={task.id} className="badge badge-muted max-w-full py-1 pr-1 text-sm">
                <input type="hidden" name={field.name} value={task.id} />
                <span className="truncate">{task.title}</span>
                <button
                  type="button"
                  className="rounded-full p-0.5 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-brand-600"
                  onClick={() => setPicked((current) => current.filter((t) => t.id !== task.id))}
                >
                  <X className="size-3.5" aria-hidden />
                  <span className="sr-only">Remove “{task.title}”</span>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <p id={hintId} className="text-xs text-slate-500">
          {HINT}
        </p>
        <FieldError id={field.errorId} errors={field.errors} />
      </div>
    );
  }
  if (choices.length === 0) return null;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={field.id}>
        Depends on <span className="font-normal text-slate-500">(optional)</span>
      </Label>
      <NativeSelect
        id={field.id}
        name={field.name}
        key={field.key}
        multiple
        size={Math.min(choices.length, 4)}
        defaultValue={[]}
        aria-describedby={hintId}
        className="h-auto py-1"
      >
        {choices.map((t) => (
          <option key={t.id} value={t.id}>
            {t.title}
          </option>
        ))}
      </NativeSelect>
      <p id={hintId} className="text-xs text-slate-500">
        {HINT} Ctrl or ⌘ picks several. These are the first {choices.length} open tasks; link any other on the
        task&apos;s page once it is created.
      </p>
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}
