import { listNameSchema } from "~/domain/schemas";
import type { ListKind } from "~/models/lists";
import { addName, getNames, removeName } from "~/services/lists.server";
import { json, readJson, resource } from "./api.server";
import { requireApiActor } from "./auth.server";

/** `/api/categories` and `/api/statuses` behave alike; both collections' routes are this resource. */
export function listCollectionResource(kind: ListKind) {
  return resource({
    GET: async ({ request, context }) => json(await getNames(await requireApiActor(request, context), kind)),
    POST: async ({ request, context }) => {
      const ctx = await requireApiActor(request, context);
      const { name } = await readJson(request, listNameSchema);
      return json({ name: await addName(ctx, { kind, name }) }, { status: 201 });
    },
  });
}

/** `/api/categories/{name}` and `/api/statuses/{name}`. */
export function listItemResource(kind: ListKind) {
  return resource({
    DELETE: async ({ request, context, params }) => {
      const ctx = await requireApiActor(request, context);
      await removeName(ctx, { kind, name: params.name ?? "" });
      return new Response(null, { status: 204 });
    },
  });
}
