import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { digestSettingsSchema } from "~/domain/slack-schemas";
import { handleApi, json, notAllowed, readJson } from "~/http/api.server";
import { requireApiAuth } from "~/http/auth.server";
import { digestSettingsOf, updateDigestSettings } from "~/services/slack/digest.server";

export const loader = ({ request, context }: LoaderFunctionArgs) =>
  handleApi(async () => json(digestSettingsOf((await requireApiAuth(request, context)).workspace)));

export const action = ({ request, context }: ActionFunctionArgs) =>
  handleApi(async () => {
    if (request.method !== "PUT") return notAllowed(["GET", "PUT"]);
    const auth = await requireApiAuth(request, context);
    const input = await readJson(request, digestSettingsSchema);
    return json(await updateDigestSettings(context.db, auth, input));
  });
