import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { FILE_MAX_BYTES, FILES_PER_TASK_MAX } from "~/domain/files";
import { deleteTask as deleteTaskAs, purgeDeletedTasks, restoreTasks } from "~/services/task-deletion.server";
import { attachFile } from "~/services/task-files.server";
import { setUserTier } from "./billing-helpers";
import {
  ORIGIN,
  actorCtxOf,
  call,
  db,
  expectError,
  newTask,
  postForm,
  signUp,
  workspaceIdOf,
  type Account,
  type TaskJson,
} from "./helpers";

/**
 * Files on tasks (ADR 039) against the local R2 bucket: upload (raw body, multipart, the page's form without
 * JavaScript), list, download with its safety headers, delete; the 25 MB limit, the plan's storage, the files-per-task
 * bound, refused types; other workspaces' ids; a deleted task's files through undo and the purge; malformed requests.
 */

const bytes = (text: string) => new TextEncoder().encode(text);

function upload(account: Account, taskId: string, name: string, body: BodyInit, init: { type?: string } = {}) {
  return call(`/api/tasks/${taskId}/files?name=${encodeURIComponent(name)}`, {
    method: "POST",
    token: account.token,
    headers: { "content-type": init.type ?? "application/pdf" },
    body,
  });
}

async function uploaded(account: Account, taskId: string, name: string, body: BodyInit, type = "application/pdf") {
  const res = await upload(account, taskId, name, body, { type });
  const json = (await res.json()) as TaskJson;
  expect(res.status, JSON.stringify(json)).toBe(201);
  return json.file as TaskJson;
}

async function listFiles(account: Account, taskId: string) {
  const res = await call(`/api/tasks/${taskId}/files`, { token: account.token });
  expect(res.status).toBe(200);
  return (await res.json()) as { files: TaskJson[]; storage: { used: number; quota: number } };
}

async function history(account: Account, taskId: string) {
  const res = await call(`/api/tasks/${taskId}/history`, { token: account.token });
  expect(res.status).toBe(200);
  return ((await res.json()) as { history: Array<{ kind: string; summary: string | null; actorName: string }> })
    .history;
}

/** The objects the bucket holds for a workspace. */
async function objectsOf(workspaceId: string) {
  const listed = await env.FILES.list({ prefix: `${workspaceId}/` });
  return listed.objects.map((o) => o.key);
}

async function fileRows(workspaceId: string) {
  const rows = await db().prepare("SELECT id, task_id FROM task_files WHERE workspace_id = ?").bind(workspaceId).all();
  return rows.results;
}

/** A stream of `chunks` (each a number of bytes), for a body whose length the test decides. */
function streamOf(...chunks: number[]) {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const size of chunks) controller.enqueue(new Uint8Array(size).fill(97));
      controller.close();
    },
  });
}

/** A multipart form with `file`, as a browser builds it. */
function formWith(name: string, content: string, type: string) {
  const form = new FormData();
  form.append("file", new File([content], name, { type }));
  return form;
}

