import { json, resource } from "~/http/api.server";
import { requireApiActor } from "~/http/auth.server";
import { resendDelivery } from "~/services/webhooks.server";

const api = resource({
  /** `POST /api/webhooks/{id}/deliveries/{deliveryId}/resend`: 202 `{delivery}`, a new delivery of the same event. */
  POST: async ({ request, context, params }) => {
    const ctx = await requireApiActor(request, context);
    return json({ delivery: await resendDelivery(ctx, params.id!, params.deliveryId!) }, { status: 202 });
  },
});

export const loader = api.loader;
export const action = api.action;
