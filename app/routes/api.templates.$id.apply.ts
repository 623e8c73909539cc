import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { notFound } from "~/domain/errors";
import { templateApplySchema } from "~/domain/schemas";
import { handleApi, json, notAllowed, readJson } from "~/http/api.server";
import { requireApiAuth } from "~/http/auth.server";
import { applyTemplate, findTemplate } from "~/services/templates.server";
import { taskScope } from "~/http/auth.server";

/** `POST /api/templates/{id}/apply {indexes}`: creates the chosen template tasks; 201 with `{ created, skipped }`. */
export const loader = () => notAllowed(["POST"]);

export const action = ({ request, context, params }: ActionFunctionArgs) =>
  handleApi(async () => {
    if (request.method !== "POST") return notAllowed(["POST"]);
    const auth = await requireApiAuth(request, context);
    const template = findTemplate(params.id ?? "");
    if (!template) throw notFound("Template not found");
    const { indexes } = await readJson(request, templateApplySchema);
    return json(await applyTemplate(taskScope(auth, context), template, indexes), { status: 201 });
  });
