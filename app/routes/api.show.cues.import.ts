import { AppError } from "~/domain/errors";
import { showDayQuerySchema } from "~/domain/show-schemas";
import { json, readCapped, resource, validate } from "~/http/api.server";
import { requireApiActor } from "~/http/auth.server";
import { importCuesCsv, showDaysOf } from "~/services/show.server";

/** A day's CSV is a few KB; 200 long rows stay well under this. */
const CUE_CSV_MAX_BYTES = 256 * 1024;

const api = resource({
  /**
   * `POST /api/show/cues/import?day=&stage=` with a `text/csv` body: the rows as cues at the end of their sheets (a
   * row's `stage` column, else `stage`, else the cues on no stage) (201), or a 400 whose `fieldErrors.csv` names
   * every bad line (an unknown stage name among them); nothing is imported then.
   */
  POST: async ({ request, context }) => {
    const ctx = await requireApiActor(request, context);
    const query = validate(showDayQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
    const type = request.headers.get("content-type") ?? "";
    if (!/^text\/(csv|plain)\b/i.test(type)) {
      throw new AppError("unsupported_media_type", "Send the file as CSV (Content-Type: text/csv)");
    }
    const csv = await readCapped(request, CUE_CSV_MAX_BYTES);
    const day = query.day ?? showDaysOf(ctx, ctx.actor.workspace).defaultDay;
    const stageId = query.stage && query.stage !== "none" ? query.stage : null;
    return json(await importCuesCsv(ctx, { day, stageId, csv }), { status: 201 });
  },
});

export const loader = api.loader;
export const action = api.action;
