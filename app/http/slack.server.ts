import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { AppError } from "~/domain/errors";
import { verifySlackSignature } from "~/integrations/slack/signature";
import { openInstallation, readSlackRequest, type SlackEndpoint, type SlackReply } from "~/services/slack/router.server";
import { json, MAX_BODY_BYTES, readCapped } from "./api.server";

const UNVERIFIED = "Slack request verification failed";

function toResponse(reply: SlackReply) {
  if ("text" in reply) return new Response(reply.text, { headers: { "content-type": "text/plain" } });
  return reply.json === undefined ? new Response(null, { status: 200 }) : json(reply.json);
}

/**
 * The edge of every Slack endpoint (a `resource` handler): read the raw body (64 KB cap), find the installation
 * the request names, verify Slack's signature over the raw body with that app's signing secret (401 otherwise),
 * then let the service dispatch; it answers at once and leaves slow work to `waitUntil`.
 */
export const slackEndpoint =
  (endpoint: SlackEndpoint) =>
  async ({ request, context }: ActionFunctionArgs) => {
    const url = new URL(request.url);
    const raw = await readCapped(request, MAX_BODY_BYTES);
    const incoming = readSlackRequest(endpoint, raw, url.searchParams.get("workspace"));
    if ("early" in incoming) return toResponse(incoming.early);
    const found = await openInstallation(context, incoming.locate, url.origin);
    const verified =
      found !== null &&
      (await verifySlackSignature({
        signingSecret: found.signingSecret,
        timestamp: request.headers.get("x-slack-request-timestamp"),
        signature: request.headers.get("x-slack-signature"),
        rawBody: raw,
        now: context.now,
      }));
    if (!found || !verified) throw new AppError("unauthenticated", UNVERIFIED);
    return toResponse(await incoming.dispatch(found.ctx));
  };
