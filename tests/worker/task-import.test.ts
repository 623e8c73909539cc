import { read, utils, write } from "@e965/xlsx";
import { describe, expect, it } from "vitest";
import { setUserTier } from "./billing-helpers";
import { call, db, expectError, listTasks, newTask, signUp, workspaceIdOf, type Account } from "./helpers";
import { team } from "./teams-helpers";

/** Tasks from a spreadsheet and the list out to one (issue 36, ADR 046): `/api/tasks/import`, `/api/tasks/export`. */

type Json = Record<string, any>;

async function ok(res: Response, status = 200) {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as Json;
}

const importSheet = (account: Pick<Account, "token">, body: Json) =>
  call("/api/tasks/import", { method: "POST", token: account.token, json: body });

const preview = async (account: Pick<Account, "token">, body: Json) =>
  ok(await importSheet(account, { ...body, dryRun: true }));

const tsv = (...lines: string[][]) => ({ kind: "tsv", text: lines.map((l) => l.join("\t")).join("\n") });

const base64 = (bytes: ArrayBuffer | Uint8Array) => {
  let binary = "";
  for (const byte of new Uint8Array(bytes)) binary += String.fromCharCode(byte);
  return btoa(binary);
};

async function taskCount(account: Account) {
  const workspaceId = await workspaceIdOf(account.user.id);
  const row = await db()
    .prepare("SELECT count(*) AS n FROM tasks WHERE workspace_id = ?")
    .bind(workspaceId)
    .first<{ n: number }>();
  return row!.n;
}

describe("reading a sheet", () => {
  it("reads an XLSX workbook inside the Worker: header guessed, dates from Excel's serial numbers", async () => {
    const owner = await signUp("Maria Lopez");
    const sheet = utils.aoa_to_sheet([
      ["Festival tasks"],
      ["Task", "Deadline", "Time", "Who", "Prio", "Est"],
      ["Book trucks", 46360, 0.75, "Maria", "high", "2h"],
      ["Print badges", "next Fri", "", "Joe from print shop", "low", ""],
    ]);
    const file = write(utils.book_new(sheet, "Plan"), { type: "array", bookType: "xlsx" }) as ArrayBuffer;
    const answer = await preview(owner, { source: { kind: "xlsx", base64: base64(file) } });
    expect(answer).toMatchObject({
      headerRow: 2,
      header: ["Task", "Deadline", "Time", "Who", "Prio", "Est"],
      mapping: ["title", "dueDate", "dueTime", "owner", "priority", "estimate"],
      mappingProblem: null,
      chosen: [3],
    });
    expect(answer.rows[0]).toMatchObject({
      row: 3,
      problems: [],
      task: {
        title: "Book trucks",
        dueDate: "2026-12-04T18:00",
        owner: { kind: "member", id: owner.user.id, name: "Maria Lopez" },
        priority: "high",
        estimatedHours: 2,
      },
    });
    expect(answer.rows[1].problems).toEqual(["Row 4: 'next Fri' is not a date"]);
  });

  it("offers the one date-order choice when the dates read both ways, and reads them as chosen", async () => {
    const owner = await signUp();
    const source = tsv(["Task", "Due"], ["Book trucks", "4/12/2026"], ["Print badges", "5/11/2026"]);
    const guessed = await preview(owner, { source });
    expect(guessed.dateOrder).toEqual({ order: "dmy", ambiguous: 2, decided: false });
    expect(guessed.rows.map((r: Json) => r.task.dueDate)).toEqual(["2026-12-04", "2026-11-05"]);
    const chosen = await preview(owner, { source, dateOrder: "mdy" });
    expect(chosen.rows.map((r: Json) => r.task.dueDate)).toEqual(["2026-04-12", "2026-05-11"]);
    // One date that reads one way only decides the sheet's order.
    const decided = await preview(owner, { source: tsv(["Task", "Due"], ["A", "4/12/2026"], ["B", "4/13/2026"]) });
    expect(decided.dateOrder).toEqual({ order: "mdy", ambiguous: 1, decided: true });
  });

  it("resolves owners to members or outside people, and marks duplicates of open tasks", async () => {
    const { owner, members } = await team(["Sam Okafor", "Sam Reyes"]);
    await newTask(owner.token, { title: "Book the venue" });
    const answer = await preview(owner, {
      source: tsv(
        ["Title", "Owner"],
        ["Rig lights", "Sam Reyes"],
        ["Walk the site", "Sam"],
        ["Hire a van", "Joe"],
        ["book the venue!", ""],
      ),
    });
    expect(answer.rows.map((r: Json) => [r.task?.owner ?? null, r.problems, r.duplicateOf?.title ?? null])).toEqual([
      [{ kind: "member", id: members[1].user.id, name: "Sam Reyes" }, [], null],
      [null, ["Row 3: Which Sam? Sam Okafor or Sam Reyes"], null],
      [{ kind: "outside", name: "Joe" }, [], null],
      [null, [], "Book the venue"],
    ]);
    expect(answer.chosen).toEqual([2, 4]);
  });
});

