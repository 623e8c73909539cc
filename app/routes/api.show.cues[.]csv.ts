import { showDayQuerySchema } from "~/domain/show-schemas";
import { resource, validate } from "~/http/api.server";
import { requireApiActor } from "~/http/auth.server";
import { exportCuesCsv, showDaysOf } from "~/services/show.server";

const api = resource({
  /**
   * `GET /api/show/cues.csv?day=&stage=`: the day's cues as CSV (title, start, duration, timing, department, owner,
   * notes, stage): every sheet, or with `stage` one stage's (`none`: the cues on no stage).
   */
  GET: async ({ request, context }) => {
    const ctx = await requireApiActor(request, context);
    const query = validate(showDayQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
    const day = query.day ?? showDaysOf(ctx, ctx.actor.workspace).defaultDay;
    return new Response(await exportCuesCsv(ctx, { day, stage: query.stage }), {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="run-of-show-${day}.csv"`,
        "Cache-Control": "no-store",
      },
    });
  },
});

export const loader = api.loader;
export const action = api.action;
