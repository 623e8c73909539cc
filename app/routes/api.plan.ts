import { json, resource } from "~/http/api.server";
import { requireApiActor } from "~/http/auth.server";
import { clockGrain, conditionalAnswer, localDay } from "~/http/conditional.server";
import { getPlanOverview } from "~/services/planning.server";

/** The dashboard's planning cards (critical path timeline and top risks); open dashboards reload it live. */
const api = resource({
  GET: async ({ request, context }) => {
    const ctx = await requireApiActor(request, context);
    // The plan of the tasks, dependencies, cues and event settings (the version and the caller's workspace row),
    // scheduled from now: its timeline moves with the clock (reused for a grain) and its due words with the day.
    return conditionalAnswer(ctx, request, [localDay(ctx), clockGrain(ctx)], async () =>
      json(await getPlanOverview(ctx)),
    );
  },
});

export const loader = api.loader;
export const action = api.action;
