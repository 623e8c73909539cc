import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from "jose";
import { Authenticator } from "remix-auth";
import { OAuth2RequestError, OAuth2Strategy } from "remix-auth-oauth2";
import { newToken } from "~/lib/crypto";

/** Sign-in with a hosted OpenID Connect provider: authorization code with PKCE (S256), state and nonce. */

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** Who signed in, as the provider vouches for them (ID token subject, userinfo name and email). */
export interface IdentityProfile {
  issuer: string;
  subject: string;
  name: string;
  email: string;
  emailVerified: boolean;
}

export type SignInFailure = "cancelled" | "expired" | "failed";

/** A sign-in that cannot finish; `reason` picks what the person is told, the message goes to the log. */
export class SignInError extends Error {
  constructor(readonly reason: SignInFailure, message: string) {
    super(message);
    this.name = "SignInError";
  }
}

interface OidcEnv {
  OIDC_ISSUER?: string;
  OIDC_CLIENT_ID?: string;
  OIDC_CLIENT_SECRET?: string;
}

/** The provider settings, or null when any is missing: sign-in is then switched off and demo mode carries on. */
export function readOidcConfig(env: OidcEnv): OidcConfig | null {
  const issuer = env.OIDC_ISSUER?.trim();
  const clientId = env.OIDC_CLIENT_ID?.trim();
  const clientSecret = env.OIDC_CLIENT_SECRET?.trim();
  if (!issuer || !clientId || !clientSecret) return null;
  return { issuer: issuer.replace(/(?<!\/)\/+$/, ""), clientId, clientSecret };
}

const CALLBACK_PATH = "/auth/callback";
const SCOPES = ["openid", "email", "profile"];
/** Time allowed between leaving for the provider and coming back. */
const LOGIN_SECONDS = 600;
/** remix-auth-oauth2 keeps state and PKCE verifier in `cb_oidc:<id>` cookies, one per attempt (tabs). */
const STATE_COOKIE = "cb_oidc";
/** Ours, one per attempt too: the nonce and where to go afterwards, named by the attempt's state. */
const LOGIN_COOKIE_PREFIX = "cb_login_";

interface ProviderMetadata {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  userinfo_endpoint: string;
  jwks_uri: string;
}

/**
 * Per-isolate caches, keyed by issuer and key-set URL: discovery and signing keys change rarely, and a sign-in
 * should not fetch them every time. jose refetches the key set by itself when a token names an unknown key.
 */
const DISCOVERY_TTL_MS = 60 * 60 * 1000;
const discoveryCache = new Map<string, { metadata: ProviderMetadata; expires: number }>();
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

async function discover(issuer: string): Promise<ProviderMetadata> {
  const cached = discoveryCache.get(issuer);
  if (cached && cached.expires > Date.now()) return cached.metadata;
  const response = await fetch(`${issuer}/.well-known/openid-configuration`, {
    headers: { Accept: "application/json" },
  });
  if (!response.ok) throw new SignInError("failed", `discovery answered ${response.status}`);
  const doc = (await response.json()) as Partial<ProviderMetadata>;
  const fields = ["issuer", "authorization_endpoint", "token_endpoint", "userinfo_endpoint", "jwks_uri"] as const;
  for (const field of fields) {
    if (typeof doc[field] !== "string") throw new SignInError("failed", `discovery lacks ${field}`);
  }
  // OpenID Connect Discovery §4.3: the document must name the issuer it was fetched for.
  if (doc.issuer!.replace(/(?<!\/)\/+$/, "") !== issuer) throw new SignInError("failed", "discovery names another issuer");
  const metadata = doc as ProviderMetadata;
  discoveryCache.set(issuer, { metadata, expires: Date.now() + DISCOVERY_TTL_MS });
  return metadata;
}

function keySetFor(jwksUri: string) {
  let keys = keySets.get(jwksUri);
  if (!keys) {
    keys = createRemoteJWKSet(new URL(jwksUri));
    keySets.set(jwksUri, keys);
  }
  return keys;
}

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

function isLocalHttp(url: URL) {
  return url.protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
}

function cookieAttributes(url: URL, maxAge: number) {
  return `Path=${CALLBACK_PATH}; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${isLocalHttp(url) ? "" : "; Secure"}`;
}

