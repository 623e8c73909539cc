import { json, resource } from "~/http/api.server";
import { requireApiActor } from "~/http/auth.server";
import { sendTestEvent } from "~/services/webhooks.server";

const api = resource({
  /** `POST /api/webhooks/{id}/test`: sends a `ping` event to this endpoint; 202 `{delivery}`. */
  POST: async ({ request, context, params }) => {
    const ctx = await requireApiActor(request, context);
    return json({ delivery: await sendTestEvent(ctx, params.id!) }, { status: 202 });
  },
});

export const loader = api.loader;
export const action = api.action;
