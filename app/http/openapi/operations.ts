import type { ApiOperation } from "./operation";
import { tokensOperations } from "./tokens";

/** Every `/api` operation, area by area (each area's list is beside this file). */
export const apiOperations: ApiOperation[] = [...tokensOperations];
