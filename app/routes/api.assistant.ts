import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { handleApi, json, notAllowed, readJson } from "~/http/api.server";
import { askAssistant } from "~/services/assistant.server";
import { requireApiAuth } from "~/http/auth.server";
import { taskScope } from "~/http/auth.server";

const questionSchema = z.object({
  question: z
    .string({ required_error: "Ask a question", invalid_type_error: "question must be text" })
    .trim()
    .min(1, "Ask a question")
    .max(500, "Keep the question under 500 characters"),
});

export const loader = () => notAllowed(["POST"]);

export const action = ({ request, context }: ActionFunctionArgs) =>
  handleApi(async () => {
    if (request.method !== "POST") return notAllowed(["POST"]);
    const auth = await requireApiAuth(request, context);
    const { question } = await readJson(request, questionSchema);
    const scope = taskScope(auth, context);
    return json(await askAssistant(scope, question, { ai: context.env.AI }));
  });
