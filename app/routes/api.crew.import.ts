import { CREW_CSV_MAX_BYTES } from "~/domain/crew";
import { AppError } from "~/domain/errors";
import { json, readCapped, resource } from "~/http/api.server";
import { requireApiActor } from "~/http/auth.server";
import { importCrewCsv } from "~/services/crew.server";

const api = resource({
  /**
   * `POST /api/crew/import` with a `text/csv` body (columns name, role, department, company, phone, email, notes in
   * any case and order; name required): `{added, filled, unchanged, names}` (201), or a 400 whose `fieldErrors.csv`
   * names every bad line; nothing is imported then. A name already listed only has its blank fields filled in.
   */
  POST: async ({ request, context }) => {
    const ctx = await requireApiActor(request, context);
    const type = request.headers.get("content-type") ?? "";
    if (!/^text\/(csv|plain)\b/i.test(type)) {
      throw new AppError("unsupported_media_type", "Send the file as CSV (Content-Type: text/csv)");
    }
    const csv = await readCapped(request, CREW_CSV_MAX_BYTES);
    return json(await importCrewCsv(ctx, { csv }), { status: 201 });
  },
});

export const loader = api.loader;
export const action = api.action;
