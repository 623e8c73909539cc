import { resource } from "~/http/api.server";
import { requireApiActor } from "~/http/auth.server";
import { fileResponse } from "~/http/downloads.server";
import { openFile, removeFile } from "~/services/task-files.server";

/**
 * One file (ADR 039). `GET` downloads it, authorised for the caller's workspace on every request: always as an
 * attachment, except a png, jpeg, gif or webp image asked for with `?inline=1` (thumbnails); `nosniff` and a sandbox
 * policy on every answer; a copy still current is a 304. `DELETE` removes it for good: 204.
 */
const api = resource({
  GET: async ({ request, context, params }) => {
    const ctx = await requireApiActor(request, context);
    const { file, object } = await openFile(ctx, params.id!, request.headers);
    return fileResponse(file, object, new URL(request.url).searchParams.get("inline") === "1");
  },
  DELETE: async ({ request, context, params }) => {
    await removeFile(await requireApiActor(request, context), params.id!);
    return new Response(null, { status: 204 });
  },
});

export const loader = api.loader;
export const action = api.action;
