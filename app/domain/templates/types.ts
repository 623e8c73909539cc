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