function authenticatorFor(config: OidcConfig, metadata: ProviderMetadata, request: Request, nonce: string) {
  const url = new URL(request.url);
  const strategy = new OidcStrategy(
    {
      clientId: config.clientId,
      clientSecret: config.clientSecret,
      authorizationEndpoint: metadata.authorization_endpoint,
      tokenEndpoint: metadata.token_endpoint,
      redirectURI: `${url.origin}${CALLBACK_PATH}`,
      scopes: SCOPES,
      cookie: {
        name: STATE_COOKIE,
        path: CALLBACK_PATH,
        maxAge: LOGIN_SECONDS,
        // HttpOnly and SameSite=Lax are the strategy's defaults; Secure is ours to add outside local http.
        ...(isLocalHttp(url) ? {} : { secure: true }),
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
    if (!state) throw new SignInError("failed", "the strategy made no authorization URL");
    const value = new URLSearchParams({ nonce, redirect: redirectTo }).toString();
    thrown.headers.append(
      "Set-Cookie",
      `${LOGIN_COOKIE_PREFIX}${state}=${value}; ${cookieAttributes(new URL(request.url), LOGIN_SECONDS)}`,
    );
    thrown.headers.set("Cache-Control", "no-store");
    return thrown;
  }
  throw new SignInError("failed", "the strategy did not redirect");
}

function readCookies(request: Request) {
  const cookies = new Map<string, string>();
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0) cookies.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  return cookies;
}

/** Clears every sign-in attempt cookie the browser sent: after a callback, pending attempts are moot. */
export function clearSignInCookies(request: Request) {
  const url = new URL(request.url);
  return [...readCookies(request).keys()]
    .filter((name) => name.startsWith(`${STATE_COOKIE}:`) || name.startsWith(LOGIN_COOKIE_PREFIX))
    .map((name) => `${name}=; ${cookieAttributes(url, 0)}`);
}

/**
 * Finishes the sign-in at the callback: the state must match one this browser started, the code is exchanged
 * (with the PKCE verifier), the ID token verified (signature by the provider's keys, issuer, audience, expiry,
 * nonce) and the profile read from userinfo. Returns the profile and where to go next.
 */
export async function finishSignIn(request: Request, config: OidcConfig) {
  const url = new URL(request.url);
  const state = url.searchParams.get("state");
  const saved =
    state && /^[A-Za-z0-9_-]{1,100}$/.test(state) ? readCookies(request).get(LOGIN_COOKIE_PREFIX + state) : null;
  if (!saved) throw new SignInError("expired", "no sign-in attempt matches the state");
  const login = new URLSearchParams(saved);
  const nonce = login.get("nonce");
  if (!nonce) throw new SignInError("expired", "the sign-in attempt has no nonce");
  const metadata = await discover(config.issuer);
  try {
    const profile = await authenticatorFor(config, metadata, request, nonce).authenticate("oidc", request);
    return { profile, redirectTo: login.get("redirect") };
  } catch (error) {
    if (error instanceof SignInError) throw error;
    if (error instanceof OAuth2RequestError) {
      const reason = error.code === "access_denied" ? "cancelled" : "failed";
      throw new SignInError(reason, `provider answered ${error.code}`);
    }
    if (error instanceof ReferenceError || error instanceof RangeError) {
      // remix-auth-oauth2: state cookie missing or not matching, or no code in the URL.
      throw new SignInError("expired", error.message);
    }
    throw new SignInError("failed", error instanceof Error ? error.message : "unknown error");
  }
}

async function verifiedProfile(
  config: OidcConfig,
  metadata: ProviderMetadata,
  nonce: string,
  accessToken: string,
  idToken: string,
): Promise<IdentityProfile> {
  let claims: JWTPayload;
  try {
    ({ payload: claims } = await jwtVerify(idToken, keySetFor(metadata.jwks_uri), {
      issuer: metadata.issuer,
      audience: config.clientId,
      requiredClaims: ["sub", "exp", "iat"],
    }));
  } catch (error) {
    const detail = error instanceof joseErrors.JOSEError ? error.code : "unreadable token";
    throw new SignInError("failed", `ID token refused: ${detail}`);
  }
  if (claims.nonce !== nonce) throw new SignInError("failed", "ID token nonce does not match");
  // With several audiences the token must say it was issued to us (OpenID Connect Core §3.1.3.7).
  if (Array.isArray(claims.aud) && claims.aud.length > 1 && claims.azp !== config.clientId) {
    throw new SignInError("failed", "ID token azp is not this client");
  }

  const response = await fetch(metadata.userinfo_endpoint, {
    headers: { Authorization: `Bearer ${accessToken}`, Accept: "application/json" },
  });
  if (!response.ok) throw new SignInError("failed", `userinfo answered ${response.status}`);
  const info = (await response.json()) as Record<string, unknown>;
  // Userinfo about someone else than the ID token's subject must not be used (Core §5.3.2).
  if (info.sub !== claims.sub) throw new SignInError("failed", "userinfo subject differs from the ID token");
  return profileFrom(metadata.issuer, claims.sub!, { ...claims, ...info });
}

const text = (value: unknown, max: number) =>
  typeof value === "string" && value.trim() ? value.trim().slice(0, max) : null;

/** Name and email from the provider's claims, with fallbacks for providers that send less. */
export function profileFrom(issuer: string, subject: string, claims: Record<string, unknown>): IdentityProfile {
  const email = text(claims.email, 254)?.toLowerCase() ?? "";
  const given = [text(claims.given_name, 100), text(claims.family_name, 100)].filter(Boolean).join(" ");
  const name =
    text(claims.name, 100) ??
    (given || null) ??
    text(claims.preferred_username, 100) ??
    (email.split("@")[0] || "Producer");
  // Admin rights go by email: only an address the provider vouches for counts; a missing claim vouches for nothing.
  return { issuer, subject, name, email, emailVerified: email !== "" && claims.email_verified === true };
}
