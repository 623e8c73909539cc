import { LOCAL_ADMIN_EMAIL } from "../../scripts/local-stack.mjs";

/**
 * The test identity provider of the browser tests: Playwright's globalSetup starts it (scripts/identity-provider.mjs,
 * the provider `npm start` runs) and the e2e server is configured for it (scripts/e2e-server.sh).
 */
export const OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? 8850);
export const OIDC_ISSUER = `http://127.0.0.1:${OIDC_PORT}`;
export const OIDC_CLIENT_ID = "cueboard-e2e";
/** A throwaway secret shared by the test provider and the test server only. */
export const OIDC_CLIENT_SECRET = "e2e-client-secret-not-used-anywhere-else";
/** The admin `npm start` names by default, so the tests sign in as the same account a person would. */
export const ADMIN_EMAIL = LOCAL_ADMIN_EMAIL;
