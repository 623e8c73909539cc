import { describe, expect, it } from "vitest";
import { call, db, postForm, signUp } from "./helpers";

describe("the dashboard page", () => {
  it("shows a free-tier producer the plan banner and the free task limit", async () => {
    const { token, user } = await signUp("Casey Free");
    await db().prepare("UPDATE users SET tier = 'free' WHERE id = ?").bind(user.id).run();
    const html = await (await call("/dashboard", { token })).text();
    expect(html).toContain("You are on the Free plan");
    // A link to the plans page (without JavaScript), which opens the upgrade dialog once hydrated.
    expect(html).toMatch(/<a[^>]*href="\/upgrade"[^>]*>(?:(?!<\/a>).)*Upgrade Plan<\/a>/);
    expect(html).toContain("Up to 10 tasks");
  });

  it("is a whole standards-mode document: the DOCTYPE first, nothing left for the browser to render", async () => {
    const { token } = await signUp();
    const res = await call("/dashboard", { token });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html.startsWith('<!DOCTYPE html><html lang="en">')).toBe(true);
    expect(html).toContain("</body></html>");
    expect(html).not.toContain("<!--$!-->");
  });

  it("shows beta (demo) producers no banner and an unlimited task label", async () => {
    const { token } = await signUp();
    const html = await (await call("/dashboard", { token })).text();
    expect(html).not.toContain("Upgrade Plan");
    expect(html).toContain("Unlimited");
  });

  it("saves settings from a plain form post and comes back to the dashboard with a flash", async () => {
    const { token } = await signUp();
    const res = await postForm(token, "/dashboard?settings=1", {
      intent: "settings",
      eventName: "Harbour Lights Festival",
      timezone: "Europe/London",
      eventDate: "2030-06-06",
      eventTime: "18:00",
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/dashboard");
    expect(res.headers.get("set-cookie")).toContain("cb_flash=");
    const settings = await (await call("/api/workspace", { token })).json();
    expect(settings).toMatchObject({ eventName: "Harbour Lights Festival", eventDate: "2030-06-06T17:00:00.000Z" });
  });

  it("sets the event's days from a plain form post, and shows them beside the countdown", async () => {
    const { token } = await signUp();
    const res = await postForm(token, "/dashboard?settings=1", {
      intent: "settings",
      timezone: "Europe/London",
      eventDate: "2030-03-08",
      eventTime: "18:00",
      eventEndDate: "2030-03-10",
      loadInDate: "2030-03-07",
      loadOutDate: "",
    });
    expect(res.status).toBe(303);
    const html = await (await call("/dashboard", { token })).text();
    expect(html).toContain("Show days: Fri 8 – Sun 10 Mar · Load-in Thu 7 Mar");
    expect(html).toContain('data-testid="days-until-event"');

    const refused = await postForm(token, "/dashboard?settings=1", {
      intent: "settings",
      timezone: "Europe/London",
      eventDate: "2030-03-08",
      eventEndDate: "2030-03-06",
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("The last show day cannot be before the first (2030-03-08)");
  });

  it("shows no show days for a one-day event", async () => {
    const { token } = await signUp();
    await postForm(token, "/dashboard?settings=1", { intent: "settings", timezone: "UTC", eventDate: "2030-03-08" });
    expect(await (await call("/dashboard", { token })).text()).not.toContain('data-testid="show-days"');
  });

  it("renames the workspace and sets the plan's assumed estimate from the settings form", async () => {
    const { token } = await signUp();
    const res = await postForm(token, "/dashboard?settings=1", {
      intent: "settings",
      name: "Harbour Lights Festival 2030",
      eventName: "",
      timezone: "UTC",
      eventDate: "",
      eventTime: "",
      assumedEstimateHours: "4",
    });
    expect(res.status).toBe(303);
    const settings = await (await call("/api/workspace", { token })).json();
    expect(settings).toMatchObject({ name: "Harbour Lights Festival 2030", assumedEstimateHours: 4 });

    const refused = await postForm(token, "/dashboard?settings=1", {
      intent: "settings",
      timezone: "UTC",
      assumedEstimateHours: "0.2",
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Assumed estimate must be at least 1 hour");
    expect(await (await call("/api/workspace", { token })).json()).toMatchObject({ assumedEstimateHours: 4 });
  });

  it("re-renders the inline settings form with the field errors and the values sent", async () => {
    const { token } = await signUp();
    const res = await postForm(token, "/dashboard?settings=1", {
      intent: "settings",
      eventName: "Harbour Lights Festival",
      timezone: "Atlantis/Capital",
      eventDate: "2030-02-30",
      eventTime: "",
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("Choose a timezone from the list, such as Europe/London");
    expect(html).toContain("Event date must be a real date (YYYY-MM-DD)");
    expect(html).toContain('value="Harbour Lights Festival"');
    const settings = await (await call("/api/workspace", { token })).json();
    expect(settings).toMatchObject({ eventName: null, timezone: "UTC" });
  });

  it("hands task forms to the tasks page's action, which redirects back to the dashboard", async () => {
    const { token } = await signUp();
    const res = await postForm(token, "/dashboard?priority=high", { intent: "add-category", name: "Hospitality" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/dashboard?priority=high");
    const categories = (await (await call("/api/categories", { token })).json()) as string[];
    expect(categories).toContain("Hospitality");
  });

  it("refuses a settings post from another site", async () => {
    const { token } = await signUp();
    const res = await call("/dashboard", {
      method: "POST",
      token,
      body: new URLSearchParams({ intent: "settings", timezone: "UTC" }),
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
    });
    expect(res.status).toBe(403);
  });
});
