import { z } from "zod";
import { json, readJson, resource } from "~/http/api.server";
import { requireApiActor } from "~/http/auth.server";
import { askAssistant } from "~/services/assistant.server";

const questionSchema = z.object({
  question: z
    .string({ required_error: "Ask a question", invalid_type_error: "question must be text" })
    .trim()
    .min(1, "Ask a question")
    .max(500, "Keep the question under 500 characters"),
});

const api = resource({
  POST: async ({ request, context }) => {
    const ctx = await requireApiActor(request, context);
    const { question } = await readJson(request, questionSchema);
    return json(await askAssistant(ctx, question));
  },
});

export const loader = api.loader;
export const action = api.action;
