import { Form, Link, useFetcher, useLocation } from "@remix-run/react";
import { Plus, Search, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useToast } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { describeDue, statusLabel } from "~/domain/labels";
import type { LinkDirection } from "~/domain/task-editor";
import { listSearch, taskPageUrl } from "~/lib/task-page-url";
import { useHydrated } from "~/lib/use-hydrated";
import { useOnChange } from "~/lib/use-on-change";
import type { action as taskAction } from "~/routes/tasks.$id";
import type { LinkChoice, TaskPage } from "~/services/task-editor.server";

type LinkedTask = TaskPage["dependsOn"][number];

const COPY: Record<LinkDirection, { title: string; hint: string; search: string; empty: string }> = {
  waitsFor: {
    title: "Waits for",
    hint: "Tasks that must be done before this one can start.",
    search: "Add a task this waits for",
    empty: "Nothing: it can start any time.",
  },
  neededBy: {
    title: "Needed by",
    hint: "Tasks that cannot start until this one is done.",
    search: "Add a task that needs this",
    empty: "Nothing waits for it.",
  },
};

/** The task's dependencies both ways, each list with remove buttons and a picker that searches as you type. */
export function TaskLinks({
  task,
  dependsOn,
  dependants,
  dependantCount,
  search,
  today,
}: TaskPage & { today: string }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-5 border-t border-slate-200 pt-6">
      <h3 id={headingId} className="text-sm font-semibold text-slate-900">
        Dependencies
      </h3>
      <LinkList taskId={task.id} direction="waitsFor" items={dependsOn} search={search} today={today} />
      <LinkList
        taskId={task.id}
        direction="neededBy"
        items={dependants}
        more={dependantCount - dependants.length}
        search={search}
        today={today}
      />
    </section>
  );
}

