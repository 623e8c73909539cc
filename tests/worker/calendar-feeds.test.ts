import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { MAX_FEEDS_PER_MEMBER } from "~/domain/calendar-feed";
import {
  call,
  db,
  expectError,
  localDate,
  newTask,
  postForm,
  setWorkspace,
  shiftDate,
  signUp,
  updateTask,
  type Account,
} from "./helpers";
import { team } from "./teams-helpers";

interface CreatedFeed {
  id: string;
  scope: "mine" | "workspace";
  url: string;
  createdAt: string;
}

async function createFeed(account: Account, scope: "mine" | "workspace") {
  const res = await call("/api/calendar/feeds", { method: "POST", token: account.token, json: { scope } });
  const body = (await res.json()) as CreatedFeed;
  expect(res.status, JSON.stringify(body)).toBe(201);
  return body;
}

/** Fetches a feed by its URL as a calendar app does: no session, maybe a conditional request. */
function fetchFeed(url: string, headers: Record<string, string> = {}) {
  const { pathname } = new URL(url);
  return call(pathname, { headers });
}

/** The feed's events by UID, parsed with ical.js (its VTIMEZONEs registered, as a calendar app would). */
async function readEvents(res: Response) {
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
  const text = await res.text();
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(new ICAL.Timezone(zone));
  const events = new Map<string, { component: ICAL.Component; event: ICAL.Event }>();
  for (const component of calendar.getAllSubcomponents("vevent")) {
    events.set(component.getFirstPropertyValue("uid") as string, { component, event: new ICAL.Event(component) });
  }
  return { text, calendar, events };
}

const feedRow = (id: string) =>
  db().prepare("SELECT * FROM calendar_feeds WHERE id = ?").bind(id).first<Record<string, string | null>>();

