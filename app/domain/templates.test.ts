import { describe, expect, it } from "vitest";
import { taskCreateSchema } from "./schemas";
import { DEFAULT_CATEGORIES, PRIORITIES } from "./tasks";
import {
  getTemplate,
  type ProjectTemplate,
  resolveTemplateId,
  TEMPLATES,
  templateSlug,
  templateStats,
  totalHours,
} from "./templates";
import { normalizeTitle } from "./title";

// SPEC.md §3 "Categories seen in templates".
const SPEC_CATEGORIES = [
  "planning", "setup", "workout", "nutrition", "recovery", "mindset", "tracking", "research", "finance", "legal",
  "branding", "development", "strategy", "marketing", "sales", "creative", "tech setup", "execution", "optimization",
  "community", "evaluation", "learning", "practice", "networking", "project", "feedback", "sharing", "preparation",
  "ideation", "skill-building", "creation", "refinement", "partnerships", "logistics", "program", "vendors",
  "communication", "production",
];

const starters = TEMPLATES.filter((t) => t.kind === "starter");
const events = TEMPLATES.filter((t) => t.kind === "event");

describe("built-in templates (spec table)", () => {
  it("are the six of the spec, in its order, with its names, days and task counts", () => {
    expect(starters.map((t) => [t.id, t.name, t.estimatedDays, t.tasks.length])).toEqual([
      ["30-day-fitness-challenge", "30-day fitness challenge", 30, 13],
      ["side-hustle-launch", "Side hustle launch", 90, 12],
      ["marketing-campaign-planner", "Marketing campaign planner", 30, 10],
      ["learn-a-new-skill", "Learn a new skill", 15, 12],
      ["ai-driven-creative-project", "AI-driven creative project", 30, 11],
      ["micro-event-or-mini-retreat", "Micro event or mini retreat", 60, 12],
    ]);
  });

  it("use only the spec's template categories", () => {
    for (const t of starters) for (const task of t.tasks) expect(SPEC_CATEGORIES, `${t.id}: ${task.title}`).toContain(task.category);
  });
});

describe("event-production templates", () => {
  it("include a conference, a festival and a product launch", () => {
    expect(events.map((t) => t.id)).toEqual(expect.arrayContaining(["industry-conference", "music-festival", "product-launch-event"]));
  });

  it("have 12 to 25 tasks each", () => {
    for (const t of events) {
      expect(t.tasks.length, t.id).toBeGreaterThanOrEqual(12);
      expect(t.tasks.length, t.id).toBeLessThanOrEqual(25);
    }
  });

  it("use the workspace's default categories or the spec's template categories", () => {
    const allowed = [...DEFAULT_CATEGORIES, ...SPEC_CATEGORIES];
    for (const t of events) for (const task of t.tasks) expect(allowed, `${t.id}: ${task.title}`).toContain(task.category);
  });

  it("cover the work a producer expects", () => {
    for (const t of events) {
      const text = t.tasks.map((task) => `${task.title} ${task.description}`.toLowerCase()).join("\n");
      for (const topic of [/venue|site/, /insurance/, /catering/, /security/, /run of show/, /load-in/, /load-out/, /settle/]) {
        expect(text, t.id).toMatch(topic);
      }
    }
  });

  it("end with the show day and the wrap, in the order they fall due", () => {
    for (const t of events) {
      const firstPinned = t.tasks.findIndex((task) => task.daysAfterEvent !== undefined);
      const pinned = t.tasks.slice(firstPinned);
      expect(firstPinned, t.id).toBeGreaterThan(0);
      expect(pinned.every((task) => task.daysAfterEvent !== undefined), t.id).toBe(true);
      expect(pinned[0].daysAfterEvent, t.id).toBe(0);
      const offsets = pinned.map((task) => task.daysAfterEvent as number);
      expect(offsets, t.id).toEqual([...offsets].sort((a, b) => a - b));
    }
  });
});

