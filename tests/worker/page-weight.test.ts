import { describe, expect, it } from "vitest";
import { dependsOnIndex, newId, workspaceTasks } from "../../scripts/bench-seed.mjs";
import { call, db, postForm, signUp, workspaceIdOf, type Account } from "./helpers";

/**
 * Issue 15's light pages: the HTML of `/tasks` (60 cards a page) and `/dashboard` stays under a byte budget, and
 * does not grow with the workspace. Sizes, not timings: the same seed gives the same bytes on every machine.
 */

const KB = 1024;
const TASK_COLUMNS = [
  "id",
  "workspace_id",
  "title",
  "title_key",
  "description",
  "priority",
  "category",
  "due_date",
  "assignee_name",
  "status",
  "estimated_hours",
  "created_by",
  "created_at",
  "updated_at",
  "completed_at",
];
const insertTask = `INSERT INTO tasks (${TASK_COLUMNS.join(", ")}) VALUES (${TASK_COLUMNS.map(() => "?").join(", ")})`;

/**
 * Grows the account's workspace to `count` tasks by SQL in one batch (the bench's realistic mix: chains of
 * dependent tasks, a fifth completed, most dated and assigned), arranging state rather than testing creates.
 */
async function seedWorkspace(account: Account, from: number, count: number, ids: string[]) {
  const workspaceId = await workspaceIdOf(account.user.id);
  const taskAt = workspaceTasks(15);
  const statements: D1PreparedStatement[] = [];
  for (let i = from; i < count; i += 1) {
    const task = taskAt(i);
    const id = newId();
    ids[i] = id;
    const at = new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString();
    statements.push(
      db()
        .prepare(insertTask)
        .bind(
          id,
          workspaceId,
          task.title,
          task.title.toLowerCase(),
          task.description || null,
          task.priority,
          task.category,
          task.dueDate,
          task.assigneeName,
          task.status,
          task.estimatedHours,
          account.user.id,
          at,
          at,
          task.status === "completed" ? at : null,
        ),
    );
    const before = dependsOnIndex(i);
    if (before !== null) {
      statements.push(
        db()
          .prepare("INSERT INTO task_dependencies (workspace_id, task_id, depends_on_id) VALUES (?, ?, ?)")
          .bind(workspaceId, id, ids[before]),
      );
    }
  }
  await db().batch(statements);
}

async function bytesOf(path: string, token: string) {
  const res = await call(path, { token });
  expect(res.status).toBe(200);
  return new TextEncoder().encode(await res.text()).byteLength;
}

/** The byte sizes of `paths` for one account at 150 tasks and again at 600. */
async function weighAtTwoSizes(paths: string[]) {
  const account = await signUp();
  const ids: string[] = [];
  const weigh = async () => Promise.all(paths.map((path) => bytesOf(path, account.token)));
  await seedWorkspace(account, 0, 150, ids);
  const small = await weigh();
  await seedWorkspace(account, 150, 600, ids);
  const large = await weigh();
  console.info(`${paths.join(", ")} at 150 → 600 tasks: ${small.join(", ")} → ${large.join(", ")} bytes`);
  return paths.map((path, i) => ({ path, small: small[i], large: large[i] }));
}

describe("page weight", () => {
  it("keeps /tasks (60 cards) under 100 KB of HTML, and it and the inline create form flat from 150 tasks to 600", async () => {
    const [list, create] = await weighAtTwoSizes(["/tasks", "/tasks?new=1"]);
    expect(list.small).toBeLessThanOrEqual(100 * KB);
    expect(list.large).toBeLessThanOrEqual(100 * KB);
    // Flat: nothing on the page grows with the workspace (only the counts gain a digit); the inline create form
    // (no JavaScript) offers a bounded few "Depends on" choices.
    for (const page of [list, create]) expect(Math.abs(page.large - page.small), page.path).toBeLessThan(4 * KB);
  });

  it("keeps /tasks in the table view (60 rows) under 100 KB of HTML too", async () => {
    const account = await signUp();
    await seedWorkspace(account, 0, 600, []);
    expect((await postForm(account.token, "/tasks", { intent: "view", view: "table" })).status).toBe(303);
    const bytes = await bytesOf("/tasks", account.token);
    console.info(`/tasks as a table at 600 tasks: ${bytes} bytes`);
    expect(bytes).toBeLessThanOrEqual(100 * KB);
  });

  it("keeps /dashboard under 60 KB of HTML, at 150 tasks and at 600 alike", async () => {
    const [{ small, large }] = await weighAtTwoSizes(["/dashboard"]);
    expect(small).toBeLessThanOrEqual(60 * KB);
    expect(large).toBeLessThanOrEqual(60 * KB);
    expect(Math.abs(large - small)).toBeLessThan(4 * KB);
  });
});
