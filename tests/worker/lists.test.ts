import { beforeEach, describe, expect, it } from "vitest";
import { call, expectError, newTask, signUp, type Account } from "./helpers";

const DEFAULT_CATEGORIES = ["infrastructure", "marketing", "content", "production", "logistics"];
const DEFAULT_STATUSES = ["pending", "in_progress", "overdue", "completed"];

let owner: Account;
beforeEach(async () => {
  owner = await signUp();
});

async function names(account: Account, kind: "categories" | "statuses") {
  const res = await call(`/api/${kind}`, { token: account.token });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  return (await res.json()) as string[];
}

const add = (account: Account, kind: string, name: unknown) =>
  call(`/api/${kind}`, { method: "POST", token: account.token, json: { name } });
const remove = (account: Account, kind: string, name: string) =>
  call(`/api/${kind}/${encodeURIComponent(name)}`, { method: "DELETE", token: account.token });

describe("defaults", () => {
  it("starts every workspace with the default categories and statuses, in order", async () => {
    expect(await names(owner, "categories")).toEqual(DEFAULT_CATEGORIES);
    expect(await names(owner, "statuses")).toEqual(DEFAULT_STATUSES);
  });
});

describe("POST /api/categories", () => {
  it("adds a trimmed name at the end of the list", async () => {
    const res = await add(owner, "categories", "  Catering  ");
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ name: "Catering" });
    expect((await add(owner, "categories", "Load In")).status).toBe(201);
    expect(await names(owner, "categories")).toEqual([...DEFAULT_CATEGORIES, "Catering", "Load In"]);
  });

  it("answers 409 with the spec's message for a case-insensitive duplicate", async () => {
    await add(owner, "categories", "Catering");
    for (const name of ["catering", " CATERING ", "Marketing"]) {
      const err = await expectError(await add(owner, "categories", name), 409);
      expect(err.error).toBe("Category Already Exists – This category already exists in your list.");
    }
    expect(await names(owner, "categories")).toEqual([...DEFAULT_CATEGORIES, "Catering"]);
  });

  it("rejects an empty, blank, too long or non-text name", async () => {
    for (const name of ["", "   ", "x".repeat(41), 7, null, ["a"]]) {
      const err = await expectError(await add(owner, "categories", name), 400);
      expect(Object.keys(err.fieldErrors ?? {}), JSON.stringify(name)).toEqual(["name"]);
    }
    await expectError(await call("/api/categories", { method: "POST", token: owner.token, json: {} }), 400);
    expect(await names(owner, "categories")).toEqual(DEFAULT_CATEGORIES);
  });
});

describe("DELETE /api/categories/:name", () => {
  it("removes a name (any case) with 204, then answers 404", async () => {
    await add(owner, "categories", "Load In");
    const res = await remove(owner, "categories", "load in");
    expect(res.status).toBe(204);
    expect(await res.text()).toBe("");
    expect(await names(owner, "categories")).toEqual(DEFAULT_CATEGORIES);
    await expectError(await remove(owner, "categories", "Load In"), 404);
  });

  it("can remove a default category", async () => {
    expect((await remove(owner, "categories", "marketing")).status).toBe(204);
    expect(await names(owner, "categories")).not.toContain("marketing");
  });

  it("answers 404 for a name that was never there", async () => {
    await expectError(await remove(owner, "categories", "Pyrotechnics"), 404);
  });

  it("leaves tasks in that category untouched", async () => {
    const task = await newTask(owner.token, { title: "Hire caterer", category: "Catering" });
    expect((await remove(owner, "categories", "Catering")).status).toBe(204);
    const got = (await (await call(`/api/tasks/${task.id}`, { token: owner.token })).json()) as { category: string };
    expect(got.category).toBe("Catering");
  });
});

describe("statuses", () => {
  it("adds a custom status and refuses a duplicate", async () => {
    const res = await add(owner, "statuses", " Waiting on vendor ");
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ name: "Waiting on vendor" });
    expect(await names(owner, "statuses")).toEqual([...DEFAULT_STATUSES, "Waiting on vendor"]);

    for (const name of ["waiting on vendor", "PENDING", "In_Progress"]) {
      const err = await expectError(await add(owner, "statuses", name), 409);
      expect(err.error).toMatch(/already exists/i);
    }
    await expectError(await add(owner, "statuses", "  "), 400);
  });

  it("deletes a custom status but never a default one", async () => {
    await add(owner, "statuses", "on_hold");
    expect((await remove(owner, "statuses", "ON_HOLD")).status).toBe(204);
    await expectError(await remove(owner, "statuses", "on_hold"), 404);

    for (const name of [...DEFAULT_STATUSES, "Completed", " pending "]) {
      await expectError(await remove(owner, "statuses", name), 400);
    }
    expect(await names(owner, "statuses")).toEqual(DEFAULT_STATUSES);
  });
});

describe("another workspace", () => {
  it("keeps its own lists", async () => {
    const other = await signUp("Other Producer");
    await add(owner, "categories", "VIP");
    await add(owner, "statuses", "on_hold");
    await remove(owner, "categories", "marketing");

    expect(await names(other, "categories")).toEqual(DEFAULT_CATEGORIES);
    expect(await names(other, "statuses")).toEqual(DEFAULT_STATUSES);
    // The same names are free in the other workspace, and deleting there does not reach the first one.
    expect((await add(other, "categories", "vip")).status).toBe(201);
    await expectError(await remove(other, "statuses", "on_hold"), 404);
    expect((await remove(other, "categories", "vip")).status).toBe(204);
    expect(await names(owner, "categories")).toContain("VIP");
    expect(await names(owner, "statuses")).toContain("on_hold");
  });

  it("cannot use the first workspace's custom status on its tasks", async () => {
    const other = await signUp("Other Producer");
    await add(owner, "statuses", "on_hold");
    const task = await newTask(other.token, { title: "Their task" });
    const res = await call(`/api/tasks/${task.id}`, { method: "PUT", token: other.token, json: { status: "on_hold" } });
    await expectError(res, 400);
  });
});