describe("calendar feeds: create, list, revoke", () => {
  it("creates a secret URL shown once, lists feeds without it, and a revoked URL answers 404", async () => {
    const maria = await signUp("Maria Lopez");
    const created = await createFeed(maria, "mine");
    expect(created).toMatchObject({ scope: "mine", id: expect.any(String), createdAt: expect.any(String) });
    expect(created.url).toMatch(/^http:\/\/localhost\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const token = new URL(created.url).pathname.slice("/calendar/".length, -".ics".length);

    const stored = await feedRow(created.id);
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(stored!.token_hash).toMatch(/^[0-9a-f]{64}$/);

    const listed = await call("/api/calendar/feeds", { token: maria.token });
    const { feeds } = (await listed.json()) as { feeds: Array<Record<string, unknown>> };
    expect(feeds).toEqual([{ id: created.id, scope: "mine", createdAt: created.createdAt, lastUsedAt: null }]);
    expect(JSON.stringify(feeds)).not.toContain(token);

    const first = await fetchFeed(created.url);
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe("private, no-cache");
    const afterUse = (await (await call("/api/calendar/feeds", { token: maria.token })).json()) as {
      feeds: Array<{ lastUsedAt: string | null }>;
    };
    expect(afterUse.feeds[0].lastUsedAt).not.toBeNull();

    const revoked = await call(`/api/calendar/feeds/${created.id}`, { method: "DELETE", token: maria.token });
    expect(revoked.status).toBe(204);
    const gone = await fetchFeed(created.url);
    expect(gone.status).toBe(404);
    expect(await gone.text()).toBe("Not found");
    await expectError(await call(`/api/calendar/feeds/${created.id}`, { method: "DELETE", token: maria.token }), 404);
  });

  it("refuses a bad scope, a caller without a session and a feed past the limit", async () => {
    const maria = await signUp("Maria Lopez");
    const bad = await expectError(
      await call("/api/calendar/feeds", { method: "POST", token: maria.token, json: { scope: "everything" } }),
      400,
    );
    expect(bad.fieldErrors?.scope).toBeDefined();
    await expectError(await call("/api/calendar/feeds", { method: "POST", json: { scope: "mine" } }), 401);
    await expectError(await call("/api/calendar/feeds"), 401);

    for (let i = 0; i < MAX_FEEDS_PER_MEMBER; i += 1) await createFeed(maria, i % 2 ? "mine" : "workspace");
    const over = await expectError(
      await call("/api/calendar/feeds", { method: "POST", token: maria.token, json: { scope: "mine" } }),
      409,
    );
    expect(over.error).toMatch(/Revoke one/);
  });

  it("answers 404 for tokens that are no feed's, and for another workspace's feed ids", async () => {
    const maria = await signUp("Maria Lopez");
    const sam = await signUp("Sam Okafor");
    const feed = await createFeed(maria, "workspace");
    expect((await call(`/calendar/${"A".repeat(43)}.ics`)).status).toBe(404);
    expect((await call("/calendar/short.ics")).status).toBe(404);
    expect((await call(`/calendar/${new URL(feed.url).pathname.split("/").pop()!.replace(".ics", "")}`)).status).toBe(
      404,
    );

    await expectError(await call(`/api/calendar/feeds/${feed.id}`, { method: "DELETE", token: sam.token }), 404);
    const samList = (await (await call("/api/calendar/feeds", { token: sam.token })).json()) as { feeds: unknown[] };
    expect(samList.feeds).toEqual([]);
    expect((await fetchFeed(feed.url)).status).toBe(200);
  });
});

describe("calendar feeds: what they show", () => {
  it("shows the member's own dated open tasks (mine) or the workspace's, field by field", async () => {
    const { owner, members } = await team(["Sam Okafor"]);
    const [sam] = members;
    await setWorkspace(owner.user.id, { timezone: "Europe/Berlin", eventDate: null });
    const today = localDate(new Date(), "Europe/Berlin");
    const samTimed = await newTask(owner.token, {
      title: "Load-in crew call, dock 2; bring radios",
      dueDate: `${shiftDate(today, 5)}T14:30`,
      assigneeId: sam.user.id,
      priority: "critical",
      category: "logistics",
    });
    const ownerAllDay = await newTask(owner.token, { title: "Sign the venue contract", dueDate: shiftDate(today, 2) });
    const unassigned = await newTask(owner.token, { title: "Print lanyards", dueDate: shiftDate(today, -30) });
    const done = await newTask(owner.token, { title: "Book hotel", dueDate: today, assigneeId: sam.user.id });
    await updateTask(owner.token, done.id, { status: "completed" });
    await newTask(owner.token, { title: "Someday", assigneeId: sam.user.id });
    const tooOld = await newTask(owner.token, { title: "Long past", dueDate: shiftDate(today, -120) });

    const mine = await readEvents(await fetchFeed((await createFeed(sam, "mine")).url));
    expect([...mine.events.keys()]).toEqual([`${samTimed.id}@localhost`]);
    const { component, event } = mine.events.get(`${samTimed.id}@localhost`)!;
    expect(event.summary).toBe("Load-in crew call, dock 2; bring radios");
    expect(event.startDate.isDate).toBe(false);
    expect(event.startDate.zone.tzid).toBe("Europe/Berlin");
    expect(event.startDate.toString()).toBe(`${shiftDate(today, 5)}T14:30:00`);
    expect(event.sequence).toBe(0);
    expect(component.getFirstPropertyValue("url")).toBe(`http://localhost/tasks/${samTimed.id}`);
    expect(component.getFirstPropertyValue("priority")).toBe(1);
    expect(event.description).toContain("Owner: Sam Okafor");
    expect(event.description).toContain("Priority: Critical");
    expect(event.description).toContain("Category: Logistics");
    expect(mine.calendar.getFirstPropertyValue("x-wr-calname")).toContain("Sam Okafor's tasks");
    expect(mine.text).toContain("BEGIN:VTIMEZONE");

    const all = await readEvents(await fetchFeed((await createFeed(sam, "workspace")).url));
    expect(new Set(all.events.keys())).toEqual(
      new Set([samTimed.id, ownerAllDay.id, unassigned.id].map((id) => `${id}@localhost`)),
    );
    const allDay = all.events.get(`${ownerAllDay.id}@localhost`)!.event;
    expect(allDay.startDate.isDate).toBe(true);
    expect(allDay.startDate.toString()).toBe(shiftDate(today, 2));
    expect(allDay.endDate.toString()).toBe(shiftDate(today, 3));
    expect(all.text).not.toContain(tooOld.id);
  });

  it("shows the event itself from the workspace settings", async () => {
    const maria = await signUp("Maria Lopez");
    const put = await call("/api/workspace", {
      method: "PUT",
      token: maria.token,
      json: { eventName: "Harbour Lights", eventDate: "2027-06-05", eventTime: "18:30", timezone: "Europe/London" },
    });
    expect(put.status).toBe(200);
    const { events } = await readEvents(await fetchFeed((await createFeed(maria, "mine")).url));
    const show = [...events.values()].find((e) => e.event.uid.startsWith("event-"))!.event;
    expect(show.summary).toBe("Harbour Lights");
    expect(show.startDate.zone.tzid).toBe("Europe/London");
    expect(show.startDate.toJSDate().toISOString()).toBe("2027-06-05T17:30:00.000Z");
  });

  it("repeats a recurring task with its RRULE, so a calendar shows the series from its open occurrence", async () => {
    const maria = await signUp("Maria Lopez");
    const due = shiftDate(localDate(new Date(), "UTC"), 3);
    const weekly = await newTask(maria.token, {
      title: "Check the radios",
      dueDate: due,
      recurrence: "FREQ=WEEKLY;COUNT=4",
    });
    const once = await newTask(maria.token, { title: "Book the crane", dueDate: due });
    const { events } = await readEvents(await fetchFeed((await createFeed(maria, "workspace")).url));
    const repeating = [...events.values()].find((e) => e.event.uid.startsWith(`${weekly.id}@`))!;
    const rule = repeating.component.getFirstPropertyValue("rrule") as ICAL.Recur;
    expect(rule.freq).toBe("WEEKLY");
    expect(rule.count).toBe(4);
    const single = [...events.values()].find((e) => e.event.uid.startsWith(`${once.id}@`))!;
    expect(single.component.getFirstPropertyValue("rrule")).toBeNull();
  });

  it("stops working when its owner leaves the workspace", async () => {
    const { owner, members } = await team(["Sam Okafor"]);
    const [sam] = members;
    const feed = await createFeed(sam, "workspace");
    expect((await fetchFeed(feed.url)).status).toBe(200);
    const removed = await call(`/api/workspace/members/${sam.user.id}`, {
      method: "DELETE",
      token: owner.token,
      json: { reassignTo: null },
    });
    expect(removed.status).toBe(200);
    expect((await fetchFeed(feed.url)).status).toBe(404);
    expect(await feedRow(feed.id)).toBeNull();
  });
});

describe("calendar feeds: polling", () => {
  it("answers a current copy with 304, and a changed task with a new ETag and a higher SEQUENCE", async () => {
    const maria = await signUp("Maria Lopez");
    const today = localDate(new Date(), "UTC");
    const task = await newTask(maria.token, { title: "Order barriers", dueDate: shiftDate(today, 3) });
    const feed = await createFeed(maria, "workspace");

    const first = await fetchFeed(feed.url);
    const etag = first.headers.get("etag")!;
    const lastModified = first.headers.get("last-modified")!;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(new Date(lastModified).toUTCString()).toBe(lastModified);
    const uid = `${task.id}@localhost`;
    expect((await readEvents(first)).events.get(uid)!.event.sequence).toBe(0);

    const again = await fetchFeed(feed.url, { "If-None-Match": etag });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
    expect(await again.text()).toBe("");
    expect((await fetchFeed(feed.url, { "If-Modified-Since": lastModified })).status).toBe(304);
    const earlier = new Date(Date.parse(lastModified) - 1000).toUTCString();
    expect((await fetchFeed(feed.url, { "If-Modified-Since": earlier })).status).toBe(200);

    const changed = await updateTask(maria.token, task.id, { title: "Order crowd barriers" });
    expect(changed.res.status).toBe(200);
    const fresh = await fetchFeed(feed.url, { "If-None-Match": etag });
    expect(fresh.headers.get("etag")).not.toBe(etag);
    const { event } = (await readEvents(fresh)).events.get(uid)!;
    expect(event.summary).toBe("Order crowd barriers");
    expect(event.sequence).toBe(1);

    // A change through another path (a bulk move) counts too: the trigger sees every write.
    const moved = await call("/api/tasks/bulk", {
      method: "POST",
      token: maria.token,
      json: { action: "move", ids: [task.id], days: 1 },
    });
    expect(moved.status).toBe(200);
    const next = (await readEvents(await fetchFeed(feed.url))).events.get(uid)!.event;
    expect(next.sequence).toBe(2);
    expect(next.startDate.toString()).toBe(shiftDate(today, 4));
  });

  it("a deleted task leaves the feed", async () => {
    const maria = await signUp("Maria Lopez");
    const today = localDate(new Date(), "UTC");
    const task = await newTask(maria.token, { title: "Hire generators", dueDate: shiftDate(today, 3) });
    const feed = await createFeed(maria, "mine");
    const before = await fetchFeed(feed.url);
    const etag = before.headers.get("etag")!;
    await before.body?.cancel();
    expect((await call(`/api/tasks/${task.id}`, { method: "DELETE", token: maria.token })).status).toBe(204);
    const after = await fetchFeed(feed.url, { "If-None-Match": etag });
    expect((await readEvents(after)).events.has(`${task.id}@localhost`)).toBe(false);
  });

  it("records a use at most once an hour", async () => {
    const maria = await signUp("Maria Lopez");
    const feed = await createFeed(maria, "mine");
    const halfHourAgo = new Date(Date.now() - 30 * 60_000).toISOString();
    await db().prepare("UPDATE calendar_feeds SET last_used_at = ? WHERE id = ?").bind(halfHourAgo, feed.id).run();
    await (await fetchFeed(feed.url)).body?.cancel();
    expect((await feedRow(feed.id))!.last_used_at).toBe(halfHourAgo);

    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000).toISOString();
    await db().prepare("UPDATE calendar_feeds SET last_used_at = ? WHERE id = ?").bind(twoHoursAgo, feed.id).run();
    await (await fetchFeed(feed.url)).body?.cancel();
    expect(Date.parse((await feedRow(feed.id))!.last_used_at!)).toBeGreaterThan(Date.parse(twoHoursAgo));
  });
});

