import { json, resource } from "~/http/api.server";
import { requireApiActor } from "~/http/auth.server";
import { acknowledgeRisk, showRiskAgain } from "~/services/risk-acknowledgements.server";

/** A task's acknowledged risk (ADR 036): hidden from every list of risks until the task changes. */
const api = resource({
  /**
   * `POST /api/risks/{taskId}/acknowledge` (no body): acknowledges the task's risk; answers the task, its reasons,
   * who acknowledged it and when. 404 for a task not in the workspace, 409 for a task not at risk.
   */
  POST: async ({ request, context, params }) => {
    const ctx = await requireApiActor(request, context);
    return json(await acknowledgeRisk(ctx, { taskId: params.taskId! }));
  },
  /** `DELETE /api/risks/{taskId}/acknowledge`: shows the task's risk again; 404 when it is not acknowledged. */
  DELETE: async ({ request, context, params }) => {
    const ctx = await requireApiActor(request, context);
    return json(await showRiskAgain(ctx, { taskId: params.taskId! }));
  },
});

export const loader = api.loader;
export const action = api.action;
