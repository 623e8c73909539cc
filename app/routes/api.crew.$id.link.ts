import { json, resource } from "~/http/api.server";
import { requireApiActor } from "~/http/auth.server";
import { createCrewLink, getCrewLinkStatus, revokeCrewLink } from "~/services/crew-links.server";

const api = resource({
  /** `GET /api/crew/{id}/link` (owners): `{person, link}`, the active link's dates or null (never its URL). */
  GET: async ({ request, context, params }) => {
    const ctx = await requireApiActor(request, context);
    return json(await getCrewLinkStatus(ctx, { personId: params.id! }));
  },
  /**
   * `POST /api/crew/{id}/link` (owners): 201 `{id, personId, url, createdAt}`; `url` is shown once. The person's
   * previous link stops working.
   */
  POST: async ({ request, context, params }) => {
    const ctx = await requireApiActor(request, context);
    const origin = new URL(request.url).origin;
    return json(await createCrewLink(ctx, { personId: params.id!, origin }), { status: 201 });
  },
  /** `DELETE /api/crew/{id}/link` (owners): revokes the person's link (404 from now on, its pages close); 204. */
  DELETE: async ({ request, context, params }) => {
    const ctx = await requireApiActor(request, context);
    await revokeCrewLink(ctx, { personId: params.id! });
    return new Response(null, { status: 204 });
  },
});

export const loader = api.loader;
export const action = api.action;
