import type { AiBinding } from "./task-extractor";

export const ANSWER_MODEL = "@cf/meta/llama-3.1-8b-instruct-fast";
const ANSWER_TIMEOUT_MS = 3000;

/**
 * Lets Workers AI reword a grounded answer for the question asked. The model sees only the facts we computed
 * and is told to add none; callers keep the computed answer when this fails, times out or returns nothing.
 */
export async function phraseAnswer(ai: AiBinding, question: string, facts: string): Promise<string> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("AI answer timed out")), ANSWER_TIMEOUT_MS);
  });
  const run = ai.run(ANSWER_MODEL, {
    messages: [
      {
        role: "system",
        content:
          "You are the assistant of an event production team. Answer the question using ONLY the facts given. " +
          "Do not add tasks, names, dates or numbers that are not in the facts. Keep bullet lists as they are. Be brief.",
      },
      { role: "user", content: `Question: ${question}\n\nFacts:\n${facts}` },
    ],
    max_tokens: 600,
    temperature: 0.2,
  });
  try {
    const result = (await Promise.race([run, timeout])) as { response?: unknown };
    const text = typeof result?.response === "string" ? result.response.trim() : "";
    if (!text) throw new Error("AI answer was empty");
    return text;
  } finally {
    clearTimeout(timer);
  }
}
