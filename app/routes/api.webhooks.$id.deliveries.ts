import { deliveryListQuerySchema } from "~/domain/webhooks";
import { json, resource, validate } from "~/http/api.server";
import { requireApiActor } from "~/http/auth.server";
import { listWebhookDeliveries } from "~/services/webhooks.server";

const api = resource({
  /** `GET /api/webhooks/{id}/deliveries?limit=`: the endpoint's newest deliveries first (`{deliveries}`, ≤ 100). */
  GET: async ({ request, context, params }) => {
    const ctx = await requireApiActor(request, context);
    const query = validate(deliveryListQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
    return json({ deliveries: await listWebhookDeliveries(ctx, params.id!, query.limit) });
  },
});

export const loader = api.loader;
export const action = api.action;
