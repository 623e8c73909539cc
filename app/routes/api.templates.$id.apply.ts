import { notFound } from "~/domain/errors";
import { templateApplySchema } from "~/domain/schemas";
import { json, readJson, resource } from "~/http/api.server";
import { requireApiActor } from "~/http/auth.server";
import { applyTemplate, findTemplate } from "~/services/templates.server";

/** `POST /api/templates/{id}/apply {indexes, mode?}`: creates the chosen template tasks; 201 with `{ created, skipped }`. */
const api = resource({
  POST: async ({ request, context, params }) => {
    const ctx = await requireApiActor(request, context);
    const template = findTemplate(params.id ?? "");
    if (!template) throw notFound("Template not found");
    const { indexes, mode } = await readJson(request, templateApplySchema);
    return json(await applyTemplate(ctx, { template, indexes, mode }), { status: 201 });
  },
});

export const loader = api.loader;
export const action = api.action;