describe("files on a task through the API", () => {
  it("uploads, lists, downloads and deletes a file; the history says who attached and removed it", async () => {
    const ana = await signUp("Ana Ruiz");
    await setUserTier(ana.user.id, "free");
    const gig = await newTask(ana.token, { title: "Load in" });
    const workspaceId = await workspaceIdOf(ana.user.id);

    const file = await uploaded(ana, gig.id, "Rider – Böhm.pdf", bytes("%PDF-1.7 rider"));
    expect(file).toMatchObject({
      taskId: gig.id,
      name: "Rider – Böhm.pdf",
      type: "application/pdf",
      size: 14,
      image: false,
      uploadedBy: "Ana Ruiz",
      source: "api",
      url: `/api/files/${file.id}`,
    });
    expect(await objectsOf(workspaceId)).toEqual([`${workspaceId}/${file.id}`]);

    const listed = await listFiles(ana, gig.id);
    expect(listed.files.map((f) => f.id)).toEqual([file.id]);
    expect(listed.storage).toEqual({ used: 14, quota: 100 * 1024 * 1024 });

    const download = await call(file.url, { token: ana.token });
    expect(download.status).toBe(200);
    expect(await download.text()).toBe("%PDF-1.7 rider");
    expect(download.headers.get("content-type")).toBe("application/pdf");
    expect(download.headers.get("content-disposition")).toBe(
      `attachment; filename="Rider _ B_hm.pdf"; filename*=UTF-8''Rider%20%E2%80%93%20B%C3%B6hm.pdf`,
    );
    expect(download.headers.get("x-content-type-options")).toBe("nosniff");
    expect(download.headers.get("content-security-policy")).toContain("sandbox");
    expect(download.headers.get("cache-control")).toBe("private, no-cache");

    // A copy still current is a 304, after the same authorisation.
    const again = await call(file.url, {
      token: ana.token,
      headers: { "if-none-match": download.headers.get("etag")! },
    });
    expect(again.status).toBe(304);

    const removed = await call(file.url, { method: "DELETE", token: ana.token });
    expect(removed.status).toBe(204);
    expect((await listFiles(ana, gig.id)).files).toEqual([]);
    expect(await objectsOf(workspaceId)).toEqual([]);
    await expectError(await call(file.url, { token: ana.token }), 404);
    await expectError(await call(file.url, { method: "DELETE", token: ana.token }), 404);

    const said = (await history(ana, gig.id)).filter((e) => e.kind === "file");
    expect(said.map((e) => [e.actorName, e.summary])).toEqual([
      ["Ana Ruiz", "Removed the file “Rider – Böhm.pdf”"],
      ["Ana Ruiz", "Attached “Rider – Böhm.pdf”"],
    ]);
  });

  it("takes a multipart form with a file field too (curl -F)", async () => {
    const ana = await signUp();
    const gig = await newTask(ana.token, { title: "Stage plot" });
    const res = await call(`/api/tasks/${gig.id}/files`, {
      method: "POST",
      token: ana.token,
      body: formWith("plot.png", "not really a png", "image/png"),
    });
    expect(res.status).toBe(201);
    expect(((await res.json()) as TaskJson).file).toMatchObject({ name: "plot.png", type: "image/png", image: true });
  });

  it("serves only safe images inline, and SVG, HTML and scripts never, whatever is asked", async () => {
    const ana = await signUp();
    const gig = await newTask(ana.token, { title: "Artwork" });
    const png = await uploaded(ana, gig.id, "poster.png", bytes("png bytes"), "image/png");
    const svg = await uploaded(ana, gig.id, "logo.svg", bytes("<svg onload=alert(1)></svg>"), "image/svg+xml");
    const html = await uploaded(ana, gig.id, "page.html", bytes("<script>alert(1)</script>"), "text/html");

    const thumbnail = await call(`${png.url}?inline=1`, { token: ana.token });
    expect(thumbnail.headers.get("content-type")).toBe("image/png");
    expect(thumbnail.headers.get("content-disposition")).toMatch(/^inline; /);
    const saved = await call(png.url, { token: ana.token });
    expect(saved.headers.get("content-disposition")).toMatch(/^attachment; /);

    for (const file of [svg, html]) {
      expect(file.image).toBe(false);
      const res = await call(`${file.url}?inline=1`, { token: ana.token });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/octet-stream");
      expect(res.headers.get("content-disposition")).toMatch(/^attachment; /);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    }
  });

  it("refuses programs by extension or declared type (415), and keeps nothing of them", async () => {
    const ana = await signUp();
    const gig = await newTask(ana.token, { title: "Tools" });
    const workspaceId = await workspaceIdOf(ana.user.id);
    const byName = await expectError(await upload(ana, gig.id, "setup.EXE", bytes("MZ")), 415);
    expect(byName.error).toContain(".exe files cannot be attached");
    await expectError(await upload(ana, gig.id, "tool", bytes("MZ"), { type: "application/x-msdownload" }), 415);
    expect(await objectsOf(workspaceId)).toEqual([]);
    expect(await fileRows(workspaceId)).toEqual([]);
  });
});

