import { describe, expect, it } from "vitest";
import { addDays } from "../dates";
import { chosenTaskDependencies, templateDependencyProblems } from "./dependencies";
import type { TemplateTask } from "./types";
import { planTemplateTasks, TEMPLATES } from ".";

const task = (title: string, after?: string[]): TemplateTask => ({
  title,
  description: "",
  priority: "medium",
  category: "planning",
  estimatedHours: 1,
  after,
});

describe("the templates' dependencies", () => {
  it.each(TEMPLATES.map((t) => [t.id, t] as const))("%s: every `after` names an earlier task", (_, template) => {
    expect(templateDependencyProblems(template)).toEqual([]);
  });

  it("are filled in for every event template", () => {
    for (const template of TEMPLATES.filter((t) => t.kind === "event")) {
      const linked = template.tasks.filter((t) => t.after?.length).length;
      expect(linked, template.id).toBeGreaterThan(template.tasks.length / 2);
    }
  });

  // The plan dates preparation in template order and show-day tasks from the event, so an earlier prerequisite
  // is never due after the task waiting for it, whatever the time left and the mode.
  it.each(TEMPLATES.map((t) => [t.id, t] as const))(
    "%s: no task is planned before its prerequisites",
    (_, template) => {
      const today = "2026-06-01";
      const at = new Map(template.tasks.map((t, i) => [t.title, i]));
      for (const daysLeft of [0, 1, 7, 26, template.estimatedDays, 400]) {
        for (const mode of ["compress", "keep"] as const) {
          const plan = planTemplateTasks({
            tasks: template.tasks,
            today,
            eventDay: addDays(today, daysLeft),
            estimatedDays: template.estimatedDays,
            mode,
          });
          for (const [i, t] of template.tasks.entries()) {
            for (const title of t.after ?? []) {
              const before = plan.tasks[at.get(title)!].dueDate!;
              expect(plan.tasks[i].dueDate! >= before, `${t.title} after ${title} (${daysLeft} days, ${mode})`).toBe(
                true,
              );
            }
          }
        }
      }
    },
  );
});

describe("templateDependencyProblems", () => {
  it("accepts earlier tasks and no dependencies at all", () => {
    expect(templateDependencyProblems({ tasks: [task("A"), task("B", ["A"]), task("C", ["A", "B"])] })).toEqual([]);
    expect(templateDependencyProblems({ tasks: [] })).toEqual([]);
  });

  it("names an unknown title, the task itself, a later task and a shared title", () => {
    expect(templateDependencyProblems({ tasks: [task("A", ["Z"])] })).toEqual([
      `"A" comes after "Z", which is no task of the template`,
    ]);
    expect(templateDependencyProblems({ tasks: [task("A", ["A"])] })).toEqual([
      `"A" comes after "A", which is not an earlier task`,
    ]);
    expect(templateDependencyProblems({ tasks: [task("A", ["B"]), task("B", ["A"])] })).toEqual([
      `"A" comes after "B", which is not an earlier task`,
    ]);
    expect(templateDependencyProblems({ tasks: [task("A"), task("A")] })).toEqual([`"A" is the title of two tasks`]);
  });
});

describe("chosenTaskDependencies", () => {
  const template = { tasks: [task("Venue"), task("Catering", ["Venue"]), task("Menu", ["Venue", "Catering"])] };

  it("points to chosen prerequisites by their position among the chosen tasks", () => {
    expect(chosenTaskDependencies(template, [0, 1, 2])).toEqual([
      { earlier: [], notChosen: [] },
      { earlier: [0], notChosen: [] },
      { earlier: [0, 1], notChosen: [] },
    ]);
  });

  it("names the prerequisites left out, so an open task of that title can stand in", () => {
    expect(chosenTaskDependencies(template, [1, 2])).toEqual([
      { earlier: [], notChosen: ["Venue"] },
      { earlier: [0], notChosen: ["Venue"] },
    ]);
    expect(chosenTaskDependencies(template, [2])).toEqual([{ earlier: [], notChosen: ["Venue", "Catering"] }]);
  });
});
