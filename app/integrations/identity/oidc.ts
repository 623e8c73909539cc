import { LRUCache } from "lru-cache";
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from "jose";

/**
 * The OpenID Connect provider as a client sees it: its settings, discovery, and the check of what it hands back
 * (ID token and userinfo). The browser's side of the flow (redirects, state cookies) is app/http/sign-in.server.ts.
 */

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

/**
 * A sign-in that cannot finish; `reason` picks what the person is told, `code` (a fixed word naming the failed
 * check, also the message) is what the log says. No code means an unexpected error, its `cause`.
 */
export class SignInError extends Error {
  constructor(
    readonly reason: SignInFailure,
    readonly code: string | undefined,
    options?: ErrorOptions,
  ) {
    super(code ?? "unexpected", options);
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

export interface ProviderMetadata {
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
/** A deployment signs in with one provider: a few entries are plenty. */
const PROVIDERS_KEPT = 8;
const providerMetadataByIssuer = new LRUCache<string, ProviderMetadata>({ max: PROVIDERS_KEPT, ttl: DISCOVERY_TTL_MS });
const keySetByUrl = new LRUCache<string, ReturnType<typeof createRemoteJWKSet>>({ max: PROVIDERS_KEPT });

export async function discover(issuer: string): Promise<ProviderMetadata> {
  const cached = providerMetadataByIssuer.get(issuer);
  if (cached) return cached;
  const response = await fetch(`${issuer}/.well-known/openid-configuration`, {
    headers: { Accept: "application/json" },
  });
  if (!response.ok) throw new SignInError("failed", "discovery_failed");
  const doc = (await response.json()) as Partial<ProviderMetadata>;
  const fields = ["issuer", "authorization_endpoint", "token_endpoint", "userinfo_endpoint", "jwks_uri"] as const;
  for (const field of fields) {
    if (typeof doc[field] !== "string") throw new SignInError("failed", "discovery_incomplete");
  }
  // OpenID Connect Discovery §4.3: the document must name the issuer it was fetched for.
  if (doc.issuer!.replace(/(?<!\/)\/+$/, "") !== issuer)
    throw new SignInError("failed", "discovery_issuer_mismatch");
  const metadata = doc as ProviderMetadata;
  providerMetadataByIssuer.set(issuer, metadata);
  return metadata;
}

function keySetFor(jwksUri: string) {
  let keys = keySetByUrl.get(jwksUri);
  if (!keys) {
    keys = createRemoteJWKSet(new URL(jwksUri));
    keySetByUrl.set(jwksUri, keys);
  }
  return keys;
}

/**
 * The profile behind a token response: the ID token verified (signature by the provider's keys, issuer, audience,
 * expiry, nonce), then name and email read from userinfo about the same subject.
 */
export async function verifiedProfile(
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
    // jose's codes are its own fixed words (ERR_JWT_EXPIRED); its messages may quote claims.
    throw new SignInError("failed", error instanceof joseErrors.JOSEError ? error.code : "id_token_unreadable");
  }
  if (claims.nonce !== nonce) throw new SignInError("failed", "id_token_nonce_mismatch");
  // With several audiences the token must say it was issued to us (OpenID Connect Core §3.1.3.7).
  if (Array.isArray(claims.aud) && claims.aud.length > 1 && claims.azp !== config.clientId) {
    throw new SignInError("failed", "id_token_azp_mismatch");
  }

  const response = await fetch(metadata.userinfo_endpoint, {
    headers: { Authorization: `Bearer ${accessToken}`, Accept: "application/json" },
  });
  if (!response.ok) throw new SignInError("failed", "userinfo_failed");
  const info = (await response.json()) as Record<string, unknown>;
  // Userinfo about someone else than the ID token's subject must not be used (Core §5.3.2).
  if (info.sub !== claims.sub) throw new SignInError("failed", "userinfo_subject_mismatch");
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
