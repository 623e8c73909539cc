import type { ApiOperation } from "./operation";
import { webhooksOperations } from "./webhooks";

/** Every `/api` operation, area by area (each area's list is beside this file). */
export const apiOperations: ApiOperation[] = [...webhooksOperations];
