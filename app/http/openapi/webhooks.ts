import { deliveryListQuerySchema, webhookCreateSchema, webhookUpdateSchema } from "~/domain/webhooks";
import type { ApiOperation } from "./operation";

const SIGNING = "Deliveries are signed: see docs/webhooks.md for the `Cueboard-Signature` header and how to verify it.";

/** Signed webhooks (ADR 049): owners manage a workspace's endpoints and read their delivery logs. */
export const webhooksOperations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/webhooks",
    tag: "Webhooks",
    summary: "List the workspace's webhook endpoints",
    auth: "owner",
    responseDescription: "`{webhooks}`: at most 10 endpoints, oldest first, without their secrets.",
  },
  {
    method: "post",
    path: "/api/webhooks",
    tag: "Webhooks",
    summary: "Add a webhook endpoint",
    description: `HTTPS only, to a public address. The signing secret is in this answer only. ${SIGNING}`,
    auth: "owner",
    body: webhookCreateSchema,
    status: 201,
    responseDescription: "`{webhook, secret}`; `secret` (`whsec_…`) is never shown again.",
  },
  {
    method: "get",
    path: "/api/webhooks/{id}",
    tag: "Webhooks",
    summary: "Read one webhook endpoint",
    auth: "owner",
    responseDescription: "`{webhook}`",
  },
  {
    method: "patch",
    path: "/api/webhooks/{id}",
    tag: "Webhooks",
    summary: "Change a webhook endpoint, or switch it off and on",
    description: "`enabled: true` turns a switched-off endpoint back on and forgets its failures.",
    auth: "owner",
    body: webhookUpdateSchema,
    responseDescription: "`{webhook}` as it is now.",
  },
  {
    method: "delete",
    path: "/api/webhooks/{id}",
    tag: "Webhooks",
    summary: "Delete a webhook endpoint and its delivery log",
    auth: "owner",
    status: 204,
    responseDescription: "No content.",
  },
  {
    method: "get",
    path: "/api/webhooks/{id}/deliveries",
    tag: "Webhooks",
    summary: "An endpoint's delivery log, newest first",
    description: "The newest 100 deliveries per endpoint are kept.",
    auth: "owner",
    query: deliveryListQuerySchema,
    responseDescription:
      "`{deliveries}`: event, status (pending, succeeded, failed), attempts, last status code and error.",
  },
  {
    method: "post",
    path: "/api/webhooks/{id}/deliveries/{deliveryId}/resend",
    tag: "Webhooks",
    summary: "Send a delivery's event again",
    description: "A new delivery with the same event id and body, so a receiver can tell it is a repeat.",
    auth: "owner",
    status: 202,
    responseDescription: "`{delivery}`, queued.",
  },
  {
    method: "post",
    path: "/api/webhooks/{id}/test",
    tag: "Webhooks",
    summary: "Send a test event (`ping`) to an endpoint",
    auth: "owner",
    status: 202,
    responseDescription: "`{delivery}`, queued.",
  },
];
