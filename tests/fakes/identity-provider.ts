import { generateKeyPairSync, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Provider, { type KoaContextWithOIDC } from "oidc-provider";

/**
 * A real OpenID Connect provider (the `oidc-provider` package) on 127.0.0.1 for the browser and Workers tests.
 * Its sign-in page asks only for an email: the account's subject is derived from it, its name is the local part
 * capitalised (`maria.lopez@…` → "Maria Lopez"), and the email is verified unless it starts with `unverified`
 * (`email_verified: false`) or `unclaimed` (no `email_verified` claim at all, as some providers send).
 * Consent is granted automatically for the registered client. Code flow with PKCE only.
 */

export interface FakeIdentityProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close: () => Promise<void>;
}

export interface FakeIdentityProviderOptions {
  /** 0 picks a free port. */
  port?: number;
  clientId?: string;
  clientSecret?: string;
  /** The app's callback URLs (`{origin}/auth/callback`). */
  redirectUris: string[];
}

function subjectFor(email: string) {
  return `acct-${Buffer.from(email.toLowerCase()).toString("base64url")}`;
}

function emailOf(subject: string) {
  return Buffer.from(subject.replace(/^acct-/, ""), "base64url").toString("utf8");
}

function nameFrom(email: string) {
  return email
    .split("@")[0]!
    .split(/[._-]+/)
    .filter(Boolean)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join(" ");
}

function readForm(req: IncomingMessage) {
  return new Promise<URLSearchParams>((resolve, reject) => {
    let data = "";
    req.setEncoding("utf8");
    req.on("data", (chunk) => (data += chunk));
    req.on("end", () => resolve(new URLSearchParams(data)));
    req.on("error", reject);
  });
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]!));

function loginPage(uid: string, clientId: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test identity provider</title></head>
<body><main><h1>Sign in to the test identity provider</h1><p>Signing in to ${escapeHtml(clientId)}</p>
<form method="post" action="/interaction/${escapeHtml(uid)}/login">
<label for="email">Email</label> <input id="email" name="email" type="email" required autofocus>
<button type="submit">Continue</button></form>
<form method="post" action="/interaction/${escapeHtml(uid)}/abort"><button type="submit">Cancel</button></form>
</main></body></html>`;
}

export async function startFakeIdentityProvider(options: FakeIdentityProviderOptions): Promise<FakeIdentityProvider> {
  const clientId = options.clientId ?? "cueboard-test";
  const clientSecret = options.clientSecret ?? randomBytes(24).toString("base64url");
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    jwks: { keys: [{ ...privateKey.export({ format: "jwk" }), kid: "test-key", alg: "RS256", use: "sig" }] },
    cookies: { keys: [randomBytes(32).toString("hex")] },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    pkce: { required: () => true },
    // Lifetimes in seconds, set so the provider does not warn about its defaults.
    ttl: { AuthorizationCode: 60, Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: KoaContextWithOIDC, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, sub) {
      const email = emailOf(sub);
      return {
        accountId: sub,
        async claims() {
          const verified = email.startsWith("unclaimed") ? {} : { email_verified: !email.startsWith("unverified") };
          return { sub, email, ...verified, name: nameFrom(email) };
        },
      };
    },
    // Every sign-in to the registered client is consented to: the tests are about the app, not consent screens.
    async loadExistingGrant(ctx) {
      const grantId = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client!.clientId,
        accountId: ctx.oidc.session!.accountId,
      });
      grant.addOIDCScope("openid email profile");
      await grant.save();
      return grant;
    },
  });
  const handleProvider = provider.callback();

  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    const match = /^\/interaction\/([^/]+)(?:\/(login|abort))?$/.exec(req.url ?? "");
    if (!match) return void handleProvider(req, res);
    void (async () => {
      try {
        const details = await provider.interactionDetails(req, res);
        if (details.uid !== match[1]) throw new Error("interaction mismatch");
        if (!match[2]) {
          res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
          return res.end(loginPage(details.uid, String(details.params.client_id)));
        }
        if (match[2] === "abort") {
          return await provider.interactionFinished(
            req,
            res,
            { error: "access_denied", error_description: "The person cancelled" },
            { mergeWithLastSubmission: false },
          );
        }
        const email = (await readForm(req)).get("email")?.trim().toLowerCase() ?? "";
        await provider.interactionFinished(
          req,
          res,
          { login: { accountId: subjectFor(email) } },
          { mergeWithLastSubmission: false },
        );
      } catch (error) {
        res.writeHead(400, { "content-type": "text/plain; charset=utf-8" });
        res.end(error instanceof Error ? error.message : "interaction failed");
      }
    })();
  });

  return {
    issuer,
    clientId,
    clientSecret,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
