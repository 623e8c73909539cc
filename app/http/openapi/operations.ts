import { accountOperations } from "./account";
import { adminOperations } from "./admin";
import { billingOperations } from "./billing";
import { crewOperations } from "./crew";
import { dashboardOperations } from "./dashboard";
import { importOperations } from "./import";
import type { ApiOperation } from "./operation";
import { showOperations } from "./show";
import { slackOperations } from "./slack";
import { tasksOperations } from "./tasks";
import { tokensOperations } from "./tokens";
import { webhooksOperations } from "./webhooks";
import { workspaceOperations } from "./workspace";

/** Every `/api` operation, area by area (each area's list is beside this file). */
export const apiOperations: ApiOperation[] = [
  ...accountOperations,
  ...tasksOperations,
  ...importOperations,
  ...dashboardOperations,
  ...showOperations,
  ...crewOperations,
  ...workspaceOperations,
  ...slackOperations,
  ...billingOperations,
  ...adminOperations,
  ...tokensOperations,
  ...webhooksOperations,
];