describe("the limits", () => {
  it("refuses a file whose Content-Length is over 25 MB before reading it", async () => {
    const ana = await signUp();
    const gig = await newTask(ana.token, { title: "Video" });
    const res = await call(`/api/tasks/${gig.id}/files?name=show.mov`, {
      method: "POST",
      token: ana.token,
      headers: { "content-type": "video/quicktime", "content-length": String(FILE_MAX_BYTES + 1) },
      body: streamOf(1024),
    });
    const body = await expectError(res, 413);
    expect(body.error).toContain("at most 25 MB");
  });

  it("takes a file of exactly 25 MB", async () => {
    const ana = await signUp();
    const gig = await newTask(ana.token, { title: "Big rider" });
    const file = await uploaded(ana, gig.id, "big.bin", new Uint8Array(FILE_MAX_BYTES), "application/octet-stream");
    expect(file.size).toBe(FILE_MAX_BYTES);
    const stored = await env.FILES.head(`${await workspaceIdOf(ana.user.id)}/${file.id}`);
    expect(stored?.size).toBe(FILE_MAX_BYTES);
  });

  it("cuts off a stream longer than it declared, and refuses one that ends short; nothing is kept", async () => {
    const ana = await signUp();
    const gig = await newTask(ana.token, { title: "Contract" });
    const ctx = await actorCtxOf(ana, { now: new Date() });
    const workspaceId = ctx.actor.workspace.id;
    await expect(
      attachFile(ctx, gig.id, { name: "contract.pdf", type: "application/pdf", size: 10, body: streamOf(6, 6, 6) }),
    ).rejects.toMatchObject({ code: "too_large" });
    await expect(
      attachFile(ctx, gig.id, { name: "contract.pdf", type: "application/pdf", size: 10, body: streamOf(4) }),
    ).rejects.toMatchObject({ code: "invalid" });
    expect(await objectsOf(workspaceId)).toEqual([]);
    expect(await fileRows(workspaceId)).toEqual([]);

    const kept = await attachFile(ctx, gig.id, {
      name: "contract.pdf",
      size: 12,
      body: streamOf(6, 6),
      source: "slack",
    });
    expect(kept.file).toMatchObject({ size: 12, source: "slack", type: "application/octet-stream" });
  });

  it("refuses an upload past the plan's storage with a 402 naming the plan, its quota and the upgrade page", async () => {
    const ana = await signUp();
    await setUserTier(ana.user.id, "free");
    const gig = await newTask(ana.token, { title: "Archive" });
    const workspaceId = await workspaceIdOf(ana.user.id);
    // Nearly full: 100 MB less 10 bytes already kept (a row is what the quota counts).
    await db()
      .prepare(
        `INSERT INTO task_files (id, workspace_id, task_id, name, type, size, source, created_at)
         VALUES (?, ?, ?, 'old.zip', 'application/zip', ?, 'web', ?)`,
      )
      .bind(crypto.randomUUID(), workspaceId, gig.id, 100 * 1024 * 1024 - 10, new Date().toISOString())
      .run();

    const body = await expectError(await upload(ana, gig.id, "rider.pdf", bytes("eleven byte")), 402);
    expect(body.error).toContain("Free plan hold up to 100 MB");
    expect(body.error).toContain("Upgrade to Basic ($19.99/month) for 2 GB");
    expect(body.error).toContain("/upgrade");
    expect(body).toMatchObject({
      limit: 100 * 1024 * 1024,
      used: 100 * 1024 * 1024 - 10,
      tier: "free",
      upgradeUrl: "/upgrade",
    });
    expect(await objectsOf(workspaceId)).toEqual([]);

    // What still fits is taken.
    expect((await uploaded(ana, gig.id, "note.txt", bytes("ten bytes!"), "text/plain")).size).toBe(10);
  });

  it(`holds a task to ${FILES_PER_TASK_MAX} files`, async () => {
    const ana = await signUp();
    const gig = await newTask(ana.token, { title: "Many" });
    const workspaceId = await workspaceIdOf(ana.user.id);
    const insert = db().prepare(
      `INSERT INTO task_files (id, workspace_id, task_id, name, type, size, source, created_at)
       VALUES (?, ?, ?, 'f.txt', 'text/plain', 1, 'web', ?)`,
    );
    await db().batch(
      Array.from({ length: FILES_PER_TASK_MAX }, () =>
        insert.bind(crypto.randomUUID(), workspaceId, gig.id, new Date().toISOString()),
      ),
    );
    const body = await expectError(await upload(ana, gig.id, "one-more.txt", bytes("x"), { type: "text/plain" }), 400);
    expect(body.error).toContain(`at most ${FILES_PER_TASK_MAX} files`);
  });
});

