import { badRequest } from "~/domain/errors";
import { taskImportSchema } from "~/domain/task-import-schemas";
import { json, readJson, resource } from "~/http/api.server";
import { requireApiActor } from "~/http/auth.server";
import { IMPORT_BODY_MAX_BYTES } from "~/http/uploads.server";
import { importTasks, previewTaskImport, type ImportSource } from "~/services/task-import.server";

/** The body's source as the service reads it: an XLSX file's base64 decoded to bytes. */
function sourceOf(source: (typeof taskImportSchema)["_output"]["source"]): ImportSource {
  if (source.kind !== "xlsx") return source;
  try {
    return { kind: "xlsx", bytes: Uint8Array.from(atob(source.base64.replace(/\s/g, "")), (c) => c.charCodeAt(0)) };
  } catch {
    const message = "The XLSX file must be sent as base64";
    throw badRequest(message, { source: [message] });
  }
}

const api = resource({
  /**
   * `POST /api/tasks/import` `{source, headerRow?, mapping?, dateOrder?, rows?, dryRun?}` (ADR 046): with `dryRun`
   * the preview (guessed header row, mapping and date order, every row with its problems), nothing written;
   * without it the chosen rows' tasks, all or none (201, with `undo.at` for `POST /api/tasks/undo`).
   */
  POST: async ({ request, context }) => {
    const ctx = await requireApiActor(request, context);
    const body = await readJson(request, taskImportSchema, { maxBytes: IMPORT_BODY_MAX_BYTES });
    const input = { ...body, source: sourceOf(body.source) };
    if (body.dryRun) return json((await previewTaskImport(ctx, input)).preview);
    return json(await importTasks(ctx, input), { status: 201 });
  },
});

export const loader = api.loader;
export const action = api.action;
