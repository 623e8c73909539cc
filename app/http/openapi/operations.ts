import { importOperations } from "./import";
import type { ApiOperation } from "./operation";

/** Every `/api` operation, area by area (each area's list is beside this file). */
export const apiOperations: ApiOperation[] = [...importOperations];
