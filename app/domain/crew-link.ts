import { pad2 } from "./dates";
import type { EventDay } from "./show";

/**
 * Personal crew links (issue 35, ADR 045): one person's day sheet and show mode at `/c/{token}` for someone without
 * an account, kept on the device by a service worker so it opens offline at the venue.
 */

/** A link's token: 256 random bits, base64url (as crew share links). */
export const CREW_LINK_TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;
export const crewLinkPath = (token: string) => `/c/${token}`;
export const crewLinkStatePath = (token: string) => `/c/${token}/state`;
/** The service worker's script: at the root of its scope, `/c/`. */
export const CREW_LINK_WORKER_PATH = "/c/sw.js";
/** A link's last use is written at most this often: a page polls its state on every reconnect. */
export const CREW_LINK_TOUCH_MS = 5 * 60_000;

/**
 * The day a link opens on: the asked day when it is an event day; else today when it is one; else the next event
 * day; else (the event is over) the last one. No event days: today.
 */
export function crewLinkDay(days: readonly EventDay[], today: string, asked: string | null) {
  if (asked && days.some((d) => d.day === asked)) return asked;
  if (days.length === 0) return today;
  return days.find((d) => d.day >= today)?.day ?? days[days.length - 1].day;
}

/**
 * The stage whose show a person's link follows: the stage of their first cue of the day, else of their first call
 * with a stage, else the first stage; null (the cues on no stage) for a workspace without stages or a person whose
 * first cue is on none.
 */
export function followedStage(
  cues: readonly { stageId: string | null }[],
  calls: readonly { stageId: string | null }[],
  stages: readonly { id: string }[],
) {
  if (stages.length === 0) return null;
  if (cues.length) return cues[0].stageId;
  const called = calls.find((c) => c.stageId !== null && stages.some((s) => s.id === c.stageId));
  return called?.stageId ?? stages[0].id;
}

/** The device's wall clock `HH:MM` of an instant (its own time zone unless one is given). */
export function deviceClock(instant: number, timeZone?: string) {
  const parts = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone })
    .formatToParts(new Date(instant))
    .reduce<Record<string, string>>((acc, p) => ({ ...acc, [p.type]: p.value }), {});
  return `${pad2(Number(parts.hour))}:${pad2(Number(parts.minute))}`;
}

/** What the page says while it shows the device's copy: "Offline · updated 14:32". */
export function offlineLine(updatedAt: number, timeZone?: string) {
  return `Offline · updated ${deviceClock(updatedAt, timeZone)}`;
}

/**
 * The device's clock offset (server − device, ms) from a state answer: its server time against the device's clock
 * when it arrived. Kept with the answer, so a countdown keeps counting on the corrected device clock offline.
 */
export function stateOffset(serverTime: number, receivedAt: number) {
  return Math.round(serverTime - receivedAt);
}
