import { shareCreateSchema } from "~/domain/show-live-schemas";
import { json, readJson, resource } from "~/http/api.server";
import { requireApiActor } from "~/http/auth.server";
import { createShare, listShares } from "~/services/show-shares.server";

const api = resource({
  /** `GET /api/show/shares`: the workspace's active crew links (`{shares}`; never their URLs). */
  GET: async ({ request, context }) => {
    const ctx = await requireApiActor(request, context);
    return json({ shares: await listShares(ctx) });
  },
  /** `POST /api/show/shares` `{departments?, label?}`: 201 `{id, url, label, departments, createdAt}`; `url` is shown once. */
  POST: async ({ request, context }) => {
    const ctx = await requireApiActor(request, context);
    const input = await readJson(request, shareCreateSchema);
    return json(await createShare(ctx, { ...input, origin: new URL(request.url).origin }), { status: 201 });
  },
});

export const loader = api.loader;
export const action = api.action;
