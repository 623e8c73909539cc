import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { slackCredentialsSchema } from "~/domain/slack-schemas";
import { handleApi, json, notAllowed, readJson } from "~/http/api.server";
import { requireApiAuth } from "~/http/auth.server";
import { saveSlackCredentials } from "~/services/slack/setup.server";

export const loader = () => notAllowed(["POST"]);

export const action = ({ request, context }: ActionFunctionArgs) =>
  handleApi(async () => {
    if (request.method !== "POST") return notAllowed(["POST"]);
    const auth = await requireApiAuth(request, context);
    const input = await readJson(request, slackCredentialsSchema);
    return json(await saveSlackCredentials(context, auth, input));
  });
