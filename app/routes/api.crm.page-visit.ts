import { pageVisitSchema } from "~/domain/crm";
import { readJson, resource } from "~/http/api.server";
import { assertSameOrigin, authenticate } from "~/http/auth.server";
import { clientAddressKey, enforceRateLimit } from "~/lib/rate-limit.server";
import { recordPageVisit } from "~/services/crm.server";

const api = resource({
  /** A browser reports a page view `{page, sessionId}`: 204. Signed-out visitors count too (the CRM's visitors). */
  POST: async ({ request, context }) => {
    assertSameOrigin(request);
    const input = await readJson(request, pageVisitSchema);
    await enforceRateLimit(context.env, "pageVisit", clientAddressKey(request));
    const auth = await authenticate(request, context);
    await recordPageVisit(context, { ...input, userId: auth?.user.id ?? null });
    return new Response(null, { status: 204 });
  },
});

export const loader = api.loader;
export const action = api.action;
