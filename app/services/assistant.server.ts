import { answerQuestion } from "~/domain/assistant";
import { phraseAnswer } from "~/integrations/ai/phrase-answer";
import { errorSummary } from "~/lib/log";
import type { ActorCtx } from "./context.server";
import { entitledAi } from "./parse.server";
import { getPlan } from "./planning.server";

/**
 * Answers a producer's question about their workspace (`POST /api/assistant`, Slack's `/assistant` and
 * mentions). The answer is computed from the workspace's tasks and plan; with Workers AI it is reworded, and
 * the tasks returned are always the ones the computed answer is about. Only a plan with the AI feature uses the
 * model; the computed answer serves every plan.
 */
export async function askAssistant(ctx: ActorCtx, question: string) {
  const { now } = ctx;
  const ai = entitledAi(ctx.actor.plan, ctx.env.AI);
  const { tasks, criticalPath, risks } = await getPlan(ctx);
  const { workspace } = ctx.actor;
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
