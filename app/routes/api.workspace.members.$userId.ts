import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { memberRemoveSchema, memberRoleSchema } from "~/domain/teams";
import { handleApi, json, notAllowed, readJson } from "~/http/api.server";
import { requireApiAuth } from "~/http/auth.server";
import { changeMemberRole, removeMember } from "~/services/teams.server";

const ALLOWED = ["PATCH", "DELETE"];

/**
 * `PATCH /api/workspace/members/{userId}` `{role}` and `DELETE` `{reassignTo?}` (owners only): change a role, or
 * remove someone, handing their tasks to another member or leaving them unassigned.
 */
export const action = ({ request, context, params }: ActionFunctionArgs) =>
  handleApi(async () => {
    if (!ALLOWED.includes(request.method)) return notAllowed(ALLOWED);
    const auth = await requireApiAuth(request, context);
    if (request.method === "PATCH") {
      const { role } = await readJson(request, memberRoleSchema);
      return json(await changeMemberRole(context.db, auth, params.userId!, role));
    }
    const { reassignTo } = await readJson(request, memberRemoveSchema);
    return json(await removeMember(context.db, auth, params.userId!, reassignTo, context.live));
  });

export const loader = () => notAllowed(ALLOWED);
