import type { ComponentType } from "react";
import { island } from "~/components/island";

/**
 * The dashboard's parts that the server renders in full and whose code loads on first use (app/components/island.tsx):
 * the page hydrates without them, about 8 KB of its first load, and each comes alive when the pointer, a touch or
 * focus reaches it. Declared here, in one module, because the client's chunking (scripts/client-chunks.ts) reads this
 * module's `import()`s to keep what the islands share with other pages out of the chunks they do not need.
 *
 * Each draws its props alone on a GET (the AI box and the assistant show action data only in a form post's answer,
 * which keeps nothing), so the server keeps their HTML between renders (`keepHtml`, ADR 029).
 */
const keptIsland = <P extends object>(name: string, importComponent: () => Promise<ComponentType<P>>) =>
  island(name, importComponent, { keepHtml: true });

export const AiTaskIsland = keptIsland("ai-tasks", () => import("~/components/ai-task-box").then((m) => m.AiTaskBox));
export const PlanningIsland = keptIsland("planning", () =>
  import("~/components/planning-cards").then((m) => m.PlanningCards),
);
export const AssistantIsland = keptIsland("assistant", () =>
  import("~/components/assistant-box").then((m) => m.AssistantBox),
);
/** The empty dashboard's welcome and templates, in Recent Tasks. */
export const GettingStartedIsland = keptIsland("getting-started", () =>
  import("./getting-started").then((m) => m.GettingStarted),
);
export const SlackIsland = keptIsland("slack", () =>
  import("~/components/slack/chat-integration-card").then((m) => m.ChatIntegrationCard),
);

/** The islands' code, for a client-side navigation to the dashboard to load with its data (no fallback shows). */
export function loadDashboardIslands() {
  const islands = [AiTaskIsland, PlanningIsland, AssistantIsland, GettingStartedIsland, SlackIsland];
  return Promise.all(islands.map((part) => part.load()));
}
