import type { Priority } from "../tasks";

/**
 * Project templates: ready-made task lists a workspace can copy from `/template/{id}`. Each template is a data
 * file beside this one; its id is the slug of its name. The six "starter" templates are the spec's table (names,
 * days and task counts are the contract); the "event" templates are ours, for the production work Cueboard is
 * built for.
 */

export type TemplateKind = "starter" | "event";

export interface TemplateTask {
  title: string;
  description: string;
  priority: Priority;
  category: string;
  estimatedHours: number;
  /**
   * Tasks tied to the show itself: due this many days after the event day (0 is the show day). Tasks without
   * it are preparation and are spread before the event (see schedule.ts).
   */
  daysAfterEvent?: number;
  /**
   * Titles of earlier tasks of the same template that must finish first; applying the template makes them the
   * task's dependencies (see templateDependencies). Titles rather than indexes so the data files read well;
   * only earlier tasks, so a template cannot hold a cycle (templates.test.ts proves both).
   */
  after?: readonly string[];
}

export interface ProjectTemplate {
  id: string;
  name: string;
  emoji: string;
  description: string;
  /** A hex colour rather than a Tailwind class: class names built at runtime are not in the generated CSS. */
  color: string;
  estimatedDays: number;
  kind: TemplateKind;
  tasks: readonly TemplateTask[];
}

export interface TemplateStats {
  totalTasks: number;
  estimatedDays: number;
  totalHours: number;
}
