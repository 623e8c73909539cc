import { crewPersonUpdateSchema } from "~/domain/crew";
import { json, readJson, resource } from "~/http/api.server";
import { requireApiActor } from "~/http/auth.server";
import { deleteCrewPerson, getCrewPerson, updateCrewPerson } from "~/services/crew.server";

const api = resource({
  /** `GET /api/crew/{id}`: one person; 404 for an id that is no one in the caller's workspace. */
  GET: async ({ request, context, params }) => {
    const ctx = await requireApiActor(request, context);
    return json(await getCrewPerson(ctx, params.id!));
  },
  /**
   * `PATCH /api/crew/{id}` with any of the fields and `keyContact` (owners only): the person as changed. A member's
   * name follows their account (400 `fieldErrors.name`).
   */
  PATCH: async ({ request, context, params }) => {
    const ctx = await requireApiActor(request, context);
    const input = await readJson(request, crewPersonUpdateSchema);
    return json(await updateCrewPerson(ctx, params.id!, input));
  },
  /** 204; owners only (403); a member's entry is kept (409): they leave the directory by leaving the workspace. */
  DELETE: async ({ request, context, params }) => {
    const ctx = await requireApiActor(request, context);
    await deleteCrewPerson(ctx, params.id!);
    return new Response(null, { status: 204 });
  },
});

export const loader = api.loader;
export const action = api.action;