describe("every template", () => {
  it("has a unique id and its presentation fields", () => {
    expect(new Set(TEMPLATES.map((t) => t.id)).size).toBe(TEMPLATES.length);
    for (const t of TEMPLATES) {
      expect(t.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(t.id).toBe(templateSlug(t.name));
      expect(t.emoji.length, t.id).toBeGreaterThan(0);
      expect(t.description.length, t.id).toBeGreaterThan(40);
      expect(t.color, t.id).toMatch(/^#[0-9a-f]{6}$/);
      expect(Number.isInteger(t.estimatedDays) && t.estimatedDays > 0, t.id).toBe(true);
    }
  });

  it("has tasks the task API accepts as they are", () => {
    for (const t of TEMPLATES) {
      for (const task of t.tasks) {
        const { title, description, priority, category, estimatedHours } = task;
        const parsed = taskCreateSchema.safeParse({ title, description, priority, category, estimatedHours });
        expect(parsed.success, `${t.id}: ${title}`).toBe(true);
        expect(PRIORITIES).toContain(priority);
        expect(description.length, `${t.id}: ${title}`).toBeGreaterThan(20);
        // Whole or half hours: estimates, not false precision.
        expect(estimatedHours > 0 && Number.isInteger(estimatedHours * 2), `${t.id}: ${title}`).toBe(true);
      }
    }
  });

  it("has no two tasks the duplicate check would treat as one", () => {
    for (const t of TEMPLATES) {
      const keys = t.tasks.map((task) => normalizeTitle(task.title));
      expect(new Set(keys).size, t.id).toBe(keys.length);
    }
  });

  it("starts with planning work rather than the show itself", () => {
    for (const t of TEMPLATES) expect(t.tasks[0].daysAfterEvent, t.id).toBeUndefined();
  });
});

describe("getTemplate", () => {
  it("finds a template by id", () => {
    expect(getTemplate("music-festival")?.name).toBe("Music festival");
    expect(getTemplate("30-day-fitness-challenge")?.tasks).toHaveLength(13);
  });

  it("is null for an unknown id, including one that differs only in case", () => {
    expect(getTemplate("nope")).toBeNull();
    expect(getTemplate("Fitness")).toBeNull();
    expect(getTemplate("")).toBeNull();
  });
});

describe("resolveTemplateId", () => {
  it("keeps a current id", () => {
    expect(resolveTemplateId("music-festival")).toBe("music-festival");
  });

  it("maps every former id to the template that had it", () => {
    const former = ["fitness", "business", "learning", "home", "creative", "app", "conference", "festival", "product-launch"];
    expect(former.map((id) => getTemplate(resolveTemplateId(id) ?? "")?.name)).toEqual(TEMPLATES.map((t) => t.name));
  });

  it("is null for an id no template ever had, including inherited object keys", () => {
    expect(resolveTemplateId("wedding")).toBeNull();
    expect(resolveTemplateId("Fitness")).toBeNull();
    expect(resolveTemplateId("constructor")).toBeNull();
    expect(resolveTemplateId("")).toBeNull();
  });
});

describe("templateSlug", () => {
  it("joins the lowercase words of a name with hyphens", () => {
    expect(templateSlug("AI-driven creative project")).toBe("ai-driven-creative-project");
    expect(templateSlug("  Music   festival! ")).toBe("music-festival");
  });
});

describe("templateStats and totalHours", () => {
  const template: ProjectTemplate = {
    id: "t",
    name: "T",
    emoji: "🧪",
    description: "A test template",
    color: "#000000",
    estimatedDays: 12,
    kind: "event",
    tasks: [0.5, 1.5, 2].map((estimatedHours, i) => ({
      title: `Task ${i}`,
      description: "d",
      priority: "low" as const,
      category: "content",
      estimatedHours,
    })),
  };

  it("counts the tasks and sums their hours", () => {
    expect(templateStats(template)).toEqual({ totalTasks: 3, estimatedDays: 12, totalHours: 4 });
  });

  it("sums a selection to one decimal without float noise", () => {
    expect(totalHours([{ estimatedHours: 0.1 }, { estimatedHours: 0.2 }])).toBe(0.3);
    expect(totalHours([])).toBe(0);
  });

  it("agrees with the sum of each built-in template's tasks", () => {
    const fitness = getTemplate("30-day-fitness-challenge")!;
    const sum = fitness.tasks.reduce((s, task) => s + task.estimatedHours, 0);
    expect(templateStats(fitness)).toEqual({ totalTasks: 13, estimatedDays: 30, totalHours: sum });
  });
});
