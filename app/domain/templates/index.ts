import fitness from "./30-day-fitness-challenge";
import creative from "./ai-driven-creative-project";
import conference from "./industry-conference";
import skill from "./learn-a-new-skill";
import campaign from "./marketing-campaign-planner";
import retreat from "./micro-event-or-mini-retreat";
import festival from "./music-festival";
import productLaunch from "./product-launch-event";
import sideHustle from "./side-hustle-launch";
import type { ProjectTemplate, TemplateStats, TemplateTask } from "./types";

export type { ProjectTemplate, TemplateKind, TemplateStats, TemplateTask } from "./types";
export { chosenTaskDependencies, templateDependencyProblems, type ChosenTaskDependencies } from "./dependencies";
export {
  planTemplateTasks,
  type SchedulableTask,
  type ScheduleInput,
  type TemplatePlan,
  type TemplatePlanMode,
} from "./schedule";

/** The spec's six first, in its table order, then the event-production templates. */
export const TEMPLATES: readonly ProjectTemplate[] = [
  fitness,
  sideHustle,
  campaign,
  skill,
  creative,
  retreat,
  conference,
  festival,
  productLaunch,
];

/**
 * The ids templates had before ids became the slug of the name. Links and API clients may still hold them,
 * so they resolve to the current id (the page answers with a permanent redirect).
 */
const FORMER_IDS: Readonly<Record<string, string>> = {
  fitness: "30-day-fitness-challenge",
  business: "side-hustle-launch",
  learning: "marketing-campaign-planner",
  home: "learn-a-new-skill",
  creative: "ai-driven-creative-project",
  app: "micro-event-or-mini-retreat",
  conference: "industry-conference",
  festival: "music-festival",
  "product-launch": "product-launch-event",
};

/** The id a template's URL is built from: the lowercase words of its name joined by hyphens. */
export function templateSlug(name: string): string {
  return name
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .join("-");
}

export function getTemplate(id: string): ProjectTemplate | null {
  return TEMPLATES.find((t) => t.id === id) ?? null;
}

/** The current id for a current or former one; null when no template has ever had it. */
export function resolveTemplateId(id: string): string | null {
  if (getTemplate(id)) return id;
  return Object.hasOwn(FORMER_IDS, id) ? FORMER_IDS[id] : null;
}

/** Hours of a set of template tasks, to one decimal (the UI's "approximately N hours"). */
export function totalHours(tasks: readonly Pick<TemplateTask, "estimatedHours">[]) {
  return Math.round(tasks.reduce((sum, t) => sum + t.estimatedHours, 0) * 10) / 10;
}

export function templateStats(template: ProjectTemplate): TemplateStats {
  return {
    totalTasks: template.tasks.length,
    estimatedDays: template.estimatedDays,
    totalHours: totalHours(template.tasks),
  };
}