describe("bad input is a field error with nothing created", () => {
  it.each([
    ["an unknown kind of file", { source: { kind: "pdf", text: "x" } }, "source.kind", /CSV or XLSX/],
    ["a file that is not XLSX", { source: { kind: "xlsx", base64: btoa("Task,Due\nA,B") } }, "source", /XLSX/],
    ["an empty sheet", { source: { kind: "csv", text: "\n , \n" } }, "source", /empty/],
    ["a mapping without a title", { source: tsv(["Task"], ["A"]), mapping: ["owner"] }, "mapping", /title/],
    ["a chosen row with a problem", { source: tsv(["Task", "Due"], ["A", "soon"]), rows: [2] }, "rows", /Row 2/],
  ])("%s", async (_, body, field, message) => {
    const owner = await signUp();
    const error = await expectError(await importSheet(owner, body), 400);
    expect(error.fieldErrors?.[field]?.[0]).toMatch(message);
    expect(await taskCount(owner)).toBe(0);
  });

  it("a sheet over 5 MB", async () => {
    const owner = await signUp();
    const text = `Task\n${"Hang the banner over the stage\n".repeat(180_000)}`;
    const error = await expectError(await importSheet(owner, { source: { kind: "csv", text } }), 400);
    expect(error.fieldErrors?.source).toEqual(["The file is larger than 5 MB"]);
    expect(await taskCount(owner)).toBe(0);
  });

  it("a sheet over 5,000 rows", async () => {
    const owner = await signUp();
    const text = `Task\n${Array.from({ length: 5001 }, (_, i) => `Task ${i}`).join("\n")}`;
    const error = await expectError(await importSheet(owner, { source: { kind: "csv", text } }), 400);
    expect(error.fieldErrors?.source?.[0]).toMatch(/at most 5000 rows/);
  });
});

describe("importing", () => {
  it("creates every chosen row in one action, in dependency order, and Undo removes them again", async () => {
    const owner = await signUp("Maria Lopez");
    const created = await ok(
      await importSheet(owner, {
        source: tsv(
          ["Task", "Due", "Owner", "Status", "Category", "Depends on"],
          ["Load in", "5/12/2026 14:00", "me", "pending", "Logistics", "Book trucks"],
          ["Book trucks", "4/12/2026", "Joe (haulage)", "In progress", "Logistics", ""],
          ["Print badges", "", "", "", "", ""],
        ),
        rows: [2, 3],
      }),
      201,
    );
    expect(created).toMatchObject({ imported: 2, undo: { at: expect.any(String) } });
    const tasks = await listTasks(owner.token);
    const byTitle = new Map(tasks.map((t) => [t.title, t]));
    expect(byTitle.get("Load in")).toMatchObject({
      dueDate: "2026-12-05T14:00",
      assigneeId: owner.user.id,
      status: "pending",
      category: "Logistics",
      dependsOn: [byTitle.get("Book trucks")!.id],
    });
    expect(byTitle.get("Book trucks")).toMatchObject({ assigneeName: "Joe (haulage)", status: "in_progress" });
    expect(byTitle.has("Print badges")).toBe(false);

    const undone = await ok(
      await call("/api/tasks/undo", { method: "POST", token: owner.token, json: { at: created.undo.at } }),
    );
    expect(undone.deleted.sort()).toEqual(created.tasks.map((t: Json) => t.id).sort());
    expect(await listTasks(owner.token)).toEqual([]);
    // The undo is itself undoable: the tasks come back.
    const redone = await ok(
      await call("/api/tasks/undo", { method: "POST", token: owner.token, json: { at: undone.undo.at } }),
    );
    expect(redone.restored).toHaveLength(2);
  });

  it("holds the plan's limit for the whole import: more rows than room creates none", async () => {
    const owner = await signUp();
    await setUserTier(owner.user.id, "free");
    for (let i = 0; i < 8; i++) await newTask(owner.token, { title: `Existing ${i}` });
    const source = tsv(["Task"], ["One"], ["Two"], ["Three"]);
    expect((await preview(owner, { source })).room).toBe(2);
    const refused = await expectError(await importSheet(owner, { source }), 402);
    expect(refused).toMatchObject({ limit: 10, tier: "free" });
    expect(refused.error).toMatch(/room for 2 more, and 3 rows are chosen/);
    expect(await taskCount(owner)).toBe(8);
    await ok(await importSheet(owner, { source, rows: [2, 3] }), 201);
    expect(await taskCount(owner)).toBe(10);
  });
});

