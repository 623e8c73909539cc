import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { eventSettingsSchema } from "~/domain/schemas";
import { handleApi, json, notAllowed, readJson } from "~/http/api.server";
import { requireApiAuth } from "~/http/auth.server";
import { toWorkspaceDto, updateWorkspaceSettings } from "~/services/workspace.server";

/** `GET /api/workspace`: the settings with the workspace's plan and entitlements. `PUT`: change any of eventName, eventDate, eventTime, timezone. */
export const loader = ({ request, context }: LoaderFunctionArgs) =>
  handleApi(async () => {
    const auth = await requireApiAuth(request, context);
    return json(toWorkspaceDto(auth.workspace, auth.plan));
  });

export const action = ({ request, context }: ActionFunctionArgs) =>
  handleApi(async () => {
    if (request.method !== "PUT") return notAllowed(["GET", "PUT"]);
    const auth = await requireApiAuth(request, context);
    const input = await readJson(request, eventSettingsSchema);
    return json(await updateWorkspaceSettings(context.db, auth, input, context.live));
  });
