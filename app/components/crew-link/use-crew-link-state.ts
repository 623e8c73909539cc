import { useCallback, useEffect, useRef, useState } from "react";
import { CREW_LINK_WORKER_PATH, crewLinkStatePath, stateOffset } from "~/domain/crew-link";
import { isRunning, type ShowLiveState } from "~/domain/show-live";
import { liveConnection } from "~/lib/live-client";
import type { CrewLinkState } from "~/services/crew-links.server";

const stateUrl = (token: string, day: string) => `${crewLinkStatePath(token)}?day=${encodeURIComponent(day)}`;

/** How often an open link refreshes its sheet while online (calls and cues change without a live signal to crew). */
const REFRESH_EVERY_MS = 2 * 60_000;
/** How often a page showing the device's copy tries the network again (the browser's online event can come early). */
const RETRY_OFFLINE_MS = 5_000;

export interface CrewLinkView {
  state: CrewLinkState;
  /** The show, as the live socket last said (else the state's). */
  show: ShowLiveState;
  /** The device's clock when the state shown arrived (epoch ms), for "updated 14:32". */
  receivedAt: number;
  /** Server − device clock (ms), measured at the last good state: the countdown keeps it offline. */
  offsetMs: number;
  offline: boolean;
  /** The link answered 404: revoked, or its person left the directory. */
  revoked: boolean;
  /** The service worker keeps this page and its state on the device. */
  offlineReady: boolean;
}

/**
 * A personal crew link's state on the page (ADR 045): the loader's first, then `/c/{token}/state` through the
 * service worker (which answers its last good copy, marked offline, with the network gone). It refetches on
 * reconnect, on returning to the tab, when the live socket says the rundown changed or missed changes, and every
 * couple of minutes; show changes arrive over the socket in between.
 */
export function useCrewLinkState(token: string, loaded: CrewLinkState): CrewLinkView {
  const [view, setView] = useState<CrewLinkView>(() => ({
    state: loaded,
    show: loaded.show.state,
    receivedAt: loaded.serverTime,
    offsetMs: 0,
    offline: false,
    revoked: false,
    offlineReady: false,
  }));
  const day = useRef(loaded.day);
  day.current = loaded.day;

  const refresh = useCallback(async () => {
    const url = stateUrl(token, day.current);
    let response: Response;
    try {
      response = await fetch(url, { cache: "no-store" });
    } catch {
      // No network and no service worker copy: keep what the page shows.
      setView((v) => ({ ...v, offline: true }));
      return;
    }
    if (response.status === 404) {
      setView((v) => ({ ...v, revoked: true, offline: false }));
      return;
    }
    const offline = response.headers.get("X-Crew-Link-Offline") === "1";
    if (!response.ok) {
      setView((v) => ({ ...v, offline }));
      return;
    }
    const state = (await response.json()) as CrewLinkState;
    // A copy carries the device's clock when it arrived; a fresh answer arrives now.
    const receivedAt = Number(response.headers.get("X-Fetched-At")) || Date.now();
    setView((v) => ({
      ...v,
      state,
      show: state.show.state,
      receivedAt,
      offsetMs: stateOffset(state.serverTime, receivedAt),
      offline,
      revoked: false,
    }));
  }, [token]);

  // The first state is the server's, as rendered; the device's clock is measured against it after hydration.
  useEffect(() => {
    setView((v) => ({ ...v, receivedAt: Date.now(), offsetMs: stateOffset(v.state.serverTime, Date.now()) }));
    void refresh();
  }, [refresh]);

  useEffect(() => {
    const goneOffline = () => setView((v) => ({ ...v, offline: true }));
    const backOnline = () => void refresh();
    const visible = () => document.visibilityState === "visible" && void refresh();
    window.addEventListener("offline", goneOffline);
    window.addEventListener("online", backOnline);
    document.addEventListener("visibilitychange", visible);
    const timer = setInterval(() => navigator.onLine && void refresh(), REFRESH_EVERY_MS);
    return () => {
      window.removeEventListener("offline", goneOffline);
      window.removeEventListener("online", backOnline);
      document.removeEventListener("visibilitychange", visible);
      clearInterval(timer);
    };
  }, [refresh]);

  // Showing the device's copy: try again every few seconds once the device says it is online.
  useEffect(() => {
    if (!view.offline) return;
    const timer = setInterval(() => navigator.onLine && void refresh(), RETRY_OFFLINE_MS);
    return () => clearInterval(timer);
  }, [view.offline, refresh]);

  // Show mode live over the crew socket; a revoked link's socket closes and the refetch says so.
  const stageId = view.state.show.stageId;
  useEffect(() => {
    const connection = liveConnection();
    const stopShow = connection.onShow((show) => {
      if ((show.stageId ?? null) === stageId) setView((v) => ({ ...v, show }));
    });
    const stopMessages = connection.onMessage((message, action) => {
      if (action === "resync" || message.type === "rundown") void refresh();
    });
    // The socket is back: the network is, so the sheet catches up too.
    const stopStatus = connection.onStatus((status) => status === "open" && void refresh());
    const release = connection.retainCrewLink(token);
    return () => {
      stopShow();
      stopMessages();
      stopStatus();
      release();
    };
  }, [token, stageId, refresh]);

  // The show started on another day than the timing the page holds: fetch that day's.
  const otherDay = isRunning(view.show) && view.show.day !== view.state.show.day;
  useEffect(() => {
    if (otherDay) void refresh();
  }, [otherDay, refresh]);

  useOfflineCopy(stateUrl(token, loaded.day), () => setView((v) => ({ ...v, offlineReady: true })));
  return view;
}

/**
 * Registers the link's service worker and, once it controls the page, asks it to keep what this first load fetched
 * before it existed (the page, its state, scripts and styles); `onKept` runs when they are kept.
 */
function useOfflineCopy(stateHref: string, onKept: () => void) {
  const kept = useRef(onKept);
  kept.current = onKept;
  useEffect(() => {
    if (!("serviceWorker" in navigator)) return;
    const { serviceWorker } = navigator;
    const onMessage = (event: MessageEvent) => {
      if ((event.data as { type?: string } | null)?.type === "kept") kept.current();
    };
    serviceWorker.addEventListener("message", onMessage);
    const keep = () => {
      const urls = [
        location.pathname + location.search,
        stateHref,
        ...performance
          .getEntriesByType("resource")
          .map((entry) => entry.name)
          .filter((name) => name.startsWith(`${location.origin}/assets/`)),
      ];
      serviceWorker.controller?.postMessage({ type: "keep", urls });
    };
    serviceWorker.register(CREW_LINK_WORKER_PATH, { scope: "/c/" }).catch(() => {
      // No service worker (a private window, an old browser): the page works online as any other.
    });
    if (serviceWorker.controller) keep();
    serviceWorker.addEventListener("controllerchange", keep);
    return () => {
      serviceWorker.removeEventListener("message", onMessage);
      serviceWorker.removeEventListener("controllerchange", keep);
    };
  }, [stateHref]);
}
