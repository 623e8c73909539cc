import { useRevalidator } from "@remix-run/react";
import { createElement, useEffect, useRef, useState } from "react";
import { useLiveStatus } from "~/components/live-provider";
import type { ShowLiveState } from "~/domain/show-live";
import { liveConnection } from "~/lib/live-client";
import { useLoadedState } from "~/lib/use-loaded-state";

/**
 * Show mode's state (ADR 025) of the loaded state's stage (ADR 037): the loader's until the live socket sends one of
 * that stage (on connect and after every change); new loader data (a navigation, a refetch after an action) takes
 * over again.
 */
export function useLiveShow(loaded: ShowLiveState) {
  const [state, setState] = useLoadedState(loaded);
  const stageId = loaded.stageId ?? null;
  useEffect(
    () =>
      liveConnection().onShow((show) => {
        if ((show.stageId ?? null) === stageId) setState(show);
      }),
    [stageId, setState],
  );
  return state;
}

/**
 * The server's clock (epoch ms), ticking every `everyMs` after hydration: the loader's instant on the server and in
 * the first render (so the markup matches), then the local clock corrected by the live socket's measured offset.
 */
export function useServerClock(initial: number, everyMs = 250) {
  const [now, setNow] = useState(initial);
  useEffect(() => {
    const tick = () => setNow(liveConnection().serverNow());
    tick();
    const timer = setInterval(tick, everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/**
 * Holds the socket for pages outside the app shell: the presenter view (a workspace) or a crew link (a token). The
 * page reloads its data when the rundown changes, after missed changes, and when the server ends the socket (signed
 * out, removed, the link revoked), so the page says so.
 */
export function useLiveFollow(target: { workspaceId: string } | { shareToken: string }) {
  const key = "workspaceId" in target ? `w:${target.workspaceId}` : `s:${target.shareToken}`;
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  useEffect(() => {
    const connection = liveConnection();
    const stop = connection.onMessage((message, action) => {
      if (action === "resync" || message.type === "rundown") revalidate.current();
    });
    const release = key.startsWith("w:") ? connection.retain(key.slice(2)) : connection.retainShare(key.slice(2));
    return () => {
      stop();
      release();
    };
  }, [key]);
}

/** For browser tests and support, as the app shell has: whether this page is receiving live updates. */
export function LiveStatusMarker() {
  return createElement("span", { hidden: true, "data-live-status": useLiveStatus() });
}
