import { useRevalidator } from "@remix-run/react";
import { useEffect, useMemo, useRef, useSyncExternalStore, type ReactNode } from "react";
import type { LiveMessage, LiveWorkspace } from "~/domain/live";
import type { ListChange, ListedTask, ListShape, ListWindow } from "~/domain/live-list";
import type { TaskStats } from "~/domain/stats";
import { liveConnection, type LiveStatus } from "~/lib/live-client";
import { useLoadedState } from "~/lib/use-loaded-state";

/** The server's clock now (epoch ms): the local clock corrected by the offset measured on connect. */
export function serverNow() {
  return liveConnection().serverNow();
}

/** Coalesces refetches: a burst of changes (a template, a Slack batch) costs one loader run. */
const REVALIDATE_DEBOUNCE_MS = 250;

/** `run`, at most once per burst of calls (the latest `run` wins). */
export function useDebounced(run: () => void) {
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const latest = useRef(run);
  latest.current = run;
  useEffect(() => () => clearTimeout(timer.current), []);
  return useMemo(
    () => () => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => latest.current(), REVALIDATE_DEBOUNCE_MS);
    },
    [],
  );
}

function useDebouncedRevalidate() {
  const { revalidate } = useRevalidator();
  return useDebounced(revalidate);
}

/**
 * Live updates for the signed-in pages, mounted once in the app shell: holds the shared socket to the shown
 * workspace open while a workspace page is shown (after hydration only) and refetches the page's data once
 * after a version gap.
 * The hooks below read the shared connection directly, so they work anywhere on the page, even outside
 * this element; without a socket every page keeps working from its loader data.
 */
export function LiveProvider({ workspaceId, children }: { workspaceId: string; children: ReactNode }) {
  const revalidate = useDebouncedRevalidate();
  useEffect(() => {
    const connection = liveConnection();
    const stopMessages = connection.onMessage((_, action) => {
      if (action === "resync") revalidate();
    });
    const release = connection.retain(workspaceId);
    return () => {
      stopMessages();
      release();
    };
  }, [revalidate, workspaceId]);
  const status = useLiveStatus();
  return (
    <>
      {/* For browser tests and support: whether this page is receiving live updates. */}
      <span hidden data-live-status={status} />
      {children}
    </>
  );
}

/** "open" while the page receives live updates; "offline" on the server, before hydration and between retries. */
export function useLiveStatus() {
  return useSyncExternalStore<LiveStatus>(
    (onChange) => liveConnection().onStatus(onChange),
    () => liveConnection().status,
    () => "offline",
  );
}

/** Runs `handler` for each change to show in place (a gap refetches the page instead); latest handler wins. */
export function useLiveMessages(handler: (message: LiveMessage) => void) {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(
    () =>
      liveConnection().onMessage((message, action) => {
        if (action === "apply") latest.current(message);
      }),
    [],
  );
}

/**
 * The workspace's stats: the loader's until a change arrives, then the change's fresh figures; new loader
 * data (a navigation or a refetch) takes over again. Undefined in, undefined out (a signed-out page).
 */
export function useLiveStats<Loaded extends TaskStats | undefined>(loaded: Loaded): Loaded {
  const [stats, setStats] = useLoadedState(loaded);
  useLiveMessages((message) => {
    if (message.type === "task" || message.type === "workspace") {
      setStats((current) => (current === undefined ? current : (message.stats as Loaded)));
    }
  });
  return stats;
}

/**
 * A filtered, ordered window of the workspace's tasks (the tasks page's page, the dashboard's Recent Tasks),
 * kept current in place: each change is applied to the rows the page holds (app/domain/live-list.ts), and only
 * a change that would bring rows the page never held into view refetches the page's data, once per burst.
 * New loader data (a navigation or a refetch) takes over again.
 */
export function useLiveList<Task extends ListedTask>(loaded: ListWindow<Task>, shape: ListShape): ListWindow<Task> {
  const [list, setList] = useLoadedState(loaded);
  // Messages are applied one after another to the latest window, which a ref holds between renders.
  const current = useRef(list);
  current.current = list;
  const revalidate = useDebouncedRevalidate();
  // The list's rules load with the first change, as the socket did; changes still apply one after another.
  const applied = useRef(Promise.resolve());
  useLiveMessages((message) => {
    if (message.type !== "task") return;
    applied.current = applied.current
      .then(() => import("~/domain/live-list"))
      .then(({ applyListChange }) => {
        const next = applyListChange(current.current, message as ListChange<Task>, shape);
        if (next === "refetch") return revalidate();
        current.current = next;
        setList(next);
      });
  });
  return list;
}

/**
 * For pages whose figures are computed from the whole workspace (analytics, the plan): any task change, and on
 * request a workspace change (the event date), refetches the page's data once per burst.
 */
export function useRevalidateOnTaskChange({ includeWorkspace = false } = {}) {
  const revalidate = useDebouncedRevalidate();
  useLiveMessages((message) => {
    if (message.type === "task" || (includeWorkspace && message.type === "workspace")) revalidate();
  });
}

/**
 * For the run of show: a change to the cues of `day` refetches the page's data once per burst, and so does a task
 * change (a linked task done makes its cue ready) or an event-settings change (the days and the timezone).
 */
export function useRevalidateOnShowChange(day: string) {
  const revalidate = useDebouncedRevalidate();
  useLiveMessages((message) => {
    if (
      (message.type === "rundown" && message.day === day) ||
      message.type === "task" ||
      message.type === "workspace"
    ) {
      revalidate();
    }
  });
}

/**
 * The workspace's event settings: the loader's until someone changes them on another page, then the change's.
 * The countdown follows the event date without a refetch.
 */
export function useLiveWorkspace<Loaded extends LiveWorkspace>(loaded: Loaded): Loaded {
  const [workspace, setWorkspace] = useLoadedState(loaded);
  useLiveMessages((message) => {
    if (message.type === "workspace") setWorkspace((current) => ({ ...current, ...message.workspace }));
  });
  return workspace;
}
