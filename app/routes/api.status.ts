import { json, resource } from "~/http/api.server";
import { requireApiActor } from "~/http/auth.server";
import { conditionalAnswer, localDay } from "~/http/conditional.server";
import { getTaskStats } from "~/services/task-queries.server";

const api = resource({
  /** `GET /api/status`: the current workspace's task counts. */
  GET: async ({ request, context }) => {
    const ctx = await requireApiActor(request, context);
    // Counts of the tasks (the version); overdue, due today and the days to the event turn at local midnight.
    return conditionalAnswer(ctx, request, [localDay(ctx)], async () => json(await getTaskStats(ctx)));
  },
});

export const loader = api.loader;
export const action = api.action;
