import { z } from "zod";
import {
  activityLimitSchema,
  adminExportQuerySchema,
  pageNumberSchema,
  pageVisitSchema,
  userActivitySchema,
} from "~/domain/crm";
import type { ApiOperation } from "./operation";

/** The product's own analytics: what browsers report, and what administrators read. */
export const adminOperations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/admin/crm-summary",
    tag: "Admin",
    summary: "The conversion funnel and user activity",
    auth: "admin",
    responseDescription: "`{conversionFunnel: {visitors, signups, dashboardVisits, taskCreators}, userActivities}`.",
  },
  {
    method: "get",
    path: "/api/admin/demo-signups",
    tag: "Admin",
    summary: "Demo signups, newest first, 20 a page",
    auth: "admin",
    // The route validates the one parameter alone (`searchParams.get("page")`, null when absent).
    query: z.object({ page: pageNumberSchema.optional() }),
    responseDescription: "`{signups, page, pageSize, total, totalPages}`.",
  },
  {
    method: "get",
    path: "/api/admin/user-activities",
    tag: "Admin",
    summary: "The latest activity records, newest first",
    description: "`limit` 1–100, 20 by default.",
    auth: "admin",
    query: z.object({ limit: activityLimitSchema.optional() }),
    responseDescription: "`{activities}`.",
  },
  {
    method: "get",
    path: "/api/admin/export-csv",
    tag: "Admin",
    summary: "Every demo signup as CSV",
    auth: "admin",
    query: adminExportQuerySchema,
    responseDescription: "`text/csv`, the download `demo_signups.csv`.",
  },
  {
    method: "post",
    path: "/api/crm/page-visit",
    tag: "Admin",
    summary: "A browser reports a page view",
    description: "Signed-out visitors count too; same-origin only, counted per client address.",
    auth: "public",
    body: pageVisitSchema,
    status: 204,
  },
  {
    method: "post",
    path: "/api/crm/user-activity",
    tag: "Admin",
    summary: "A signed-in browser reports a product event",
    description: "Unknown types are a 400.",
    auth: "session",
    body: userActivitySchema,
    status: 204,
  },
];
