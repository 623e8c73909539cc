import { callUpdateSchema } from "~/domain/crew-calls";
import { json, readJson, resource } from "~/http/api.server";
import { requireApiActor } from "~/http/auth.server";
import { deleteCall, getCall, updateCall } from "~/services/crew-calls.server";

const api = resource({
  /** `GET /api/calls/{id}`: the call; 404 for an unknown id or another workspace's. */
  GET: async ({ request, context, params }) => {
    const ctx = await requireApiActor(request, context);
    return json(await getCall(ctx, params.id!));
  },
  /** `PATCH /api/calls/{id}`: the fields given, checked as a whole call (as `POST /api/calls`). */
  PATCH: async ({ request, context, params }) => {
    const ctx = await requireApiActor(request, context);
    const changes = await readJson(request, callUpdateSchema);
    return json(await updateCall(ctx, { id: params.id!, changes }));
  },
  /** 204. */
  DELETE: async ({ request, context, params }) => {
    const ctx = await requireApiActor(request, context);
    await deleteCall(ctx, params.id!);
    return new Response(null, { status: 204 });
  },
});

export const loader = api.loader;
export const action = api.action;
