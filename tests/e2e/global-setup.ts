import { startFakeIdentityProvider } from "../fakes/identity-provider";
import { BASE_URL } from "../../playwright.config";
import { OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_PORT } from "./identity-config";

/** Starts the test identity provider for the whole browser run; Playwright stops it afterwards. */
export default async function globalSetup() {
  const idp = await startFakeIdentityProvider({
    port: OIDC_PORT,
    clientId: OIDC_CLIENT_ID,
    clientSecret: OIDC_CLIENT_SECRET,
    redirectUris: [`${BASE_URL}/auth/callback`],
  });
  return () => idp.close();
}
