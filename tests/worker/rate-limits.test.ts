import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { RATE_LIMITS, type RateLimitBinding } from "~/domain/rate-limits";
import wranglerToml from "../../wrangler.toml?raw";
import { call, expectError, ORIGIN, signUp, uniqueEmail, type Account } from "./helpers";
import { createInvite } from "./teams-helpers";

/**
 * The abuse limits (wrangler.toml `[[ratelimits]]`): each limited action answers as usual up to its configured
 * limit, then 429 with Retry-After (JSON for the API, the page's own message for pages), while another client
 * (address or user) carries on. Counters live as long as the test runtime, so every test acts as fresh clients:
 * a new address (its own /64) or a new user. Windows are never waited out.
 */

/** `{ limit, period }` of each binding in a section of wrangler.toml (`ratelimits` or `env.production.ratelimits`). */
function configured(section: string) {
  const limits = new Map<string, { limit: number; period: number }>();
  for (const block of wranglerToml.split(`[[${section}]]`).slice(1)) {
    const name = /name = "(\w+)"/.exec(block)?.[1];
    const simple = /simple = \{ limit = (\d+), period = (\d+) \}/.exec(block);
    if (name && simple) limits.set(name, { limit: Number(simple[1]), period: Number(simple[2]) });
  }
  return limits;
}

// Hundreds of requests per test on a shared 2-core machine.
vi.setConfig({ testTimeout: 60_000 });

const limits = configured("ratelimits");
const limitOf = (binding: RateLimitBinding) => limits.get(binding)!.limit;

let addresses = 0;
/** A client address no other test uses. */
function freshAddress() {
  addresses += 1;
  return `2001:db8:ffff:${addresses.toString(16)}::${crypto.getRandomValues(new Uint16Array(1))[0].toString(16)}`;
}

/** Sends `send()` `limit` times, a few at once: each one is answered as usual with `status`. */
async function useUp(limit: number, send: () => Promise<Response>, status: number) {
  for (let sent = 0; sent < limit; sent += 10) {
    const batch = await Promise.all(Array.from({ length: Math.min(10, limit - sent) }, send));
    for (const res of batch) expect(res.status, await res.text()).toBe(status);
  }
}

const windowOf = (now: number) => Math.floor(now / 60_000);
/**
 * Runs a test's scenario (with fresh clients each time) inside one window of the counters. Windows are aligned
 * to the wall-clock minute, so a scenario that failed while a minute turned over (a fresh window admits again)
 * runs once more instead of waiting; a failure within one window is a failure.
 */
async function inOneWindow(scenario: () => Promise<void>) {
  const started = windowOf(Date.now());
  try {
    await scenario();
  } catch (error) {
    if (windowOf(Date.now()) === started) throw error;
    await scenario();
  }
}

/** A refusal of the API: 429, the one JSON error shape, and when to come back. */
async function expectTooMany(res: Response, message: string) {
  const body = await expectError(res, 429);
  expect(body).toEqual({ error: message });
  expect(res.headers.get("Retry-After")).toBe("60");
}

/** A page's refusal: 429 with Retry-After, the page itself with the message, no error page. */
async function expectTooManyPage(res: Response, message: string) {
  expect(res.status).toBe(429);
  expect(res.headers.get("Retry-After")).toBe("60");
  expect(res.headers.get("content-type")).toMatch(/^text\/html/);
  const html = await res.text();
  expect(html).toContain(message);
  expect(html).not.toContain("Something went wrong");
  return html;
}

