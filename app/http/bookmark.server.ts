import { readCookie, setCookie } from "./cookies.server";

/**
 * The D1 bookmark a person carries, so their reads are never older than their own last write or read while replicas
 * answer them (D1's Sessions API; docs/decisions/031-reads-batched-and-replicas.md). Browsers carry it in the
 * `cb_bookmark` cookie; API clients may send it in the `X-D1-Bookmark` header, and every answer names the current
 * one in that header.
 */
export const BOOKMARK_HEADER = "X-D1-Bookmark";

/** How long a browser keeps its bookmark: far longer than a replica lags, so a person never reads from before it. */
const BOOKMARK_MAX_AGE = 24 * 60 * 60;

/** What a D1 bookmark is made of (hex groups and dashes); anything else is ignored, never sent to D1. Linear. */
const BOOKMARK = /^[0-9a-f-]{1,128}$/i;

/** The bookmark the request carries (the header first), or null. */
export function readBookmark(request: Request) {
  const value = request.headers.get(BOOKMARK_HEADER) ?? readCookie(request, "cb_bookmark", 128);
  return value && BOOKMARK.test(value) ? value : null;
}

/**
 * The request's D1 session: from the person's bookmark when they carry one; otherwise a read may start on any
 * replica, and a write request starts on the primary (its reads check what it is about to change).
 */
export function d1SessionFor(db: D1Database, request: Request) {
  const bookmark = readBookmark(request);
  const reads = request.method === "GET" || request.method === "HEAD";
  return db.withSession(bookmark ?? (reads ? "first-unconstrained" : "first-primary"));
}

/**
 * The headers that give the client the session's latest bookmark: the header always, the cookie when it moved on,
 * except to a caller with `Authorization` (an API token, ADR 048): a script gets no cookies, only the header.
 */
export function bookmarkHeaders(request: Request, bookmark: string | null): Array<[string, string]> {
  if (!bookmark) return [];
  const headers: Array<[string, string]> = [[BOOKMARK_HEADER, bookmark]];
  if (bookmark !== readBookmark(request) && !request.headers.has("authorization")) {
    headers.push(["Set-Cookie", setCookie(request, "cb_bookmark", bookmark, BOOKMARK_MAX_AGE)]);
  }
  return headers;
}
