import { expect } from "vitest";
import { call, type Account } from "./helpers";

/** GETs `path` as `account` (expecting a 200) with what it cost D1, as its `Server-Timing` header says. */
export async function readWithD1Cost(path: string, account: Account) {
  const res = await call(path, { token: account.token });
  const body = await res.text();
  expect(res.status, path).toBe(200);
  const header = res.headers.get("server-timing") ?? "";
  const match = /d1;desc="(\d+) round trips?, (\d+) quer(?:y|ies), (\d+) rows? read"/.exec(header);
  expect(match, header).not.toBeNull();
  return { body, roundTrips: Number(match![1]), queries: Number(match![2]), rowsRead: Number(match![3]) };
}