function LinkList({
  taskId,
  direction,
  items,
  more = 0,
  search,
  today,
}: {
  taskId: string;
  direction: LinkDirection;
  items: LinkedTask[];
  more?: number;
  search: TaskPage["search"];
  today: string;
}) {
  const copy = COPY[direction];
  const hydrated = useHydrated();
  const location = useLocation();
  const headingId = useId();
  return (
    <div role="group" aria-labelledby={headingId} className="grid gap-2">
      <div>
        <h4 id={headingId} className="text-sm font-medium text-slate-800">
          {copy.title}
        </h4>
        <p className="text-xs text-slate-500">{copy.hint}</p>
      </div>
      {items.length ? (
        <ul className="grid gap-1.5">
          {items.map((item) => (
            <li
              key={item.id}
              className="flex items-center gap-2 rounded-md border border-slate-200 bg-slate-50 py-1.5 pr-1.5 pl-3 text-sm"
            >
              <div className="min-w-0 flex-1">
                <Link
                  to={taskPageUrl(item.id, location.search)}
                  className="font-medium break-words text-slate-900 hover:underline"
                >
                  {item.title}
                </Link>
                <p className="text-xs text-slate-500">{choiceFacts(item, today)}</p>
              </div>
              <LinkButton taskId={taskId} direction={direction} other={item} linked />
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-500">{copy.empty}</p>
      )}
      {more > 0 ? <p className="text-xs text-slate-500">…and {more} more.</p> : null}
      {hydrated ? (
        <LinkPicker taskId={taskId} direction={direction} label={copy.search} today={today} />
      ) : (
        <StaticPicker
          taskId={taskId}
          direction={direction}
          label={copy.search}
          search={search?.direction === direction ? search : null}
          today={today}
        />
      )}
    </div>
  );
}

function choiceFacts(task: { status: string; dueDate: string | null }, today: string) {
  return [statusLabel(task.status), describeDue(task, today)?.label ?? "No due date"].join(" · ");
}

/** Add or remove one dependency: a small form, so it works the same with and without JavaScript. */
function LinkButton({
  taskId,
  direction,
  other,
  linked,
  onLinked,
}: {
  taskId: string;
  direction: LinkDirection;
  other: { id: string; title: string };
  linked: boolean;
  onLinked?: () => void;
}) {
  const fetcher = useFetcher<typeof taskAction>();
  const toast = useToast();
  const { search } = useLocation();
  useOnChange(fetcher.data, (outcome) => {
    if (outcome.toast) toast(outcome.toast);
    if (outcome.ok) onLinked?.();
  });
  const what = `“${other.title}” ${linked ? "from" : "to"} ${COPY[direction].title}`;
  return (
    <fetcher.Form method="post" action={taskPageUrl(taskId, search)}>
      <input type="hidden" name="intent" value={linked ? "unlink" : "link"} />
      <input type="hidden" name="direction" value={direction} />
      <input type="hidden" name="otherId" value={other.id} />
      {linked ? (
        <Button type="submit" variant="ghost" size="icon" disabled={fetcher.state !== "idle"}>
          <X aria-hidden />
          <span className="sr-only">Remove {what}</span>
        </Button>
      ) : (
        <Button type="submit" variant="secondary" size="sm" disabled={fetcher.state !== "idle"}>
          <Plus aria-hidden />
          Add<span className="sr-only"> {what}</span>
        </Button>
      )}
    </fetcher.Form>
  );
}

/**
 * Without JavaScript: a search that reloads the page (GET, keeping the list's query) and lists the matches, each
 * with an 'Add' button.
 */
function StaticPicker({
  taskId,
  direction,
  label,
  search,
  today,
}: {
  taskId: string;
  direction: LinkDirection;
  label: string;
  search: { q: string; matches: LinkChoice[] } | null;
  today: string;
}) {
  const location = useLocation();
  const inputId = useId();
  const kept = [...new URLSearchParams(listSearch(location.search))];
  return (
    <div className="grid gap-2">
      <Form method="get" action={`/tasks/${taskId}`} className="grid gap-1.5">
        {kept.map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <label htmlFor={inputId} className="text-xs font-medium text-slate-600">
          {label}
        </label>
        <div className="flex gap-2">
          <Input
            id={inputId}
            type="search"
            name={direction}
            defaultValue={search?.q ?? ""}
            placeholder="Search tasks"
          />
          <Button type="submit" variant="secondary">
            <Search aria-hidden />
            Search
          </Button>
        </div>
      </Form>
      {search ? (
        search.matches.length ? (
          <ul className="grid gap-1.5" aria-label={`Matches for “${search.q}”`}>
            {search.matches.map((match) => (
              <li
                key={match.id}
                className="flex items-center gap-2 rounded-md border border-slate-200 py-1.5 pr-1.5 pl-3 text-sm"
              >
                <div className="min-w-0 flex-1">
                  <p className="font-medium break-words text-slate-900">{match.title}</p>
                  <p className="text-xs text-slate-500">{choiceFacts(match, today)}</p>
                </div>
                <LinkButton taskId={taskId} direction={direction} other={match} linked={false} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-500">
            {search.q ? `No task matches “${search.q}”.` : "Type part of a title."}
          </p>
        )
      ) : null}
    </div>
  );
}

/** Wait before asking the server, so typing sends one request per pause rather than per key. */
const SEARCH_DELAY_MS = 200;

/**
 * With JavaScript: a combobox that asks the server for up to 8 matches as you type (`GET
 * /api/tasks/{id}/link-choices`); arrows move through them, Enter or a click adds one.
 */
function LinkPicker({
  taskId,
  direction,
  label,
  today,
}: {
  taskId: string;
  direction: LinkDirection;
  label: string;
  today: string;
}) {
  const [query, setQuery] = useState("");
  const [matches, setMatches] = useState<LinkChoice[]>([]);
  const [active, setActive] = useState(-1);
  const [searched, setSearched] = useState(false);
  const fetcher = useFetcher<typeof taskAction>();
  const toast = useToast();
  const { search } = useLocation();
  const input = useRef<HTMLInputElement>(null);
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
        const params = new URLSearchParams({ direction, q });
        const res = await fetch(`/api/tasks/${encodeURIComponent(taskId)}/link-choices?${params}`, {
          signal: controller.signal,
        });
        if (!res.ok) return;
        setMatches(((await res.json()) as { tasks: LinkChoice[] }).tasks);
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
  }, [query, direction, taskId]);

  useOnChange(fetcher.data, (outcome) => {
    if (outcome.toast) toast(outcome.toast);
    if (outcome.ok) {
      setQuery("");
      input.current?.focus();
    }
  });

  const add = (choice: LinkChoice) =>
    fetcher.submit(
      { intent: "link", direction, otherId: choice.id },
      { method: "post", action: taskPageUrl(taskId, search) },
    );
  const open = query.trim() !== "" && (matches.length > 0 || searched);

  return (
    <div className="relative grid gap-1.5">
      <label htmlFor={id} className="text-xs font-medium text-slate-600">
        {label}
      </label>
      <Input
        ref={input}
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
        disabled={fetcher.state !== "idle"}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown" && matches.length) {
            event.preventDefault();
            setActive((i) => (i + 1) % matches.length);
          } else if (event.key === "ArrowUp" && matches.length) {
            event.preventDefault();
            setActive((i) => (i <= 0 ? matches.length - 1 : i - 1));
          } else if (event.key === "Enter" && active >= 0) {
            event.preventDefault();
            add(matches[active]);
          } else if (event.key === "Escape" && query) {
            // Clears the search rather than closing the drawer.
            event.preventDefault();
            event.stopPropagation();
            setQuery("");
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
          // The keys are the combobox input's (aria-activedescendant); a click adds too.
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events
          <li
            key={match.id}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            className="cursor-pointer rounded px-2 py-1.5 text-sm aria-selected:bg-brand-50 hover:bg-slate-100"
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => add(match)}
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