describe("export", () => {
  it("downloads the list with its filters as CSV and XLSX, which import back cleanly", async () => {
    const owner = await signUp();
    const trucks = await newTask(owner.token, {
      title: "Book trucks",
      category: "Logistics",
      dueDate: "2026-12-04T09:30",
      priority: "high",
      estimatedHours: 1.5,
      assigneeName: "Joe, haulage",
    });
    await newTask(owner.token, {
      title: "Load in",
      category: "Logistics",
      description: 'Dock "B", then stage',
      dependsOn: [trucks.id],
    });
    await newTask(owner.token, { title: "Post on socials", category: "Marketing" });

    const csv = await call("/api/tasks/export?format=csv&category=Logistics&sort=title", { token: owner.token });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toMatch(/^attachment; filename="tasks-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = await csv.text();
    expect(text.split("\r\n")[0]).toBe(
      "Title,Description,Due date,Due time,Owner,Category,Priority,Status,Estimate (hours),Depends on",
    );
    expect(text).not.toContain("Post on socials");

    const xlsx = await call("/api/tasks/export?format=xlsx&category=Logistics&sort=title", { token: owner.token });
    expect(xlsx.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    const bytes = await xlsx.arrayBuffer();
    const sheet = read(bytes, { type: "array" }).Sheets.Tasks;
    expect(utils.sheet_to_json(sheet, { header: 1 })[1]).toEqual([
      "Book trucks",
      "",
      "2026-12-04",
      "09:30",
      "Joe, haulage",
      "Logistics",
      "high",
      "pending",
      "1.5",
      "",
    ]);

    // Each file, read into another workspace, makes the same tasks with no problem and no mapping to fix.
    const other = await signUp();
    for (const source of [
      { kind: "csv", text },
      { kind: "xlsx", base64: base64(bytes) },
    ]) {
      const back = await preview(other, { source });
      expect(back.mappingProblem).toBeNull();
      expect(back.rows.map((r: Json) => r.problems)).toEqual([[], []]);
      expect(back.rows.map((r: Json) => r.task)).toEqual([
        {
          title: "Book trucks",
          description: null,
          dueDate: "2026-12-04T09:30",
          owner: { kind: "outside", name: "Joe, haulage" },
          category: "Logistics",
          priority: "high",
          status: "pending",
          estimatedHours: 1.5,
          dependsOn: [],
        },
        {
          title: "Load in",
          description: 'Dock "B", then stage',
          dueDate: null,
          owner: null,
          category: "Logistics",
          priority: "medium",
          status: "pending",
          estimatedHours: null,
          dependsOn: [{ row: 2, title: "Book trucks" }],
        },
      ]);
    }
  });

  it("refuses an unknown format", async () => {
    const owner = await signUp();
    const error = await expectError(await call("/api/tasks/export?format=pdf", { token: owner.token }), 400);
    expect(error.fieldErrors?.format).toEqual(["format is csv or xlsx"]);
  });
});
