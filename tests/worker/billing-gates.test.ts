import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import worker from "../../workers/app";
import { billingStatus, seedTasks, setUserTier, startCheckout, subscribe } from "./billing-helpers";
import { call, db, expectError, newTask, ORIGIN, signUp, type Account } from "./helpers";

let producer: Account;
beforeEach(async () => {
  producer = await signUp("Ali Demir");
  await setUserTier(producer.user.id, "free");
});

function addStatus(name: string) {
  return call("/api/statuses", { method: "POST", token: producer.token, json: { name } });
}

describe("custom statuses (custom workflows)", () => {
  it("are refused below premium (403, naming the plan) and open with a premium subscription", async () => {
    await subscribe(producer, "basic");
    const body = await expectError(await addStatus("waiting_on_vendor"), 403);
    expect(body.error).toBe("Custom statuses needs the Premium plan ($49.99/month)");
    await subscribe(producer, "premium");
    expect((await addStatus("waiting_on_vendor")).status).toBe(201);
  });

  it("are refused on the tasks page's form too, while categories stay open", async () => {
    const post = (fields: Record<string, string>) =>
      call("/tasks", {
        method: "POST",
        token: producer.token,
        // As a fetcher sends it (JavaScript on): the outcome comes back as data with its status.
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "sec-fetch-mode": "cors",
          origin: ORIGIN,
          host: new URL(ORIGIN).host,
        },
        body: new URLSearchParams(fields).toString(),
      });
    const status = await post({ intent: "add-status", name: "in_rehearsal" });
    expect(status.status).toBe(403);
    expect((await post({ intent: "add-category", name: "hospitality" })).status).toBe(200);
  });
});

describe("AI task creation", () => {
  it("opens with premium from billing, the same gate as before", async () => {
    const parse = () => call("/api/tasks/parse", { method: "POST", token: producer.token, json: { text: "Book the caterer" } });
    expect((await expectError(await parse(), 403)).error).toContain("needs the Premium plan");
    await subscribe(producer, "premium");
    expect((await parse()).status).toBe(200);
  });
});

describe("analytics", () => {
  it("is a gate below basic: the page names the plan and sends no figures", async () => {
    await newTask(producer.token, { title: "Walk the site with the fire marshal" });
    const html = await (await call("/analytics", { token: producer.token })).text();
    expect(html).toContain("Analytics requires the Basic plan");
    expect(html).toContain("$19.99");
    expect(html).not.toContain("Priority Distribution");
  });

  it("shows basic analytics on basic, with weekly progress and insights behind the premium overlay", async () => {
    await subscribe(producer, "basic");
    await newTask(producer.token, { title: "Walk the site with the fire marshal", priority: "high" });
    const html = await (await call("/analytics", { token: producer.token })).text();
    expect(html).toContain("Priority Distribution");
    expect(html).toContain("Weekly Progress requires the Premium plan");
    expect(html).toContain("Key Insights requires the Premium plan");
    // The locked figures are not in the page at all: no weekly table behind the blur.
    expect(html).not.toContain("Tasks created and completed per week");
  });

  it("shows everything on premium", async () => {
    await subscribe(producer, "premium");
    await newTask(producer.token, { title: "Walk the site with the fire marshal" });
    const html = await (await call("/analytics", { token: producer.token })).text();
    expect(html).not.toContain("requires the Premium plan");
    expect(html).toContain("Tasks created and completed per week");
  });
});

describe("Slack", () => {
  it("cannot be connected on free (403), and can on basic", async () => {
    const credentials = { slackClientId: "123.456", slackClientSecret: "secret-value", slackSigningSecret: "signing-value" };
    const save = () => call("/api/slack/setup-credentials", { method: "POST", token: producer.token, json: credentials });
    expect((await expectError(await save(), 403)).error).toBe("Connecting Slack needs the Basic plan ($19.99/month)");
    await subscribe(producer, "basic");
    expect((await save()).status).toBe(200);
  });

  it("shows the gate instead of the chat card on a free dashboard", async () => {
    const html = await (await call("/dashboard", { token: producer.token })).text();
    expect(html).toContain("Slack integration requires the Basic plan");
    expect(html).not.toContain("Test Slack Connection");
  });
});

describe("the dashboard", () => {
  it("shows a basic workspace at 50 tasks 'Limit Reached' and the way to Premium", async () => {
    await subscribe(producer, "basic");
    await seedTasks(producer, 50);
    const html = await (await call("/dashboard", { token: producer.token })).text();
    expect(html).toMatch(/<button[^>]*disabled[^>]*>(?:(?!<\/button>).)*Limit Reached<\/button>/);
    expect(html).toContain("Upgrade to Premium");
    expect(html).toContain("Basic plan");
  });

  it("waits for Stripe's confirmation after checkout instead of claiming success", async () => {
    await startCheckout(producer, "premium");
    const html = await returnFromCheckout(producer, "premium");
    expect(html).toContain("Payment Received");
    expect(html).not.toContain("Upgrade Successful");
    expect((await billingStatus(producer.token)).recentUpgrade).toBeNull();
    await subscribe(producer, "premium");
    expect(await returnFromCheckout(producer, "premium")).toContain("Upgrade Successful");
    expect((await billingStatus(producer.token)).recentUpgrade).toBe("premium");
  });

  it("says nothing when the address claims a checkout that never happened", async () => {
    // A demo account ranks as premium (beta), a free one has no plan; neither bought anything.
    const demo = await signUp("Beta Demo");
    for (const [account, plan] of [
      [demo, "basic"],
      [demo, "premium"],
      [producer, "basic"],
    ] as const) {
      const html = await returnFromCheckout(account, plan);
      expect(html).not.toContain("Upgrade Successful");
      expect(html).not.toContain("Payment Received");
    }
    expect((await billingStatus(demo.token)).recentUpgrade).toBeNull();
  });

  it("does not call a plan recorded long ago, or a lower one, this checkout's success", async () => {
    await subscribe(producer, "basic");
    expect(await returnFromCheckout(producer, "premium")).not.toContain("Upgrade Successful");
    const longAgo = new Date(Date.now() - 2 * 3600_000).toISOString();
    await db().prepare("UPDATE billing_subscriptions SET updated_at = ? WHERE user_id = ?").bind(longAgo, producer.user.id).run();
    const html = await returnFromCheckout(producer, "basic");
    expect(html).not.toContain("Upgrade Successful");
    expect(html).toContain("Payment Received");
  });

  it("says nothing on a server without billing, even to a subscriber", async () => {
    await subscribe(producer, "basic");
    const ctx = createExecutionContext();
    const withoutBilling = { ...env, STRIPE_SECRET_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined };
    const res = await worker.fetch(
      new Request(`${ORIGIN}/dashboard?upgrade=success&plan=basic`, {
        headers: { "x-demo-token": producer.token },
      }) as Parameters<typeof worker.fetch>[0],
      withoutBilling as unknown as Env,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Basic plan");
    expect(html).not.toContain("Upgrade Successful");
    expect(html).not.toContain("Payment Received");
  });
});

async function returnFromCheckout(account: Account, plan: "basic" | "premium") {
  const res = await call(`/dashboard?upgrade=success&plan=${plan}`, { token: account.token });
  expect(res.status).toBe(200);
  return res.text();
}
