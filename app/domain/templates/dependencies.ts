import type { ProjectTemplate } from "./types";

/**
 * What is wrong with a template's `after` lists: a title that names no task, the task itself or a later task
 * (only earlier tasks, so a template cannot hold a cycle), or a title two tasks share (a reference would be
 * ambiguous). Empty when the template is sound; the data files are tested against it.
 */
export function templateDependencyProblems(template: Pick<ProjectTemplate, "tasks">): string[] {
  const problems: string[] = [];
  const position = new Map<string, number>();
  for (const [i, task] of template.tasks.entries()) {
    if (position.has(task.title)) problems.push(`"${task.title}" is the title of two tasks`);
    else position.set(task.title, i);
  }
  for (const [i, task] of template.tasks.entries()) {
    for (const title of task.after ?? []) {
      const at = position.get(title);
      if (at === undefined) problems.push(`"${task.title}" comes after "${title}", which is no task of the template`);
      else if (at >= i) problems.push(`"${task.title}" comes after "${title}", which is not an earlier task`);
    }
  }
  return problems;
}

export interface ChosenTaskDependencies {
  /** Positions, among the chosen tasks, of the prerequisites that were chosen too (always earlier ones). */
  earlier: number[];
  /** Titles of the prerequisites left out of the choice: an open task with that title stands in, if there is one. */
  notChosen: string[];
}

/**
 * The dependencies of the tasks chosen from a template (`indexes` in template order, no repeats), one entry per
 * chosen task in the same order: each `after` title is either an earlier chosen task or one not chosen.
 */
export function chosenTaskDependencies(
  template: Pick<ProjectTemplate, "tasks">,
  indexes: readonly number[],
): ChosenTaskDependencies[] {
  const chosenAt = new Map<string, number>();
  return indexes.map((index, position) => {
    const task = template.tasks[index];
    const earlier: number[] = [];
    const notChosen: string[] = [];
    for (const title of task.after ?? []) {
      const at = chosenAt.get(title);
      if (at === undefined) notChosen.push(title);
      else earlier.push(at);
    }
    chosenAt.set(task.title, position);
    return { earlier, notChosen };
  });
}
