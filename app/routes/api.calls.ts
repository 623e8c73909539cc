import { callCreateSchema, callsQuerySchema } from "~/domain/crew-calls";
import { json, readJson, resource, validate } from "~/http/api.server";
import { requireApiActor } from "~/http/auth.server";
import { createCall, loadCallsDay } from "~/services/crew-calls.server";

const api = resource({
  /**
   * `GET /api/calls?day=YYYY-MM-DD` (required): the day's calls in call-time order (at most 500), the warnings about
   * them (double calls, cues without a call, calls outside the event, long days, short rest before or after the
   * day; at most 200), the day's cues beside them, and the event's days.
   */
  GET: async ({ request, context }) => {
    const ctx = await requireApiActor(request, context);
    const { day } = validate(callsQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
    const { day: shown, days, calls, warnings, cues, rules } = await loadCallsDay(ctx, day);
    return json({ day: shown, days, calls, warnings, cues, rules });
  },
  /**
   * `POST /api/calls` `{day, personId | department, start, end?, location?, stageId?, notes?}`: 201 with the call;
   * 400 with `fieldErrors` for an end not after the start, a day outside the event, an unknown person or stage; 409
   * when the day already holds 500 calls.
   */
  POST: async ({ request, context }) => {
    const ctx = await requireApiActor(request, context);
    const input = await readJson(request, callCreateSchema);
    return json(await createCall(ctx, input), { status: 201 });
  },
});

export const loader = api.loader;
export const action = api.action;
