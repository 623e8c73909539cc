import { assistantQuestionSchema } from "~/domain/schemas";
import { json, readJson, resource } from "~/http/api.server";
import { requireApiActor } from "~/http/auth.server";
import { askAssistant } from "~/services/assistant.server";

const api = resource({
  POST: async ({ request, context }) => {
    const ctx = await requireApiActor(request, context);
    const { question } = await readJson(request, assistantQuestionSchema);
    return json(await askAssistant(ctx, question));
  },
});

export const loader = api.loader;
export const action = api.action;
