import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { addDays, todayIn } from "~/domain/dates";
import type { DigestJob } from "~/services/slack/digest.server";
import worker from "../../workers/app";
import { call, db, newTask } from "./helpers";
import { runCron as runAnyCron, runQueue } from "./queue-helpers";
import { installSlack, readableText, recorded, scriptFake, waitForRecorded, type Installation } from "./slack-helpers";

/** The digest jobs a cron run queues (this file's workspaces have no reminders or morning DMs). */
const runCron = (scheduledTime?: number) => runAnyCron<DigestJob>(scheduledTime);

/**
 * Only this file configures digests (others leave the channel empty), so the cron below never touches
 * another file's workspaces; within the file each test looks only at its own workspace's jobs.
 */

const today = () => todayIn("UTC", new Date());

async function configureDigest(inst: Installation, settings: Record<string, unknown>) {
  const res = await call("/api/slack/digest", { method: "PUT", token: inst.account.token, json: settings });
  expect(res.status).toBe(200);
}

async function lastDigestDate(workspaceId: string) {
  const row = await db()
    .prepare("SELECT digest_last_date FROM workspaces WHERE id = ?")
    .bind(workspaceId)
    .first<{ digest_last_date: string | null }>();
  return row?.digest_last_date ?? null;
}

describe("morning digest: cron → queue → chat.postMessage", () => {
  it("queues a due workspace, retries after Slack's Retry-After on 429, then posts once for the day", async () => {
    const inst = await installSlack();
    await configureDigest(inst, { channel: "#production", time: "00:00", enabled: true });
    await newTask(inst.account.token, {
      title: "Sign the venue contract",
      dueDate: addDays(today(), -2),
      assigneeName: "Dana",
    });
    await newTask(inst.account.token, { title: "Send call sheet", dueDate: today() });
    await newTask(inst.account.token, { title: "Rehearsal dinner booking", dueDate: addDays(today(), 5) });
    await newTask(inst.account.token, { title: "Far future task", dueDate: addDays(today(), 30) });

    const jobs = (await runCron()).filter((job) => job.workspaceId === inst.workspaceId);
    expect(jobs).toEqual([{ workspaceId: inst.workspaceId, localDate: today() }]);

    await scriptFake({
      path: "/api/chat.postMessage",
      token: inst.botToken,
      status: 429,
      headers: { "retry-after": "7" },
      body: { ok: false, error: "ratelimited" },
    });
    const limited = await runQueue(jobs);
    expect(limited.retryMessages).toHaveLength(1);
    expect(limited.retryDelays).toEqual([7]);
    expect(limited.explicitAcks).toEqual([]);
    expect(await lastDigestDate(inst.workspaceId)).toBeNull();

    const delivered = await runQueue(jobs, 2);
    expect(delivered.retryMessages).toEqual([]);
    expect(delivered.explicitAcks).toHaveLength(1);
    expect(await lastDigestDate(inst.workspaceId)).toBe(today());

    const posts = await recorded({ token: inst.botToken, path: "/api/chat.postMessage" });
    expect(posts).toHaveLength(2);
    const digest = posts[1].body;
    expect(digest.channel).toBe("#production");
    const text = readableText(digest);
    expect(text).toContain("Overdue (1)");
    expect(text).toContain("Sign the venue contract · 2 days overdue · @Dana");
    expect(text).toContain("Due today (1)");
    expect(text).toContain("Send call sheet");
    expect(text).toContain("Next 7 days");
    expect(text).toContain("Rehearsal dinner booking");
    expect(text).not.toContain("Far future task");

    // The queue delivering the job again, and the next cron runs, post nothing more today.
    const again = await runQueue(jobs);
    expect(again.explicitAcks).toHaveLength(1);
    expect((await runCron()).filter((job) => job.workspaceId === inst.workspaceId)).toEqual([]);
    expect(await recorded({ token: inst.botToken, path: "/api/chat.postMessage" })).toHaveLength(2);
  });

  it("posts once when two copies of a job are delivered together", async () => {
    const inst = await installSlack();
    await configureDigest(inst, { channel: "CDIGEST01", time: "00:00", enabled: true });
    const job = { workspaceId: inst.workspaceId, localDate: today() };
    const result = await runQueue([job, job]);
    expect(result.explicitAcks).toHaveLength(2);
    expect(await recorded({ token: inst.botToken, path: "/api/chat.postMessage" })).toHaveLength(1);
  });

  it("lists the run of show's cues not ready from three days before the show (ADR 026)", async () => {
    const inst = await installSlack();
    await configureDigest(inst, { channel: "#production", time: "00:00", enabled: true });
    const showDay = addDays(today(), 2);
    const put = await call("/api/workspace", {
      method: "PUT",
      token: inst.account.token,
      json: { timezone: "UTC", eventDate: showDay, eventTime: "18:00" },
    });
    expect(put.status).toBe(200);
    const task = await newTask(inst.account.token, { title: "Build the walk-in playlist" });
    const at = new Date().toISOString();
    await db()
      .prepare(
        "INSERT INTO cues (id, workspace_id, day, position, title, created_at, updated_at) VALUES (?, ?, ?, 0, 'Walk-in music', ?, ?)",
      )
      .bind(`cue-${inst.workspaceId}`, inst.workspaceId, showDay, at, at)
      .run();
    await db()
      .prepare("INSERT INTO cue_tasks (workspace_id, cue_id, task_id) VALUES (?, ?, ?)")
      .bind(inst.workspaceId, `cue-${inst.workspaceId}`, task.id)
      .run();

    expect((await runQueue([{ workspaceId: inst.workspaceId, localDate: today() }])).explicitAcks).toHaveLength(1);
    const [post] = await recorded({ token: inst.botToken, path: "/api/chat.postMessage" });
    const text = readableText(post.body);
    expect(text).toContain("Cues not ready (1)");
    expect(text).toContain("cue 'Walk-in music' waits on 1 open task");
  });

  it("leaves acknowledged risks out of 'At risk', as the Risks card does (ADR 036)", async () => {
    const inst = await installSlack();
    await configureDigest(inst, { channel: "#production", time: "00:00", enabled: true });
    const put = await call("/api/workspace", {
      method: "PUT",
      token: inst.account.token,
      json: { timezone: "UTC", eventDate: addDays(today(), 20), eventTime: "18:00" },
    });
    expect(put.status).toBe(200);
    const acknowledged = await newTask(inst.account.token, {
      title: "Hire security",
      priority: "high",
      dueDate: addDays(today(), 12),
    });
    await newTask(inst.account.token, { title: "Book the buses", priority: "critical", dueDate: addDays(today(), 14) });
    const ack = await call(`/api/risks/${acknowledged.id}/acknowledge`, { method: "POST", token: inst.account.token });
    expect(ack.status).toBe(200);

    expect((await runQueue([{ workspaceId: inst.workspaceId, localDate: today() }])).explicitAcks).toHaveLength(1);
    const [post] = await recorded({ token: inst.botToken, path: "/api/chat.postMessage" });
    const text = readableText(post.body);
    expect(text).toContain("At risk (1)");
    expect(text).toContain("Book the buses");
    expect(text).not.toContain("Hire security");
  });

  // The real binding delivers after its one-second batch window (wrangler.toml), the one wait left here. A 429's
  // retry through it would add the Retry-After in real seconds: the first test holds that with runQueue.
  it("runs end to end through the real queue binding", async () => {
    const inst = await installSlack();
    await configureDigest(inst, { channel: "#ops", time: "00:00", enabled: true });
    await newTask(inst.account.token, { title: "Walk the site", dueDate: today() });

    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: "*/15 * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);

    const [post] = await waitForRecorded({ token: inst.botToken, path: "/api/chat.postMessage" }, 1);
    expect(readableText(post.body)).toContain("Walk the site");
    expect(await lastDigestDate(inst.workspaceId)).toBe(today());
  });

  it("skips disabled workspaces, workspaces without a channel and uninstalled apps", async () => {
    const disabled = await installSlack();
    await configureDigest(disabled, { channel: "#a", time: "00:00", enabled: false });
    const noChannel = await installSlack();
    await configureDigest(noChannel, { channel: null, time: "00:00", enabled: true });
    const uninstalled = await installSlack();
    await configureDigest(uninstalled, { channel: "#b", time: "00:00", enabled: true });
    await db()
      .prepare("UPDATE slack_apps SET bot_token_enc = NULL WHERE workspace_id = ?")
      .bind(uninstalled.workspaceId)
      .run();

    const ids = new Set([disabled.workspaceId, noChannel.workspaceId, uninstalled.workspaceId]);
    expect((await runCron()).filter((job) => ids.has(job.workspaceId))).toEqual([]);
    // A job that was queued before the change is skipped by the consumer too.
    const result = await runQueue([{ workspaceId: disabled.workspaceId, localDate: today() }]);
    expect(result.explicitAcks).toHaveLength(1);
    expect(await recorded({ token: disabled.botToken, path: "/api/chat.postMessage" })).toEqual([]);
  });

  it("queues each workspace when its own local time comes", async () => {
    const tokyo = await installSlack();
    const newYork = await installSlack();
    for (const [inst, tz] of [
      [tokyo, "Asia/Tokyo"],
      [newYork, "America/New_York"],
    ] as const) {
      await configureDigest(inst, { channel: "#general", time: "09:00", enabled: true });
      // Yesterday's digests went out: some local clocks are still on the 9th.
      await db()
        .prepare("UPDATE workspaces SET timezone = ?, digest_last_date = '2031-03-09' WHERE id = ?")
        .bind(tz, inst.workspaceId)
        .run();
    }
    const mine = (jobs: DigestJob[]) =>
      jobs.filter((j) => j.workspaceId === tokyo.workspaceId || j.workspaceId === newYork.workspaceId);

    // 2031-03-09 23:45 UTC is 08:45 on the 10th in Tokyo (not yet) and 19:45 on the 9th in New York (sent).
    expect(mine(await runCron(Date.UTC(2031, 2, 9, 23, 45)))).toEqual([]);
    // 00:00 UTC is 09:00 in Tokyo; the cron only queues, so Tokyo stays due until a consumer claims it.
    expect(mine(await runCron(Date.UTC(2031, 2, 10, 0, 0)))).toEqual([
      { workspaceId: tokyo.workspaceId, localDate: "2031-03-10" },
    ]);
    // New York switched to daylight time on 9 March 2031: 09:00 EDT is 13:00 UTC, not 14:00.
    expect(mine(await runCron(Date.UTC(2031, 2, 10, 12, 45)))).toEqual([
      { workspaceId: tokyo.workspaceId, localDate: "2031-03-10" },
    ]);
    const both = mine(await runCron(Date.UTC(2031, 2, 10, 13, 0)));
    expect(both).toHaveLength(2);
    expect(both).toEqual(
      expect.arrayContaining([
        { workspaceId: tokyo.workspaceId, localDate: "2031-03-10" },
        { workspaceId: newYork.workspaceId, localDate: "2031-03-10" },
      ]),
    );
  });
});
