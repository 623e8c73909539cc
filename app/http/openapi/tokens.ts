import { apiTokenCreateSchema } from "~/domain/api-tokens";
import type { ApiOperation } from "./operation";

const SESSION_ONLY =
  "Needs a signed-in session or the demo token: a personal API token cannot list, make or revoke tokens (403).";

/** Personal API tokens (ADR 048): managed from a session; used as `Authorization: Bearer cbt_…`. */
export const tokensOperations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/tokens",
    tag: "Tokens",
    summary: "List your API tokens in this workspace",
    description: SESSION_ONLY,
    auth: "session",
    responseDescription:
      "`{tokens: [{id, name, scope, prefix, createdAt, expiresAt, lastUsedAt}]}`, newest first, at most 50; never the token itself.",
  },
  {
    method: "post",
    path: "/api/tokens",
    tag: "Tokens",
    summary: "Make an API token",
    description: `${SESSION_ONLY} Scopes: \`read\` (GET only), \`read-write\` (what you may do as a member), \`show-control\` (only \`GET\`/\`POST /api/show/live\` with go, back, start or stop; owners only). Give \`expiresInDays\` or \`expiresAt\`, or neither for a token that never expires.`,
    auth: "session",
    body: apiTokenCreateSchema,
    status: 201,
    responseDescription:
      "`{id, name, scope, prefix, createdAt, expiresAt, lastUsedAt, token}`: `token` is shown this once and cannot be read again.",
  },
  {
    method: "delete",
    path: "/api/tokens/{id}",
    tag: "Tokens",
    summary: "Revoke one of your API tokens",
    description: `${SESSION_ONLY} The token answers 401 from then on; another person's or workspace's token id is a 404.`,
    auth: "session",
    status: 204,
    responseDescription: "No content.",
  },
];
