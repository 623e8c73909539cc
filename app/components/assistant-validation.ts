import { parseWithZod } from "@conform-to/zod";
import { assistantQuestionSchema } from "~/domain/schemas";

/**
 * The assistant box's client-side check: the action's schema, loaded when the form is first focused so the
 * dashboard and the tasks page do not load zod and its Conform adapter with the page (app/components/assistant-box.tsx).
 */
export const validateAssistantQuestion = ({ formData }: { formData: FormData }) =>
  parseWithZod(formData, { schema: assistantQuestionSchema });
