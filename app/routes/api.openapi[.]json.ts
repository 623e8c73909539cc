import { resource } from "~/http/api.server";
import { cachingHeaders, isCurrent, notModified, type Validators } from "~/http/conditional.server";
import { openApiDocument } from "~/http/openapi/document.server";
import { sha256Hex } from "~/lib/crypto";

let validators: Promise<Validators> | undefined;

/** The document's ETag: its bytes' hash (strong, since the same code makes the same bytes), made once per isolate. */
function documentValidators() {
  validators ??= sha256Hex(openApiDocument().text).then((hash) => ({ etag: `"${hash.slice(0, 32)}"` }));
  return validators;
}

/**
 * `GET /api/openapi.json`: the OpenAPI 3.1 document of this API (ADR 047), made from the schemas the routes validate
 * with. Public: it describes the API, it holds no data. Clients revalidate with `If-None-Match` (a 304 until a deploy
 * changes it), as with the app's other reusable answers (app/http/conditional.server.ts).
 */
const api = resource({
  GET: async ({ request }) => {
    const current = await documentValidators();
    if (isCurrent(request, current)) return notModified(current);
    const headers = cachingHeaders(current, { "Content-Type": "application/json" });
    return new Response(openApiDocument().text, { headers });
  },
});

export const loader = api.loader;
export const action = api.action;
