import { Authenticator } from "remix-auth";
import { OAuth2RequestError, OAuth2Strategy } from "remix-auth-oauth2";
import {
  discover,
  SignInError,
  verifiedProfile,
  type IdentityProfile,
  type OidcConfig,
  type ProviderMetadata,
} from "~/integrations/identity/oidc";
import { newToken } from "~/lib/crypto";
import { cookieNames, clearCookie, isSecureFor, readCookie, setCookie, type CookieName } from "./cookies.server";

/**
 * The browser's side of signing in with the OpenID Connect provider: authorization code with PKCE (S256), state
 * and nonce. The start redirects to the provider with the cookies the callback needs; the callback checks them and
 * hands the provider's answer to the integration to verify.
 */

const CALLBACK_PATH = "/auth/callback";
const SCOPES = ["openid", "email", "profile"];
/** Time allowed between leaving for the provider and coming back. */
const LOGIN_SECONDS = 600;
/** remix-auth-oauth2 keeps state and PKCE verifier in `cb_oidc:<id>` cookies, one per attempt (tabs). */
const STATE_COOKIE = "cb_oidc";
/** Ours, one per attempt too: the nonce and where to go afterwards, named by the attempt's state. */
const LOGIN_COOKIE_PREFIX = "cb_login_";

const loginCookie = (state: string): CookieName => `${LOGIN_COOKIE_PREFIX}${state}`;

/** remix-auth-oauth2 has no nonce; this strategy adds one to the authorization request. */
class OidcStrategy extends OAuth2Strategy<IdentityProfile> {
  override name = "oidc";
  constructor(
    options: OAuth2Strategy.ConstructorOptions,
    private readonly nonce: string,
    verify: (params: OAuth2Strategy.VerifyOptions) => Promise<IdentityProfile>,
  ) {
    super(options, verify);
  }

  protected override authorizationParams(params: URLSearchParams) {
    const next = new URLSearchParams(params);
    next.set("nonce", this.nonce);
    return next;
  }
}

function authenticatorFor(config: OidcConfig, metadata: ProviderMetadata, request: Request, nonce: string) {
  const strategy = new OidcStrategy(
    {
      clientId: config.clientId,
      clientSecret: config.clientSecret,
      authorizationEndpoint: metadata.authorization_endpoint,
      tokenEndpoint: metadata.token_endpoint,
      redirectURI: `${new URL(request.url).origin}${CALLBACK_PATH}`,
      scopes: SCOPES,
      // The strategy writes its own state cookie: HttpOnly and SameSite=Lax are its defaults, Secure is our rule.
      cookie: {
        name: STATE_COOKIE,
        path: CALLBACK_PATH,
        maxAge: LOGIN_SECONDS,
        ...(isSecureFor(request) ? { secure: true } : {}),
      },
    },
    nonce,
    ({ tokens }) => verifiedProfile(config, metadata, nonce, tokens.accessToken(), tokens.idToken()),
  );
  return new Authenticator<IdentityProfile>().use(strategy);
}

/**
 * The redirect to the provider's sign-in page, with the cookies that let the callback finish it. `redirectTo`
 * must already be a safe same-origin path.
 */
export async function startSignIn(request: Request, config: OidcConfig, redirectTo: string): Promise<Response> {
  const metadata = await discover(config.issuer);
  const nonce = newToken();
  // The strategy reads `state` from the URL to tell a callback from a start: hand it a URL without a query.
  const start = new Request(`${new URL(request.url).origin}/api/login`, { headers: request.headers });
  try {
    await authenticatorFor(config, metadata, request, nonce).authenticate("oidc", start);
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    const location = thrown.headers.get("Location");
    const state = location ? new URL(location).searchParams.get("state") : null;
    if (!state) throw new SignInError("failed", "no_authorization_url");
    const value = new URLSearchParams({ nonce, redirect: redirectTo }).toString();
    thrown.headers.append(
      "Set-Cookie",
      setCookie(request, loginCookie(state), value, LOGIN_SECONDS, { path: CALLBACK_PATH, encoded: true }),
    );
    thrown.headers.set("Cache-Control", "no-store");
    return thrown;
  }
  throw new SignInError("failed", "no_redirect");
}

/** Clears every sign-in attempt cookie the browser sent: after a callback, pending attempts are moot. */
export function clearSignInCookies(request: Request) {
  return cookieNames(request)
    .filter((name): name is CookieName => name.startsWith(`${STATE_COOKIE}:`) || name.startsWith(LOGIN_COOKIE_PREFIX))
    .map((name) => clearCookie(request, name, CALLBACK_PATH));
}

/**
 * Finishes the sign-in at the callback: the state must match one this browser started, the code is exchanged
 * (with the PKCE verifier) and the provider's answer verified (app/integrations/identity/oidc.ts). Returns the
 * profile and where to go next.
 */
export async function finishSignIn(request: Request, config: OidcConfig) {
  const state = new URL(request.url).searchParams.get("state");
  const saved = state && /^[A-Za-z0-9_-]{1,100}$/.test(state) ? readCookie(request, loginCookie(state)) : null;
  if (!saved) throw new SignInError("expired", "state_unknown");
  const login = new URLSearchParams(saved);
  const nonce = login.get("nonce");
  if (!nonce) throw new SignInError("expired", "nonce_missing");
  const metadata = await discover(config.issuer);
  try {
    const profile = await authenticatorFor(config, metadata, request, nonce).authenticate("oidc", request);
    return { profile, redirectTo: login.get("redirect") };
  } catch (error) {
    if (error instanceof SignInError) throw error;
    if (error instanceof OAuth2RequestError) {
      // Its code comes from the callback's URL or the provider's answer: anyone can write it, so it is not logged.
      if (error.code === "access_denied") throw new SignInError("cancelled", "provider_denied");
      throw new SignInError("failed", "provider_error");
    }
    if (error instanceof ReferenceError || error instanceof RangeError) {
      // remix-auth-oauth2: state cookie missing or not matching, or no code in the URL.
      throw new SignInError("expired", "state_mismatch");
    }
    // Unexpected (a network failure, a malformed answer): the log gets its class and code, never its message.
    throw new SignInError("failed", undefined, { cause: error });
  }
}
