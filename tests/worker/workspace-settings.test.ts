import { describe, expect, it } from "vitest";
import { call, db, expectError, localDate, ORIGIN, shiftDate, signUp } from "./helpers";

interface Settings {
  id: string;
  name: string;
  eventName: string | null;
  eventDate: string | null;
  eventLocalDate: string | null;
  eventLocalTime: string | null;
  timezone: string;
}

function put(token: string, body: unknown) {
  return call("/api/workspace", { method: "PUT", token, json: body });
}

async function settings(token: string) {
  const res = await call("/api/workspace", { token });
  expect(res.status).toBe(200);
  return (await res.json()) as Settings;
}

async function daysToEvent(token: string) {
  const res = await call("/api/status", { token });
  return ((await res.json()) as { daysToEvent: number | null }).daysToEvent;
}

describe("GET /api/workspace", () => {
  it("starts without an event, in the signup's timezone", async () => {
    const { token } = await signUp("Maria Lopez");
    expect(await settings(token)).toEqual({
      id: expect.any(String),
      name: "Maria's production",
      eventName: null,
      eventDate: null,
      eventLocalDate: null,
      eventLocalTime: null,
      eventEndDate: null,
      loadInDate: null,
      loadOutDate: null,
      timezone: "UTC",
      assumedEstimateHours: 8,
      defaultReminders: [],
      venueAddress: null,
      daySheetTime: "18:00",
      daySheetEnabled: true,
      crewDayLimitHours: 12,
      crewRestHours: 10,
      // A demo account is beta: its workspace has everything (the workspace's plan, app/domain/tiers.ts).
      plan: "beta",
      entitlements: {
        taskLimit: null,
        seats: null,
        slack: true,
        basicAnalytics: true,
        advancedAnalytics: true,
        aiTasks: true,
        customStatuses: true,
        apiAccess: true,
      },
    });
  });

  it("requires a signed-in user", async () => {
    await expectError(await call("/api/workspace"), 401);
  });
});

describe("PUT /api/workspace", () => {
  it("stores the event's local date and time as the UTC instant of the workspace timezone", async () => {
    const { token } = await signUp();
    const res = await put(token, {
      eventName: "Harbour Lights Festival",
      eventDate: "2030-06-06",
      eventTime: "18:00",
      timezone: "Europe/London",
    });
    expect(res.status).toBe(200);
    const expected = {
      eventName: "Harbour Lights Festival",
      eventDate: "2030-06-06T17:00:00.000Z",
      eventLocalDate: "2030-06-06",
      eventLocalTime: "18:00",
      timezone: "Europe/London",
    };
    expect(await res.json()).toMatchObject(expected);
    expect(await settings(token)).toMatchObject(expected);
  });

  it("is reflected in the stats' days until the event, counted in the workspace timezone", async () => {
    const { token } = await signUp();
    // Kiritimati is UTC+14: its today is often UTC's tomorrow, so a UTC count would be off by one.
    const today = localDate(new Date(), "Pacific/Kiritimati");
    await put(token, { eventDate: shiftDate(today, 10), eventTime: "00:30", timezone: "Pacific/Kiritimati" });
    expect(await daysToEvent(token)).toBe(10);
    await put(token, { eventDate: shiftDate(today, 3) });
    expect(await daysToEvent(token)).toBe(3);
    await put(token, { eventDate: null });
    expect(await daysToEvent(token)).toBeNull();
  });

  it("keeps the event's wall-clock time when only the timezone is corrected", async () => {
    const { token } = await signUp();
    await put(token, { eventDate: "2030-06-06", eventTime: "18:00", timezone: "Europe/London" });
    const res = await put(token, { timezone: "America/New_York" });
    expect(await res.json()).toMatchObject({
      eventDate: "2030-06-06T22:00:00.000Z",
      eventLocalDate: "2030-06-06",
      eventLocalTime: "18:00",
      timezone: "America/New_York",
    });
  });

  it("changes only the fields sent; blank text clears the event name", async () => {
    const { token } = await signUp();
    await put(token, { eventName: "Northern Tech Summit", eventDate: "2030-03-02", eventTime: "09:00" });
    expect(await (await put(token, { eventTime: "08:15" })).json()).toMatchObject({
      eventName: "Northern Tech Summit",
      eventDate: "2030-03-02T08:15:00.000Z",
    });
    expect(await (await put(token, { eventName: "  " })).json()).toMatchObject({
      eventName: null,
      eventLocalTime: "08:15",
    });
  });

  it("renames the workspace, which its members' header and invitations then show; a blank name is refused", async () => {
    const { token } = await signUp("Maria Lopez");
    expect((await settings(token)).name).toBe("Maria's production");
    expect(await (await put(token, { name: "  Harbour Lights Festival " })).json()).toMatchObject({
      name: "Harbour Lights Festival",
    });
    const invite = await call("/api/workspace/invites", { method: "POST", token, json: {} });
    expect(invite.status).toBe(201);
    const { url } = (await invite.json()) as { url: string };
    const preview = await call(`/api/invites/${url.split("/join/")[1]}`);
    expect(await preview.json()).toMatchObject({ workspaceName: "Harbour Lights Festival" });

    const body = await expectError(await put(token, { name: " " }), 400);
    expect(body.fieldErrors).toEqual({ name: ["Workspace name is required"] });
    await expectError(await put(token, { name: "x".repeat(81) }), 400);
    expect((await settings(token)).name).toBe("Harbour Lights Festival");
  });

  it("answers invalid values with the field errors and changes nothing", async () => {
    const { token } = await signUp();
    const body = await expectError(
      await put(token, { eventDate: "2030-02-30", eventTime: "25:00", timezone: "Mars/Olympus_Mons" }),
      400,
    );
    expect(body.fieldErrors).toEqual({
      eventDate: ["Event date must be a real date (YYYY-MM-DD)"],
      eventTime: ["Event time must be a time of day (HH:MM)"],
      timezone: ["Choose a timezone from the list, such as Europe/London"],
    });
    expect(await settings(token)).toMatchObject({ eventDate: null, timezone: "UTC" });
    await expectError(await put(token, { timezone: 42 }), 400);
  });

  it("refuses a time without an event date", async () => {
    const { token } = await signUp();
    const body = await expectError(await put(token, { eventTime: "10:00" }), 400);
    expect(body.fieldErrors).toEqual({ eventTime: ["Set the event date before its time"] });
  });

  it("is for the workspace owner only", async () => {
    const { token, user } = await signUp();
    await db().prepare("UPDATE memberships SET role = 'member' WHERE user_id = ?").bind(user.id).run();
    const body = await expectError(await put(token, { eventName: "Takeover" }), 403);
    expect(body.error).toBe("Only the workspace owner can change its settings");
  });

  it("changes only the caller's workspace", async () => {
    const a = await signUp();
    const b = await signUp();
    await put(a.token, { eventName: "Harbour Lights Festival", eventDate: "2030-06-06" });
    expect(await settings(b.token)).toMatchObject({ eventName: null, eventDate: null });
  });

  it("refuses a cookie-authenticated write from another site, and other methods", async () => {
    const { setCookie, token } = await signUp();
    const cookie = setCookie.split(";")[0].split("=")[1];
    const forged = await call("/api/workspace", {
      method: "PUT",
      cookie,
      json: { eventName: "Forged" },
      headers: { origin: "https://evil.example" },
    });
    await expectError(forged, 403);
    const sameSite = await call("/api/workspace", {
      method: "PUT",
      cookie,
      json: { eventName: "Ours" },
      headers: { origin: ORIGIN },
    });
    expect(sameSite.status).toBe(200);
    const post = await expectError(await call("/api/workspace", { method: "POST", token, json: {} }), 405);
    expect(post.error).toMatch(/GET or PUT/);
  });
});

