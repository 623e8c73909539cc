import type { TestProject } from "vitest/node";
import { startFakeIdentityProvider } from "../fakes/identity-provider";
import { startFakeSlackApi } from "../fakes/slack-api";

declare module "vitest" {
  export interface ProvidedContext {
    /** Base URL of the fake Slack server (tests/fakes/slack-api.ts). */
    slackFakeUrl: string;
    /** The test identity provider (tests/fakes/identity-provider.ts) and this app's client at it. */
    oidc: { issuer: string; clientId: string; clientSecret: string };
  }
}

/**
 * Starts the fake Slack Web API and the test identity provider once for the Workers tests; their addresses
 * reach the Worker as SLACK_API_URL and OIDC_ISSUER.
 */
export default async function setup(project: TestProject) {
  const fake = await startFakeSlackApi();
  project.provide("slackFakeUrl", fake.url);
  const idp = await startFakeIdentityProvider({ redirectUris: ["http://localhost/auth/callback"] });
  project.provide("oidc", { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret });
  return async () => {
    await fake.close();
    await idp.close();
  };
}
