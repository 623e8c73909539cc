/**
 * The test identity provider is the local one `npm start` and `npm run dev` run (scripts/identity-provider.mjs, a
 * real `oidc-provider` on 127.0.0.1): its sign-in page takes a name (optional) and an email; the name defaults to
 * the email's local part capitalised, and emails starting with `unverified` / `unclaimed` come with
 * `email_verified: false` / no such claim.
 */
export {
  startIdentityProvider as startFakeIdentityProvider,
  type IdentityProvider as FakeIdentityProvider,
  type IdentityProviderOptions as FakeIdentityProviderOptions,
} from "../../scripts/identity-provider.mjs";
