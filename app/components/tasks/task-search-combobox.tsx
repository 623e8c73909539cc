import { useEffect, useId, useState, type Ref } from "react";
import { Input } from "~/components/ui/input";
import { describeDue, statusLabel } from "~/domain/labels";

/** A task offered by a search: enough to tell it apart (its status and due date beside the title). */
export interface TaskChoice {
  id: string;
  title: string;
  status: string;
  dueDate: string | null;
}

export function choiceFacts(task: { status: string; dueDate: string | null }, today: string) {
  return [statusLabel(task.status), describeDue(task, today)?.label ?? "No due date"].join(" · ");
}

/** Wait before asking the server, so typing sends one request per pause rather than per key. */
const SEARCH_DELAY_MS = 200;

/**
 * A combobox that asks the server for tasks as you type (`search`, which must keep its identity between renders);
 * arrows move through the matches, Enter or a click picks one. The query is the caller's, so it can clear it once
 * a pick is done. The task page's dependency picker and the create form's "Depends on" use it.
 */
export function TaskSearchCombobox({
  label,
  query,
  onQueryChange,
  search,
  onPick,
  today,
  disabled = false,
  inputRef,
  labelClassName = "text-xs font-medium text-slate-600",
}: {
  label: string;
  query: string;
  onQueryChange: (query: string) => void;
  search: (q: string, signal: AbortSignal) => Promise<TaskChoice[]>;
  onPick: (choice: TaskChoice) => void;
  today: string;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  labelClassName?: string;
}) {
  const [matches, setMatches] = useState<TaskChoice[]>([]);
  const [active, setActive] = useState(-1);
  const [searched, setSearched] = useState(false);
  const id = useId();
  const listId = `${id}-list`;

  useEffect(() => {
    const q = query.trim();
    if (!q) {
      setMatches([]);
      setSearched(false);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        setMatches(await search(q, controller.signal));
        setActive(-1);
        setSearched(true);
      } catch {
        // Aborted by the next keystroke, or offline: the list stays as it was.
      }
    }, SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, search]);

  const open = query.trim() !== "" && (matches.length > 0 || searched);

  return (
    <div className="relative grid gap-1.5">
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      <Input
        ref={inputRef}
        id={id}
        type="text"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
        autoComplete="off"
        placeholder="Search tasks"
        value={query}
        disabled={disabled}
        onChange={(event) => onQueryChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown" && matches.length) {
            event.preventDefault();
            setActive((i) => (i + 1) % matches.length);
          } else if (event.key === "ArrowUp" && matches.length) {
            event.preventDefault();
            setActive((i) => (i <= 0 ? matches.length - 1 : i - 1));
          } else if (event.key === "Enter" && active >= 0) {
            event.preventDefault();
            onPick(matches[active]);
          } else if (event.key === "Escape" && query) {
            // Clears the search rather than closing the drawer or dialog.
            event.preventDefault();
            event.stopPropagation();
            onQueryChange("");
          }
        }}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={`Matches for ${label.toLowerCase()}`}
        hidden={!open}
        className="grid max-h-72 gap-0.5 overflow-y-auto rounded-md border border-slate-200 bg-white p-1 shadow-lg"
      >
        {matches.map((match, i) => (
          // The keys are the combobox input's (aria-activedescendant); a click picks too.
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events
          <li
            key={match.id}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            className="cursor-pointer rounded px-2 py-1.5 text-sm aria-selected:bg-brand-50 hover:bg-slate-100"
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onPick(match)}
          >
            <span className="block font-medium break-words text-slate-900">{match.title}</span>
            <span className="block text-xs text-slate-500">{choiceFacts(match, today)}</span>
          </li>
        ))}
        {matches.length === 0 ? (
          <li role="option" aria-selected={false} aria-disabled className="px-2 py-1.5 text-sm text-slate-500">
            No task matches “{query.trim()}”.
          </li>
        ) : null}
      </ul>
    </div>
  );
}
