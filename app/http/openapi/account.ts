import { healthResponseSchema } from "~/domain/api-responses";
import { demoSignupSchema } from "~/domain/schemas";
import type { ApiOperation } from "./operation";

/** Signing in and out, demo accounts, the caller, and the API's own description and health. */
export const accountOperations: ApiOperation[] = [
  {
    method: "post",
    path: "/api/demo/signup",
    tag: "Account",
    summary: "Make a demo account",
    description: "Counted per client address (429 past the limit). Sets the session cookie too.",
    auth: "public",
    body: demoSignupSchema,
    status: 201,
    responseDescription: "`{token, user}`: `token` is the `x-demo-token`, shown once.",
  },
  {
    method: "get",
    path: "/api/auth/user",
    tag: "Account",
    summary: "The signed-in user",
    description: "With the Slack user linked to them here.",
    auth: "session",
    responseDescription: "The user.",
  },
  {
    method: "get",
    path: "/api/login",
    tag: "Account",
    summary: "Sign in (a browser navigation)",
    description:
      "Off to the identity provider, then back to `?redirect=` when it is a same-origin path (else the " +
      "dashboard). A page answers 503 when sign-in is not configured, 429 past the abuse limit.",
    auth: "public",
    status: 302,
    responseDescription: "A redirect to the identity provider.",
  },
  {
    method: "get",
    path: "/api/logout",
    tag: "Account",
    summary: "Sign out (a browser navigation)",
    description: "Ends the session, clears the cookie and goes to `/`.",
    auth: "public",
    status: 302,
    responseDescription: "A redirect to `/`.",
  },
  {
    method: "get",
    path: "/api/health",
    tag: "Account",
    summary: "Liveness check",
    auth: "public",
    response: healthResponseSchema,
  },
  {
    method: "get",
    path: "/api/openapi.json",
    tag: "Account",
    summary: "This document",
    description: "OpenAPI 3.1, made from the schemas the routes validate with. A current copy is a 304.",
    auth: "public",
    responseDescription: "The OpenAPI document.",
  },
];
