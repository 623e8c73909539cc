import { answerQuestion } from "~/domain/assistant";
import type { AiBinding } from "~/integrations/ai/task-extractor";
import { phraseAnswer } from "~/integrations/ai/phrase-answer";
import { errorSummary } from "~/lib/log";
import { entitledAi } from "./parse.server";
import { getPlan } from "./planning.server";
import type { PlanScope } from "./tasks.server";

/**
 * Answers a producer's question about their workspace (`POST /api/assistant`, Slack's `/assistant` and
 * mentions). The answer is computed from the workspace's tasks and plan; with Workers AI it is reworded, and
 * the tasks returned are always the ones the computed answer is about. Only a plan with the AI feature uses the
 * model; the computed answer serves every plan.
 */
export async function askAssistant(scope: PlanScope, question: string, options: { ai?: AiBinding; now?: Date } = {}) {
  const now = options.now ?? new Date();
  const ai = entitledAi(scope.plan, options.ai);
  const { tasks, criticalPath, risks } = await getPlan(scope, now);
  const { workspace } = scope;
  const computed = answerQuestion(question, {
    tasks,
    risks,
    criticalPath,
    now,
    timezone: workspace.timezone,
    eventName: workspace.eventName,
    eventDate: workspace.eventDate,
  });
  let answer = computed.answer;
  let source: "rules" | "ai" = "rules";
  if (ai) {
    try {
      answer = await phraseAnswer(ai, question, computed.answer);
      source = "ai";
    } catch (error) {
      console.warn(`assistant: AI phrasing failed, using the computed answer: ${errorSummary(error)}`);
    }
  }
  const byId = new Map(tasks.map((t) => [t.id, t]));
  return { answer, intent: computed.intent, source, tasks: computed.taskIds.map((id) => byId.get(id)!) };
}
