import type { HeadersArgs } from "@remix-run/cloudflare";
import { todayIn } from "~/domain/dates";
import { sha256Hex } from "~/lib/crypto";
import { isDocumentRequest } from "./auth.server";
import { sendWaitingReads, withNextBatch, type ActorCtx } from "~/services/context.server";
import { workspaceVersion } from "~/services/workspace-version.server";

/**
 * Conditional GETs (RFC 9110 §8.8, §13; docs/decisions/032-http-caching-with-etags.md). An answer that can be reused
 * carries an ETag made from everything it is made of, and `Cache-Control: private, no-cache`: the browser keeps it
 * and asks again each time with `If-None-Match`, and a copy still current is answered 304 without being made again.
 * The calendar feeds, the /api reads and the pages' data requests all answer through here.
 */

/** Browsers keep the answer but ask each time; no shared cache may keep it (it is one caller's). */
export const REVALIDATE_EACH_TIME = "private, no-cache";

/**
 * Part of every ETag made here. Bump it when a deploy changes the shape of a cached answer: a browser holding the old
 * shape would otherwise be told its copy is current.
 */
const ANSWER_FORMAT = 2;

/** What a conditional request is compared with. */
export interface Validators {
  /** Weak (`W/"…"`) or strong (`"…"`). */
  etag: string;
  /** An ISO instant; sent as an HTTP date, whole seconds, and compared with If-Modified-Since. */
  lastModified?: string;
}

/** One entity tag of an If-None-Match list, its opaque part captured (linear: no nesting, no backtracking). */
const LISTED_TAG = /(?:W\/)?"([^"]*)"/g;
const OPAQUE_TAG = /^(?:W\/)?"([^"]*)"$/;

const httpDate = (iso: string) => new Date(iso).toUTCString();

/**
 * Whether the client's copy is current, so the answer is a 304 (RFC 9110 §13.2.2): If-None-Match decides when it
 * is sent: `*`, or any listed tag equal to ours by weak comparison (W/ ignored, §8.8.3.2); otherwise
 * If-Modified-Since, when the answer has a modification time. Only GET and HEAD are ever answered 304.
 */
export function isCurrent(request: Request, current: Validators) {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  const ifNoneMatch = request.headers.get("If-None-Match");
  if (ifNoneMatch !== null) {
    if (ifNoneMatch.trim() === "*") return true;
    const ours = OPAQUE_TAG.exec(current.etag)?.[1];
    return ours !== undefined && [...ifNoneMatch.matchAll(LISTED_TAG)].some((tag) => tag[1] === ours);
  }
  const ifModifiedSince = request.headers.get("If-Modified-Since");
  if (ifModifiedSince === null || !current.lastModified) return false;
  const since = Date.parse(ifModifiedSince);
  return Number.isFinite(since) && Date.parse(httpDate(current.lastModified)) <= since;
}

/** Whether the request asks conditionally at all (a plain request reads the version with its data, not before). */
const asksConditionally = (request: Request) =>
  request.headers.has("If-None-Match") || request.headers.has("If-Modified-Since");

/** The validators and `Cache-Control` of a reusable answer, added to `init`. */
export function cachingHeaders(current: Validators, init?: HeadersInit) {
  const headers = new Headers(init);
  headers.set("ETag", current.etag);
  headers.set("Cache-Control", REVALIDATE_EACH_TIME);
  if (current.lastModified) headers.set("Last-Modified", httpDate(current.lastModified));
  return headers;
}

/** The 304: no body, the same validators and `Cache-Control` as the 200 it stands for (§15.4.5). */
export function notModified(current: Validators, init?: HeadersInit) {
  return new Response(null, { status: 304, headers: cachingHeaders(current, init) });
}

/** How long answers measured from the clock (the plan's timeline and risks, "starts in 2.3 days") are reused. */
export const CLOCK_GRAIN_MS = 5 * 60 * 1000;

/** The workspace's local day: answers that say "today" or "overdue", or count days to the event, change at midnight. */
export const localDay = (ctx: ActorCtx) => todayIn(ctx.actor.workspace.timezone, ctx.now);

/** The clock to `CLOCK_GRAIN_MS`: an answer measured from now is reused within one grain, made again in the next. */
export const clockGrain = (ctx: ActorCtx) => Math.floor(ctx.now.getTime() / CLOCK_GRAIN_MS);

/**
 * The caller as an answer may show them: who they are, their role, the workspace's plan and its settings (the
 * workspace row). `planVersion` is the version, counted apart; `lastActiveAt` moves on its own and shows nowhere.
 * A session trusted from memory is checked in the same batch, and a request whose check fails is answered again
 * from a fresh read (workers/app.ts), so these are never stale in an ETag that is sent.
 */
function callerKey({ actor }: ActorCtx) {
  const { user, workspace, role, plan } = actor;
  return [{ ...user, lastActiveAt: null }, { ...workspace, planVersion: null }, role, plan];
}

/** A read of the caller's workspace that may be answered 304: see `workspaceRead`. */
export interface WorkspaceRead {
  /** True when the request's copy is current; reads the version (in the session check's batch) only if asked. */
  isCurrent(): Promise<boolean>;
  /** The 304 for a current copy. */
  notModified(): Promise<Response>;
  /** The ETag and `Cache-Control` of the answer, added to `init`. */
  headers(init?: HeadersInit): Promise<Headers>;
}