function postPage(path: string, fields: Record<string, string>, init: { address: string; token?: string }) {
  return call(path, {
    method: "POST",
    token: init.token,
    headers: {
      "CF-Connecting-IP": init.address,
      origin: ORIGIN,
      host: new URL(ORIGIN).host,
      "content-type": "application/x-www-form-urlencoded",
      "sec-fetch-mode": "navigate",
    },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
}

const demoSignup = (address: string) =>
  call("/api/demo/signup", {
    method: "POST",
    headers: { "CF-Connecting-IP": address },
    json: { name: "Sam Okafor", email: uniqueEmail("limited") },
  });

describe("the configuration", () => {
  it("configures every limit, per minute, and the same in production (environments do not inherit bindings)", () => {
    const bindings = Object.values(RATE_LIMITS).map((l) => l.binding);
    expect([...limits.keys()].sort()).toEqual([...bindings].sort());
    expect(configured("env.production.ratelimits")).toEqual(limits);
    // The binding's periods; Retry-After says the longer one.
    for (const { period } of limits.values()) expect([10, 60]).toContain(period);
  });
});

describe("demo signup, per client address", () => {
  it("API, landing page and invitation page share one counter; 429 past it; another address signs up", () =>
    inOneWindow(async () => {
      const owner = await signUp("Maria Lopez");
      const { token } = await createInvite(owner);
      const address = freshAddress();
      await useUp(limitOf("DEMO_SIGNUP_LIMITER"), () => demoSignup(address), 201);

      const { message } = RATE_LIMITS.demoSignup;
      await expectTooMany(await demoSignup(address), message);
      const fields = { intent: "signup", name: "Sam Okafor", email: uniqueEmail("limited") };
      expect(await expectTooManyPage(await postPage("/landing", fields, { address }), message)).toContain("Start Your Free Demo");
      await expectTooManyPage(await postPage(`/join/${token}`, fields, { address }), message);

      expect((await demoSignup(freshAddress())).status).toBe(201);
    }));
});

describe("page visits per client address, activities per user", () => {
  const visit = (address: string) =>
    call("/api/crm/page-visit", {
      method: "POST",
      headers: { "CF-Connecting-IP": address },
      json: { page: "/landing", sessionId: crypto.randomUUID() },
    });
  const activity = (account: Account) =>
    call("/api/crm/user-activity", {
      method: "POST",
      token: account.token,
      json: { activityType: "task_created", page: "/tasks", sessionId: crypto.randomUUID() },
    });

  it("POST /api/crm/page-visit: 204 up to the limit, then 429; another address is still recorded", () =>
    inOneWindow(async () => {
      const address = freshAddress();
      await useUp(limitOf("PAGE_VISIT_LIMITER"), () => visit(address), 204);
      await expectTooMany(await visit(address), RATE_LIMITS.pageVisit.message);
      expect((await visit(freshAddress())).status).toBe(204);
    }));

  it("POST /api/crm/user-activity: 204 up to the limit, then 429; another user is still recorded", () =>
    inOneWindow(async () => {
      const [busy, calm] = [await signUp("Busy Producer"), await signUp("Calm Producer")];
      await useUp(limitOf("USER_ACTIVITY_LIMITER"), () => activity(busy), 204);
      await expectTooMany(await activity(busy), RATE_LIMITS.userActivity.message);
      expect((await activity(calm)).status).toBe(204);
    }));
});

describe("reading text into tasks, per user", () => {
  const parse = (account: Account) =>
    call("/api/tasks/parse", { method: "POST", token: account.token, json: { text: "Book shuttle buses by Friday" } });

  it("POST /api/tasks/parse and the /tasks/ai preview share one counter; another user still parses", () =>
    inOneWindow(async () => {
      const [busy, calm] = [await signUp("Busy Producer"), await signUp("Calm Producer")];
      await useUp(limitOf("TASK_PARSE_LIMITER"), () => parse(busy), 200);
      const { message } = RATE_LIMITS.taskParse;
      await expectTooMany(await parse(busy), message);
      const fields = { intent: "preview", text: "Book shuttle buses by Friday" };
      const page = await postPage("/tasks/ai", fields, { address: freshAddress(), token: busy.token });
      expect(await expectTooManyPage(page, message)).toContain("Tasks in your own words");

      expect((await parse(calm)).status).toBe(200);
    }));
});

describe("sign-in starts, per client address", () => {
  const start = (address: string) => call("/api/login", { headers: { "CF-Connecting-IP": address }, redirect: "manual" });

  it("GET /api/login goes to the provider up to the limit, then says to wait (429 page); another address goes on", () =>
    inOneWindow(async () => {
      const address = freshAddress();
      await useUp(limitOf("SIGN_IN_LIMITER"), () => start(address), 302);
      const html = await expectTooManyPage(await start(address), "Too many sign-in attempts");
      expect(html).toContain('href="/api/login"');
      expect((await start(freshAddress())).status).toBe(302);
    }));

  it("counts requests that reached the Worker without an address together: a missing header never lifts the limit", () =>
    inOneWindow(async () => {
      // One key for every request without an address, so a retry in a new window cannot start from zero: fill this
      // window's counter on the binding itself (whatever an earlier attempt left in it), then ask without one.
      for (let i = 0; i < limitOf("SIGN_IN_LIMITER"); i += 1) await env.SIGN_IN_LIMITER.limit({ key: "ip:unknown" });
      await expectTooManyPage(await start(""), "Too many sign-in attempts");
      expect((await start(freshAddress())).status).toBe(302);
    }));
});

describe("invitation accepts, per user", () => {
  const acceptUnknown = (account: Account) =>
    call(`/api/invites/${"x".repeat(43)}/accept`, { method: "POST", token: account.token });

  it("API and join page share one counter, unknown links included; another user joins as usual", () =>
    inOneWindow(async () => {
      const [guesser, crew, owner] = [await signUp("Link Guesser"), await signUp("Sam Okafor"), await signUp("Maria Lopez")];
      const { token } = await createInvite(owner);
      await useUp(limitOf("INVITE_ACCEPT_LIMITER"), () => acceptUnknown(guesser), 404);
      const { message } = RATE_LIMITS.inviteAccept;
      await expectTooMany(await acceptUnknown(guesser), message);
      const join = await postPage(`/join/${token}`, { intent: "join" }, { address: freshAddress(), token: guesser.token });
      await expectTooManyPage(join, message);

      expect((await call(`/api/invites/${token}/accept`, { method: "POST", token: crew.token })).status).toBe(200);
    }));
});

describe("task creation, per user, counted in the task service", () => {
  const create = (account: Account, title: string) =>
    call("/api/tasks", { method: "POST", token: account.token, json: { title } });

  it("takes creates up to the user's limit, then 429 (a refused duplicate counts too); another user creates as usual", () =>
    inOneWindow(async () => {
      const [busy, calm] = [await signUp("Busy Producer"), await signUp("Calm Producer")];
      // Hundreds of real creates take minutes on a loaded machine: spend all but two of the user's allowance on
      // the binding itself, under the key the task service counts by.
      const key = `user:${busy.user.id}`;
      for (let used = 0; used < limitOf("TASK_CREATE_LIMITER") - 2; used += 1) {
        expect((await env.TASK_CREATE_LIMITER.limit({ key })).success).toBe(true);
      }
      expect((await create(busy, "Walk the site")).status).toBe(201);
      expect((await create(busy, "Walk the site")).status).toBe(409);
      await expectTooMany(await create(busy, "Book the shuttle buses"), RATE_LIMITS.taskCreate.message);
      expect((await create(calm, "Book the shuttle buses")).status).toBe(201);
    }));
});

describe("Slack link confirmations, per user, counted in the link service", () => {
  const confirm = (account: Account) =>
    postPage(`/slack/link/${"x".repeat(43)}`, { intent: "confirm" }, { address: freshAddress(), token: account.token });

  it("confirms (here: refuses an unknown link) up to the member's limit, then says to wait (429 page); another member goes on", () =>
    inOneWindow(async () => {
      const [busy, calm] = [await signUp("Busy Producer"), await signUp("Calm Producer")];
      const key = `user:${busy.user.id}`;
      for (let used = 0; used < limitOf("SLACK_LINK_LIMITER") - 1; used += 1) {
        expect((await env.SLACK_LINK_LIMITER.limit({ key })).success).toBe(true);
      }
      const last = await confirm(busy);
      expect(last.status).toBe(404);
      expect(await last.text()).toContain("This link no longer works");
      await expectTooManyPage(await confirm(busy), RATE_LIMITS.slackLink.message);
      expect((await confirm(calm)).status).toBe(404);
    }));
});
