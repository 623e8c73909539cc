import { Form, Link, useFetcher, useLocation } from "@remix-run/react";
import { Plus, Search, X } from "lucide-react";
import { useCallback, useId, useRef, useState } from "react";
import { useToast } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import type { LinkDirection } from "~/domain/task-editor";
import { listSearch, taskPageUrl } from "~/lib/task-page-url";
import { useHydrated } from "~/lib/use-hydrated";
import { useOnChange } from "~/lib/use-on-change";
import type { action as taskAction } from "~/routes/tasks.$id";
import type { LinkChoice, TaskPage } from "~/services/task-editor.server";
import { choiceFacts, TaskSearchCombobox } from "./task-search-combobox";

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
  const fetcher = useFetcher<typeof taskAction>();
  const toast = useToast();
  const { search } = useLocation();
  const input = useRef<HTMLInputElement>(null);

  const searchChoices = useCallback(
    async (q: string, signal: AbortSignal) => {
      const params = new URLSearchParams({ direction, q });
      const res = await fetch(`/api/tasks/${encodeURIComponent(taskId)}/link-choices?${params}`, { signal });
      if (!res.ok) throw new Error(`link choices: ${res.status}`);
      return ((await res.json()) as { tasks: LinkChoice[] }).tasks;
    },
    [direction, taskId],
  );

  useOnChange(fetcher.data, (outcome) => {
    if (outcome.toast) toast(outcome.toast);
    if (outcome.ok) {
      setQuery("");
      input.current?.focus();
    }
  });

  return (
    <TaskSearchCombobox
      label={label}
      query={query}
      onQueryChange={setQuery}
      search={searchChoices}
      onPick={(choice) =>
        fetcher.submit(
          { intent: "link", direction, otherId: choice.id },
          { method: "post", action: taskPageUrl(taskId, search) },
        )
      }
      today={today}
      disabled={fetcher.state !== "idle"}
      inputRef={input}
    />
  );
}