describe("reads", () => {
  it("list and download in one D1 round trip once the session is known", async () => {
    const ana = await signUp();
    const gig = await newTask(ana.token, { title: "Load in" });
    const file = await uploaded(ana, gig.id, "rider.pdf", bytes("rider"));
    for (const path of [`/api/tasks/${gig.id}/files`, file.url as string]) {
      const res = await call(path, { token: ana.token });
      await res.arrayBuffer();
      expect(res.headers.get("server-timing"), path).toMatch(/d1;desc="1 round trip,/);
    }
  });
});

describe("other workspaces", () => {
  it("answer 404 for another workspace's task or file, and leave it alone", async () => {
    const ana = await signUp("Ana");
    const ben = await signUp("Ben");
    const gig = await newTask(ana.token, { title: "Load in" });
    const file = await uploaded(ana, gig.id, "rider.pdf", bytes("rider"));

    await expectError(await call(file.url, { token: ben.token }), 404);
    await expectError(await call(`${file.url}?inline=1`, { token: ben.token }), 404);
    await expectError(await call(file.url, { method: "DELETE", token: ben.token }), 404);
    await expectError(await call(`/api/tasks/${gig.id}/files`, { token: ben.token }), 404);
    await expectError(await upload(ben, gig.id, "intruder.pdf", bytes("x")), 404);
    await expectError(await call(file.url), 401);

    expect((await listFiles(ana, gig.id)).files.map((f) => f.id)).toEqual([file.id]);
    expect((await call(file.url, { token: ana.token })).status).toBe(200);
  });

  it("refuses a cookie-authenticated upload from another site (403)", async () => {
    const ana = await signUp();
    const gig = await newTask(ana.token, { title: "Load in" });
    const res = await call(`/api/tasks/${gig.id}/files?name=x.pdf`, {
      method: "POST",
      cookie: ana.token,
      headers: { origin: "https://evil.example", "content-type": "application/pdf" },
      body: bytes("x"),
    });
    await expectError(res, 403);
  });
});

describe("a deleted task's files", () => {
  it("wait unseen through the undo window, come back with an undo, and go with the purge", async () => {
    const ana = await signUp();
    const t0 = new Date("2027-01-01T10:00:00.000Z");
    const ctx = await actorCtxOf(ana, { now: t0 });
    const workspaceId = ctx.actor.workspace.id;
    const gig = await newTask(ana.token, { title: "Load in" });
    const { file } = await attachFile(ctx, gig.id, { name: "rider.pdf", size: 5, body: streamOf(5) });

    await deleteTaskAs(ctx, gig.id);
    await expectError(await call(file.url, { token: ana.token }), 404);
    await expectError(await call(`/api/tasks/${gig.id}/files`, { token: ana.token }), 404);
    expect(await objectsOf(workspaceId)).toEqual([`${workspaceId}/${file.id}`]);

    await restoreTasks(ctx, [gig.id]);
    expect((await listFiles(ana, gig.id)).files.map((f) => f.id)).toEqual([file.id]);

    const later = { ...ctx, now: new Date("2027-01-05T10:00:00.000Z") };
    await deleteTaskAs(later, gig.id);
    // Within its 30 days the purge keeps it.
    await purgeDeletedTasks({ ...ctx, now: new Date("2027-01-20T10:00:00.000Z") });
    expect(await objectsOf(workspaceId)).toEqual([`${workspaceId}/${file.id}`]);

    await purgeDeletedTasks({ ...ctx, now: new Date("2027-02-10T10:00:00.000Z") });
    expect(await objectsOf(workspaceId)).toEqual([]);
    expect(await fileRows(workspaceId)).toEqual([]);
    await expect(restoreTasks(ctx, [gig.id])).rejects.toMatchObject({ code: "not_found" });
  });
});

describe("the task page's form without JavaScript", () => {
  it("attaches the posted file and comes back to the files with a message; refusals come back said", async () => {
    const ana = await signUp();
    const gig = await newTask(ana.token, { title: "Load in" });
    const post = (form: FormData, origin = ORIGIN) =>
      call(`/tasks/${gig.id}/files?q=load`, {
        method: "POST",
        token: ana.token,
        headers: { origin, "sec-fetch-mode": "navigate" },
        body: form,
        redirect: "manual",
      });

    const res = await post(formWith("stage plot.pdf", "plot", "application/pdf"));
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/tasks/${gig.id}?q=load#files`);
    expect(decodeURIComponent(res.headers.get("set-cookie")!)).toContain("File Attached");
    expect((await listFiles(ana, gig.id)).files.map((f) => f.name)).toEqual(["stage plot.pdf"]);

    const page = await call(`/tasks/${gig.id}`, { token: ana.token });
    const html = await page.text();
    expect(html).toContain("stage plot.pdf");
    expect(html.toLowerCase()).toContain(`enctype="multipart/form-data" action="/tasks/${gig.id.toLowerCase()}/files"`);

    const refused = await post(formWith("run.bat", "@echo off", "application/x-bat"));
    expect(refused.status).toBe(303);
    expect(decodeURIComponent(refused.headers.get("set-cookie")!)).toContain(".bat files cannot be attached");

    const empty = new FormData();
    empty.append("file", new File([], "", { type: "application/octet-stream" }));
    expect(decodeURIComponent((await post(empty)).headers.get("set-cookie")!)).toContain("Choose a file to upload");

    expect((await post(formWith("x.pdf", "x", "application/pdf"), "https://evil.example")).status).toBe(403);
    expect((await listFiles(ana, gig.id)).files).toHaveLength(1);
  });

  it("deletes a file with the page's intent", async () => {
    const ana = await signUp();
    const gig = await newTask(ana.token, { title: "Load in" });
    const file = await uploaded(ana, gig.id, "rider.pdf", bytes("rider"));
    const res = await postForm(ana.token, `/tasks/${gig.id}`, { intent: "file-remove", fileId: file.id });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/tasks/${gig.id}#files`);
    expect((await listFiles(ana, gig.id)).files).toEqual([]);
  });
});

describe("malformed requests", () => {
  it("are 4xx JSON errors, never a 500", async () => {
    const ana = await signUp();
    const gig = await newTask(ana.token, { title: "Load in" });
    const base = `/api/tasks/${gig.id}/files`;
    const post = (path: string, init: RequestInit) => call(path, { method: "POST", token: ana.token, ...init });

    expect((await expectError(await post(base, { body: bytes("x") }), 400)).error).toContain("?name=");
    expect((await expectError(await post(`${base}?name=%20`, { body: bytes("x") }), 400)).error).toContain("?name=");
    await expectError(await post(`${base}?name=empty.txt`, { body: new Uint8Array(0) }), 400);
    // A chunked body has no Content-Length to hold it to.
    expect((await expectError(await post(`${base}?name=a.txt`, { body: streamOf(5) }), 400)).error).toContain(
      "Content-Length",
    );
    await expectError(
      await post(base, {
        headers: { "content-type": "multipart/form-data; boundary=xyz" },
        body: "this is not a form",
      }),
      400,
    );
    const noFile = new FormData();
    noFile.append("other", "value");
    await expectError(await post(base, { body: noFile }), 400);
    await expectError(await post(`/api/tasks/no-such-task/files?name=a.txt`, { body: bytes("x") }), 404);
    await expectError(await call("/api/files/no-such-file", { token: ana.token }), 404);
    await expectError(await call("/api/files/no-such-file", { method: "PUT", token: ana.token, json: {} }), 405);
    await expectError(await call(base, { method: "DELETE", token: ana.token }), 405);
    // Any other body over 64 KB is still refused at the door.
    await expectError(
      await call(`/api/tasks/${gig.id}`, { method: "PUT", token: ana.token, body: "x".repeat(70_000) }),
      413,
    );
  });
});
