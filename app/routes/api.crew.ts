import { crewPersonCreateSchema, crewQuerySchema } from "~/domain/crew";
import { json, readJson, resource, validate } from "~/http/api.server";
import { requireApiActor } from "~/http/auth.server";
import { createCrewPerson, listCrew } from "~/services/crew.server";

const api = resource({
  /**
   * `GET /api/crew?q=&department=`: the directory by name, `{people, departments, total}` (at most 1000 people),
   * filtered by a name part and a department (any case) when asked.
   */
  GET: async ({ request, context }) => {
    const ctx = await requireApiActor(request, context);
    const query = validate(crewQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
    return json(await listCrew(ctx, query));
  },
  /**
   * `POST /api/crew` `{name, role?, department?, company?, phone?, email?, notes?}`: a person added (201); 400 with
   * `fieldErrors` for a bad field or a name already listed, 409 past 1000 people.
   */
  POST: async ({ request, context }) => {
    const ctx = await requireApiActor(request, context);
    const input = await readJson(request, crewPersonCreateSchema);
    return json(await createCrewPerson(ctx, input), { status: 201 });
  },
});

export const loader = api.loader;
export const action = api.action;
