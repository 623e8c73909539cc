import { showDayQuerySchema } from "~/domain/show-schemas";
import { json, resource, validate } from "~/http/api.server";
import { requireApiActor } from "~/http/auth.server";
import { getShowDay } from "~/services/show.server";

const api = resource({
  /**
   * `GET /api/show?day=YYYY-MM-DD`: the day's cues in order with their planned times (UTC), the gaps and overlaps
   * before fixed cues, the planned end, and the event's days. Without `day`, today if it is an event day, else the
   * first show day. `stage` (ADR 037): a stage's sheet (`stageId`), or absent / `none` for the cues on no stage;
   * the answer lists the workspace's `stages` too. An unknown stage id is a 400.
   */
  GET: async ({ request, context }) => {
    const ctx = await requireApiActor(request, context);
    const { day, stage } = validate(showDayQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
    return json(await getShowDay(ctx, { day, stage: stage === "none" ? undefined : stage }));
  },
});

export const loader = api.loader;
export const action = api.action;