describe("PUT /api/workspace: the event's days (ADR 026)", () => {
  it("stores the last show day, load-in and load-out as local days, kept through a timezone change", async () => {
    const { token } = await signUp();
    const days = { eventEndDate: "2030-03-08", loadInDate: "2030-03-05", loadOutDate: "2030-03-09" };
    const res = await put(token, { eventDate: "2030-03-06", eventTime: "18:00", timezone: "Europe/London", ...days });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ eventDate: "2030-03-06T18:00:00.000Z", ...days });
    const moved = await (await put(token, { timezone: "Pacific/Auckland" })).json();
    expect(moved).toMatchObject({ eventLocalDate: "2030-03-06", eventLocalTime: "18:00", ...days });
    // The countdown still runs to the start.
    expect(await daysToEvent(token)).toBeGreaterThan(0);
    expect(await (await put(token, { loadInDate: null })).json()).toMatchObject({
      loadInDate: null,
      eventEndDate: "2030-03-08",
    });
  });

  it("answers days out of order, too long or malformed with field errors, and changes nothing", async () => {
    const { token } = await signUp();
    await put(token, { eventDate: "2030-03-06", eventEndDate: "2030-03-08" });
    const order = await expectError(await put(token, { loadInDate: "2030-03-07", loadOutDate: "2030-03-07" }), 400);
    expect(order.fieldErrors).toEqual({
      loadInDate: ["Load-in cannot be after the first show day (2030-03-06)"],
      loadOutDate: ["Load-out cannot be before the last show day (2030-03-08)"],
    });
    const long = await expectError(await put(token, { eventEndDate: "2030-04-10" }), 400);
    expect(long.fieldErrors).toEqual({ eventEndDate: ["The event can span at most 31 days, load-in to load-out"] });
    const malformed = await expectError(await put(token, { eventEndDate: "8 March", loadOutDate: 9 }), 400);
    expect(malformed.fieldErrors).toEqual({
      eventEndDate: ["Last show day must be a real date (YYYY-MM-DD)"],
      loadOutDate: ["Load-out date must be text"],
    });
    expect(await settings(token)).toMatchObject({ eventEndDate: "2030-03-08", loadInDate: null, loadOutDate: null });
  });

  it("clears the days with the event date, and refuses them without one", async () => {
    const { token } = await signUp();
    await put(token, { eventDate: "2030-03-06", eventEndDate: "2030-03-08", loadInDate: "2030-03-05" });
    expect(await (await put(token, { eventDate: null })).json()).toMatchObject({
      eventDate: null,
      eventEndDate: null,
      loadInDate: null,
    });
    const body = await expectError(await put(token, { eventEndDate: "2030-03-08" }), 400);
    expect(body.fieldErrors).toEqual({ eventEndDate: ["Set the event date (the first show day) first"] });
  });
});
