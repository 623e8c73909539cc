import { z } from "zod";

/** The slice of the Workers AI binding we use; tests give a fake with the same shape. */
export interface AiBinding {
  run(model: string, input: Record<string, unknown>): Promise<unknown>;
}

/** A fast instruction model with JSON mode on Workers AI. */
export const TASK_MODEL = "@cf/meta/llama-3.3-70b-instruct-fp8-fast";
export const AI_TIMEOUT_MS = 3000;

/**
 * What the model may answer. Dates stay as the producer's words (`due`): our own date code resolves them in
 * the workspace timezone, because models are unreliable at calendar arithmetic.
 */
const draftSchema = z.object({
  title: z.string().trim().min(1).max(200),
  description: z.string().trim().max(2000).nullish(),
  due: z.string().trim().max(100).nullish(),
  assignee: z.string().trim().max(100).nullish(),
  priority: z.enum(["low", "medium", "high", "critical"]).nullish(),
  category: z.string().trim().max(40).nullish(),
  estimatedHours: z.number().nonnegative().max(10_000).nullish(),
});
const answerSchema = z.object({ tasks: z.array(draftSchema).min(1).max(50) });
export type AiTaskDraft = z.infer<typeof draftSchema>;

const jsonSchema = {
  type: "object",
  properties: {
    tasks: {
      type: "array",
      items: {
        type: "object",
        properties: {
          title: { type: "string", description: "Short imperative task title without the date, owner, priority or estimate" },
          description: { type: ["string", "null"] },
          due: { type: ["string", "null"], description: "The deadline exactly as written, e.g. 'next Friday 3pm', or null" },
          assignee: { type: ["string", "null"], description: "Person responsible, without @" },
          priority: { type: ["string", "null"], enum: ["low", "medium", "high", "critical", null] },
          category: { type: ["string", "null"] },
          estimatedHours: { type: ["number", "null"] },
        },
        required: ["title", "due", "assignee", "priority", "category", "estimatedHours"],
      },
    },
  },
  required: ["tasks"],
} as const;

function systemPrompt(categories: readonly string[]) {
  return [
    "You turn an event production team's notes into tasks. One task per action item; never invent tasks.",
    "Keep the producer's wording for titles, minus the parts you extract.",
    "Extract: due (the deadline words as written), assignee (after @, 'assign to', 'owner'), priority",
    "(urgent/critical/p1 → critical, ASAP/high/p2 → high, p3 → medium, low/nice to have/p4 → low, else null),",
    "estimatedHours (e.g. '2h' → 2, '30 min' → 0.5), and category, only one of:",
    categories.length ? categories.join(", ") : "(none)",
    "Answer only with JSON matching the schema.",
  ].join(" ");
}

function withTimeout<T>(promise: Promise<T>, ms: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`AI took longer than ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Reads the model's answer, which JSON mode returns as an object or, on some models, as a JSON string. */
function readAnswer(result: unknown) {
  const response = (result as { response?: unknown } | null)?.response;
  const data = typeof response === "string" ? JSON.parse(response) : response;
  return answerSchema.parse(data).tasks;
}

/** Asks Workers AI for task drafts; throws on timeout, error or malformed output so callers fall back to rules. */
export async function extractTaskDrafts(
  ai: AiBinding,
  text: string,
  categories: readonly string[],
  timeoutMs = AI_TIMEOUT_MS,
): Promise<AiTaskDraft[]> {
  const result = await withTimeout(
    ai.run(TASK_MODEL, {
      messages: [
        { role: "system", content: systemPrompt(categories) },
        { role: "user", content: text },
      ],
      response_format: { type: "json_schema", json_schema: jsonSchema },
      max_tokens: 1500,
      temperature: 0,
    }),
    timeoutMs,
  );
  return readAnswer(result);
}
