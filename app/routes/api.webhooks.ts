import { webhookCreateSchema } from "~/domain/webhooks";
import { json, readJson, resource } from "~/http/api.server";
import { requireApiActor } from "~/http/auth.server";
import { createWebhook, listWebhooks } from "~/services/webhooks.server";

const api = resource({
  /** `GET /api/webhooks`: the workspace's endpoints (`{webhooks}`, at most 10, never their secrets). Owners only. */
  GET: async ({ request, context }) => {
    const ctx = await requireApiActor(request, context);
    return json({ webhooks: await listWebhooks(ctx) });
  },
  /** `POST /api/webhooks` `{url, events, description?}`: 201 `{webhook, secret}`; the secret is shown this once. */
  POST: async ({ request, context }) => {
    const ctx = await requireApiActor(request, context);
    const input = await readJson(request, webhookCreateSchema);
    const { endpoint, secret } = await createWebhook(ctx, input);
    return json({ webhook: endpoint, secret }, { status: 201 });
  },
});

export const loader = api.loader;
export const action = api.action;
