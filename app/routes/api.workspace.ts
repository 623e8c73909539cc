import { eventSettingsSchema } from "~/domain/schemas";
import { json, readJson, resource } from "~/http/api.server";
import { requireApiActor } from "~/http/auth.server";
import { toWorkspaceDto, updateWorkspaceSettings } from "~/services/workspace.server";

/** `GET /api/workspace`: the settings with the workspace's plan and entitlements. `PUT`: change any of name, eventName, eventDate, eventTime, eventEndDate, loadInDate, loadOutDate, timezone, assumedEstimateHours. */
const api = resource({
  GET: async ({ request, context }) => {
    const { actor } = await requireApiActor(request, context);
    return json(toWorkspaceDto(actor.workspace, actor.plan));
  },
  PUT: async ({ request, context }) => {
    const ctx = await requireApiActor(request, context);
    const input = await readJson(request, eventSettingsSchema);
    return json(await updateWorkspaceSettings(ctx, input));
  },
});

export const loader = api.loader;
export const action = api.action;
