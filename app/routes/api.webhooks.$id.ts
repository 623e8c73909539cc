import { webhookUpdateSchema } from "~/domain/webhooks";
import { json, readJson, resource } from "~/http/api.server";
import { requireApiActor } from "~/http/auth.server";
import { deleteWebhook, getWebhook, updateWebhook } from "~/services/webhooks.server";

const api = resource({
  /** `GET /api/webhooks/{id}`: one endpoint (`{webhook}`). Owners only; another workspace's id is a 404. */
  GET: async ({ request, context, params }) => {
    const ctx = await requireApiActor(request, context);
    return json({ webhook: await getWebhook(ctx, params.id!) });
  },
  /** `PATCH /api/webhooks/{id}` `{url?, events?, description?, enabled?}`: the endpoint as it is now. */
  PATCH: async ({ request, context, params }) => {
    const ctx = await requireApiActor(request, context);
    const input = await readJson(request, webhookUpdateSchema);
    return json({ webhook: await updateWebhook(ctx, params.id!, input) });
  },
  /** `DELETE /api/webhooks/{id}`: the endpoint and its delivery log; 204. */
  DELETE: async ({ request, context, params }) => {
    const ctx = await requireApiActor(request, context);
    await deleteWebhook(ctx, params.id!);
    return new Response(null, { status: 204 });
  },
});

export const loader = api.loader;
export const action = api.action;
