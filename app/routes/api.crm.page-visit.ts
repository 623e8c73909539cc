import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { pageVisitSchema } from "~/domain/crm";
import { handleApi, notAllowed, readJson } from "~/http/api.server";
import { clientAddressKey, enforceRateLimit } from "~/lib/rate-limit.server";
import { assertSameOrigin, authenticate } from "~/http/auth.server";
import { recordPageVisit } from "~/services/crm.server";

export const loader = () => notAllowed(["POST"]);

/** A browser reports a page view `{page, sessionId}`: 204. Signed-out visitors count too (the CRM's visitors). */
export const action = ({ request, context }: ActionFunctionArgs) =>
  handleApi(async () => {
    if (request.method !== "POST") return notAllowed(["POST"]);
    assertSameOrigin(request);
    const input = await readJson(request, pageVisitSchema);
    await enforceRateLimit(context.env, "pageVisit", clientAddressKey(request));
    await recordPageVisit(context.db, input, await authenticate(request, context));
    return new Response(null, { status: 204 });
  });