/**
 * A read of the caller's workspace whose ETag is made from the workspace's version (`workspaceVersion`), the caller
 * (`callerKey`), the path and query, and `dependsOn`: whatever else the answer shows that the version does not
 * stand for (the local day, the clock's grain, the caller's unread count…), named with why at each use; values or
 * promises of them, or functions that start a read only when the ETag is needed (the shell's caller, which a loader
 * otherwise starts with its own reads). The version read waits for the request's next batch, so it rides with the
 * session check and the answer's own reads: a plain request still costs one round trip, a conditional one reads
 * only the version (and the thunks' reads) first.
 */
export function workspaceRead(ctx: ActorCtx, request: Request, dependsOn: readonly unknown[]): WorkspaceRead {
  const url = new URL(request.url);
  // The version goes with the request's next batch: the answer's own reads, or, for a conditional request, the
  // session check alone (`sendWaitingReads` below), so either costs one round trip.
  const version = withNextBatch(ctx, () => workspaceVersion(ctx));
  // Awaited only once the ETag is needed (never when the answer fails first); a failed read surfaces there.
  version.catch(() => undefined);
  let etag: Promise<string> | undefined;
  const validators = async (): Promise<Validators> => {
    etag ??= (async () => {
      // A thunk is started only now, before the waiting reads go (see `dependsOn`).
      const inputs = dependsOn.map((input) => (typeof input === "function" ? (input as () => unknown)() : input));
      sendWaitingReads(ctx);
      const parts = [
        ANSWER_FORMAT,
        url.pathname,
        url.search,
        await version,
        callerKey(ctx),
        await Promise.all(inputs),
      ];
      // Weak: the same inputs make an equivalent answer, not always the same bytes (a plan made a minute apart).
      return `W/"${(await sha256Hex(JSON.stringify(parts))).slice(0, 32)}"`;
    })();
    return { etag: await etag };
  };
  return {
    isCurrent: async () => asksConditionally(request) && isCurrent(request, await validators()),
    notModified: async () => notModified(await validators()),
    headers: async (init) => cachingHeaders(await validators(), init),
  };
}

/**
 * An /api read answered conditionally: `answer` runs only when the caller's copy is not current, and a 200 gets the
 * ETag and `Cache-Control` (errors keep their own `no-store`).
 */
export async function conditionalAnswer(
  ctx: ActorCtx,
  request: Request,
  dependsOn: readonly unknown[],
  answer: () => Promise<Response>,
) {
  const read = workspaceRead(ctx, request, dependsOn);
  if (await read.isCurrent()) return read.notModified();
  const response = await answer();
  if (response.status !== 200) return response;
  const headers = await read.headers(response.headers);
  return new Response(response.body, { status: 200, headers });
}

/**
 * A page loader's conditional read, for a data request (a client navigation's or revalidation's fetch); null for a
 * document, whose HTML also holds the root's one-time toast and the build's asset names. Which data requests may be
 * answered 304 is settled before Remix (`withoutPageConditions`), since a loader cannot see which routes a request
 * loads.
 */
export function pageDataRead(ctx: ActorCtx, request: Request, dependsOn: readonly unknown[]): WorkspaceRead | null {
  return isDocumentRequest(request) ? null : workspaceRead(ctx, request, dependsOn);
}

/** The conditional request headers, dropped from page requests that may not be answered from the browser's copy. */
const CONDITIONS = ["If-None-Match", "If-Modified-Since"];

/**
 * The Worker's request to Remix (workers/app.ts): a page request keeps its conditional headers only when it is a
 * single-fetch data request for one route (`/tasks.data?_routes=routes/tasks`), whose answer is that route's loader
 * data alone, all of it in the loader's ETag. Remix strips `_routes` before loaders run, so this is settled here: a
 * document, a data request that loads the root or a child route too (after a form post), is answered in full.
 * /api and the calendar feeds answer their own conditions.
 */
export function withoutPageConditions(request: Request) {
  const url = new URL(request.url);
  if (url.pathname.startsWith("/api/") || url.pathname.startsWith("/calendar/")) return request;
  if (!CONDITIONS.some((name) => request.headers.has(name))) return request;
  const routes = url.searchParams.get("_routes");
  if (url.pathname.endsWith(".data") && routes && !routes.includes(",")) return request;
  const headers = new Headers(request.headers);
  for (const name of CONDITIONS) headers.delete(name);
  return new Request(request, { headers });
}

/**
 * The loader's 304 for a current copy, thrown: the page's data type stays its own, and Remix answers a thrown
 * response's status and (through `pageCachingHeaders`) its headers with no body.
 */
export async function throwIfCurrent(read: WorkspaceRead | null) {
  if (read && (await read.isCurrent())) throw await read.notModified();
}

/**
 * A page route's `headers`: the ETag and `Cache-Control` its loader set on a data request's answer or its 304; a
 * document gets none (Set-Cookie is passed on by Remix either way).
 */
export function pageCachingHeaders({ loaderHeaders, errorHeaders }: HeadersArgs) {
  const from = errorHeaders ?? loaderHeaders;
  const headers = new Headers();
  for (const name of ["ETag", "Cache-Control"]) {
    const value = from.get(name);
    if (value !== null) headers.set(name, value);
  }
  return headers;
}
