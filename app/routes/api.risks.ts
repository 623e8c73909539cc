import { taskPageSchema } from "~/domain/schemas";
import { json, resource, validate } from "~/http/api.server";
import { requireApiActor } from "~/http/auth.server";
import { clockGrain, conditionalAnswer, localDay } from "~/http/conditional.server";
import { getRiskReport, RISKS_PAGE_SIZE } from "~/services/planning.server";

const api = resource({
  /** `GET /api/risks?limit=&offset=`: the at-risk tasks, most reasons first, a page of them (50 unless `limit`). */
  GET: async ({ request, context }) => {
    const ctx = await requireApiActor(request, context);
    const { limit, offset } = validate(taskPageSchema, Object.fromEntries(new URL(request.url).searchParams));
    // The plan's risks (as /api/plan): overdue and "due soon" turn with the day, slack is measured from now.
    return conditionalAnswer(ctx, request, [localDay(ctx), clockGrain(ctx)], async () =>
      json(await getRiskReport(ctx, { limit: limit ?? RISKS_PAGE_SIZE, offset })),
    );
  },
});

export const loader = api.loader;
export const action = api.action;