describe("the settings page without JavaScript", () => {
  it("subscribes with a plain post, shows the URL once in that answer, and revokes after asking", async () => {
    const maria = await signUp("Maria Lopez");
    const page = await call("/settings", { token: maria.token });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Calendar feeds");
    expect(html).toContain("Subscribe to my tasks");

    const posted = await postForm(maria.token, "/settings", { intent: "subscribe", scope: "workspace" });
    expect(posted.status).toBe(200);
    expect(posted.headers.get("cache-control")).toBe("no-store");
    const shown = await posted.text();
    const url = /http:\/\/localhost\/calendar\/[A-Za-z0-9_-]{43}\.ics/.exec(shown)?.[0];
    expect(url).toBeDefined();
    expect(shown).toContain(`webcal://localhost/calendar/`);
    expect(shown).toContain("shown only once");
    expect((await fetchFeed(url!)).status).toBe(200);

    const again = await (await call("/settings", { token: maria.token })).text();
    expect(again).not.toContain(url!);
    const { feeds } = (await (await call("/api/calendar/feeds", { token: maria.token })).json()) as {
      feeds: Array<{ id: string; scope: string }>;
    };
    expect(feeds).toMatchObject([{ scope: "workspace" }]);

    const revoked = await postForm(maria.token, "/settings", { intent: "revoke", feedId: feeds[0].id });
    expect(revoked.status).toBe(303);
    expect((await fetchFeed(url!)).status).toBe(404);
  });
});
