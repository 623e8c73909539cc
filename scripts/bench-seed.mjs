/**
 * The bench's workspace contents (scripts/bench.mjs): realistic event-production tasks from a seeded generator,
 * so every run and every workspace holds the same mix, and the SQL that grows a workspace past what the API's
 * create limit allows in a bench's time (TASK_CREATE_LIMITER: 300 creates a minute per user).
 */
import { randomBytes } from "node:crypto";

/** Deterministic pseudo-random numbers (mulberry32), so every run seeds the same workspace. */
export function seededRandom(seed) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ACTIONS = [
  "Book", "Confirm", "Order", "Schedule", "Draft", "Review", "Test", "Install", "Brief", "Print",
  "Rehearse", "Load in", "Strike", "Photograph", "Announce", "Budget", "Inspect", "Label", "Rent", "Pack",
];
const SUBJECTS = [
  "stage lighting rig", "PA system", "green room catering", "shuttle buses", "speaker travel", "wristbands",
  "volunteer rota", "livestream encoder", "sponsor banners", "press release", "run sheet", "backline",
  "security team", "first aid cover", "radio channels", "LED wall", "hotel block", "signage", "merch stock",
  "VIP lanyards", "camera positions", "power distribution", "waste collection", "ticket scanners", "registration desk",
];
const AREAS = ["main stage", "hall B", "the foyer", "the outdoor village"];
const CATEGORIES = ["infrastructure", "marketing", "content", "production", "logistics", null];
const PRIORITIES = ["low", "medium", "medium", "high", "critical"];
const ASSIGNEES = ["Maria Lopez", "Sam Okafor", "Priya Natarajan", "Jonas Berg", null];
const STATUSES = ["pending", "pending", "pending", "in_progress", "completed"];
/** Tasks come in chains of this many, each depending on the one before, so the plan and risks have paths to walk. */
export const CHAIN_LENGTH = 5;
const COMBINATIONS = ACTIONS.length * SUBJECTS.length * AREAS.length;

/**
 * Task `i` of a workspace. Titles are distinct (past the 2,000 combinations a day number is added), so the
 * duplicate rule never rejects one; each title is already in its normalised form apart from case (app/domain/title.ts).
 */
export function taskFor(i, random, today) {
  const round = Math.floor(i / COMBINATIONS);
  const title = `${ACTIONS[i % ACTIONS.length]} ${SUBJECTS[Math.floor(i / ACTIONS.length) % SUBJECTS.length]} for ${
    AREAS[Math.floor(i / (ACTIONS.length * SUBJECTS.length)) % AREAS.length]
  }${round > 0 ? ` on day ${round + 1}` : ""}`;
  const pick = (list) => list[Math.floor(random() * list.length)];
  let dueDate = null;
  if (random() < 0.8) {
    const day = new Date(today.getTime() + Math.floor(random() * 70 - 10) * 86_400_000).toISOString().slice(0, 10);
    dueDate = random() < 0.3 ? `${day}T${String(8 + Math.floor(random() * 12)).padStart(2, "0")}:00` : day;
  }
  return {
    title,
    description: random() < 0.5 ? `Coordinate with the venue and confirm in writing. Ref #${1000 + i}.` : "",
    priority: pick(PRIORITIES),
    category: pick(CATEGORIES),
    dueDate,
    assigneeName: pick(ASSIGNEES),
    status: pick(STATUSES),
    estimatedHours: random() < 0.5 ? Math.round(random() * 16 * 2) / 2 : null,
  };
}

/** The index of the task that task `i` depends on, or null at the start of a chain. */
export function dependsOnIndex(i) {
  return i % CHAIN_LENGTH === 0 ? null : i - 1;
}

/** One workspace's generator: the same tasks in the same order however far it is grown, and in how many steps. */
export function workspaceTasks(seed, today = new Date()) {
  const random = seededRandom(seed);
  const tasks = [];
  return (i) => {
    while (tasks.length <= i) tasks.push(taskFor(tasks.length, random, today));
    return tasks[i];
  };
}

/** An id of the app's shape (app/lib/crypto.ts newId: 16 random bytes, base64url). */
export function newId() {
  return randomBytes(16).toString("base64url");
}

function sqlValue(value) {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "number") return String(value);
  if (typeof value === "boolean") return value ? "1" : "0";
  return `'${String(value).replaceAll("'", "''")}'`;
}

/** D1 caps a statement at 100 KB; 100 task rows stay well under it. */
const ROWS_PER_INSERT = 100;

const TASK_COLUMNS = [
  "id", "workspace_id", "title", "title_key", "description", "priority", "category", "due_date", "assignee_name",
  "status", "is_ai_generated", "estimated_hours", "created_by", "created_at", "updated_at", "completed_at",
];

/**
 * The SQL that inserts `rows` (each `{id, workspaceId, userId, task, createdAt, dependsOnId}`) as the API would
 * have stored them, apart from their history entries: tasks first, then their dependency edges.
 */
export function seedSql(rows) {
  const statements = [];
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    const values = rows.slice(start, start + ROWS_PER_INSERT).map(({ id, workspaceId, userId, task, createdAt }) => {
      const at = createdAt.toISOString();
      const cells = [
        id, workspaceId, task.title, task.title.toLowerCase(), task.description || null, task.priority, task.category,
        task.dueDate, task.assigneeName, task.status, false, task.estimatedHours, userId, at, at,
        task.status === "completed" ? at : null,
      ];
      return `(${cells.map(sqlValue).join(", ")})`;
    });
    statements.push(`INSERT INTO tasks (${TASK_COLUMNS.join(", ")}) VALUES\n${values.join(",\n")};`);
  }
  const edges = rows.filter((row) => row.dependsOnId);
  for (let start = 0; start < edges.length; start += ROWS_PER_INSERT) {
    const values = edges
      .slice(start, start + ROWS_PER_INSERT)
      .map(({ id, workspaceId, dependsOnId }) => `(${[workspaceId, id, dependsOnId].map(sqlValue).join(", ")})`);
    statements.push(`INSERT INTO task_dependencies (workspace_id, task_id, depends_on_id) VALUES\n${values.join(",\n")};`);
  }
  return `${statements.join("\n")}\n`;
}
