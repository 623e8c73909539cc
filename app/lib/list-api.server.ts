import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { listNameSchema } from "~/domain/schemas";
import type { ListKind } from "~/models/lists";
import { addName, getNames, removeName } from "~/services/lists.server";
import { requireApiAuth } from "~/http/auth.server";
import { handleApi, json, notAllowed, readJson } from "~/http/api.server";

/** `/api/categories` and `/api/statuses` behave alike; both route modules are built here. */
export function listCollectionRoute(kind: ListKind) {
  return {
    loader: ({ request, context }: LoaderFunctionArgs) =>
      handleApi(async () => {
        const auth = await requireApiAuth(request, context);
        return json(await getNames(context.db, auth.workspace.id, kind));
      }),
    action: ({ request, context }: ActionFunctionArgs) =>
      handleApi(async () => {
        if (request.method !== "POST") return notAllowed(["GET", "POST"]);
        const auth = await requireApiAuth(request, context);
        const { name } = await readJson(request, listNameSchema);
        return json({ name: await addName(context.db, auth.workspace.id, kind, name, auth.plan, new Date()) }, { status: 201 });
      }),
  };
}

export function listItemRoute(kind: ListKind) {
  return {
    loader: () => notAllowed(["DELETE"]),
    action: ({ request, context, params }: ActionFunctionArgs) =>
      handleApi(async () => {
        if (request.method !== "DELETE") return notAllowed(["DELETE"]);
        const auth = await requireApiAuth(request, context);
        await removeName(context.db, auth.workspace.id, kind, params.name ?? "");
        return new Response(null, { status: 204 });
      }),
  };
}
