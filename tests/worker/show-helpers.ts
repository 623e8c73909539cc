import { expect } from "vitest";
import { call, type Account } from "./helpers";

/** Crew share links (ADR 025) as the tests make and open them. */

/** A share link made through the API; `token` is its URL's last segment, shown this once. */
export async function createShare(account: Account, body: Record<string, unknown> = {}) {
  const res = await call("/api/show/shares", { method: "POST", token: account.token, json: body });
  const created = (await res.json()) as Record<string, any>;
  expect(res.status, JSON.stringify(created)).toBe(201);
  return { ...created, token: new URL(created.url).pathname.split("/").pop()! } as Record<string, any> & { token: string };
}

/** A member's upgrade request to `/api/live`, with any extra headers a script might add. */
export const memberSocket = (account: Pick<Account, "token">, headers: Record<string, string> = {}) =>
  call("/api/live", { token: account.token, headers: { upgrade: "websocket", ...headers } });

/** A crew page's upgrade request for a share link's socket. */
export const shareSocket = (token: string, headers: Record<string, string> = {}) =>
  call(`/api/live?share=${token}`, { headers: { upgrade: "websocket", ...headers } });
