import { apiTokenCreateSchema } from "~/domain/api-tokens";
import { json, readJson, resource } from "~/http/api.server";
import { requireApiActor } from "~/http/auth.server";
import { createApiToken, listMyApiTokens } from "~/services/api-tokens.server";

const api = resource({
  /**
   * `GET /api/tokens`: the caller's personal API tokens in the current workspace (`{tokens}`: id, name, scope, prefix,
   * createdAt, expiresAt, lastUsedAt; never the token). A session only: an API token is refused (ADR 048).
   */
  GET: async ({ request, context }) => {
    const ctx = await requireApiActor(request, context);
    return json({ tokens: await listMyApiTokens(ctx) });
  },
  /**
   * `POST /api/tokens` `{name, scope, expiresInDays? | expiresAt?}`: 201 with the token's row and `token`, shown this
   * once. Show-control tokens are owners' only; at most 50 tokens per person and workspace.
   */
  POST: async ({ request, context }) => {
    const ctx = await requireApiActor(request, context);
    const input = await readJson(request, apiTokenCreateSchema);
    return json(await createApiToken(ctx, input), { status: 201 });
  },
});

export const loader = api.loader;
export const action = api.action;
