// A real OpenID Connect provider (the `oidc-provider` package) on 127.0.0.1, for local runs (`npm start`,
// `npm run dev`: scripts/local-stack.mjs) and for the browser and Workers tests (tests/fakes/identity-provider.ts).
// Never part of the Worker: production signs in with a hosted provider.
//
// Its sign-in page asks for a name (optional) and an email, no password. The account's subject is derived from the
// email, so the same email is the same account at every sign-in (and across restarts on the same port). The name is
// the one typed, else the local part capitalised (`maria.lopez@…` → "Maria Lopez"). The email is verified unless it
// starts with `unverified` (`email_verified: false`) or `unclaimed` (no `email_verified` claim at all, as some
// providers send). Consent is granted automatically for the registered client. Code flow with PKCE only.
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { createServer } from "node:http";
import Provider from "oidc-provider";

function subjectFor(email) {
  return `acct-${Buffer.from(email.toLowerCase()).toString("base64url")}`;
}

function emailOf(subject) {
  return Buffer.from(subject.replace(/^acct-/, ""), "base64url").toString("utf8");
}

/** `maria.lopez@example.com` → "Maria Lopez". */
export function nameFromEmail(email) {
  return email
    .split("@")[0]
    .split(/[._-]+/)
    .filter(Boolean)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join(" ");
}

function readForm(req) {
  return new Promise((resolve, reject) => {
    let data = "";
    req.setEncoding("utf8");
    req.on("data", (chunk) => (data += chunk));
    req.on("end", () => resolve(new URLSearchParams(data)));
    req.on("error", reject);
  });
}

const escapeHtml = (text) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);

function loginPage({ uid, clientId, title, adminEmail }) {
  const action = `/interaction/${escapeHtml(uid)}`;
  const hint = adminEmail
    ? `<p>No password: any email signs in. <strong>${escapeHtml(adminEmail)}</strong> is an admin (opens /admin).</p>`
    : "";
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;line-height:1.5}
label{display:block;margin-top:1rem;font-weight:600}input{width:100%;box-sizing:border-box;padding:.5rem;font:inherit}
button{margin-top:1rem;padding:.5rem 1rem;font:inherit}</style></head>
<body><main><h1>Sign in to the ${escapeHtml(title)}</h1><p>Signing in to ${escapeHtml(clientId)}</p>${hint}
<form method="post" action="${action}/login">
<label for="name">Name (optional)</label><input id="name" name="name" autocomplete="name">
<label for="email">Email</label><input id="email" name="email" type="email" required autofocus autocomplete="email">
<button type="submit">Continue</button></form>
<form method="post" action="${action}/abort"><button type="submit">Cancel</button></form>
</main></body></html>`;
}

/**
 * Starts the provider. `port` 0 (the default) picks a free one; a taken port rejects with the `listen` error
 * (`code: "EADDRINUSE"`).
 */
export async function startIdentityProvider(options) {
  const clientId = options.clientId ?? "cueboard-test";
  const clientSecret = options.clientSecret ?? randomBytes(24).toString("base64url");
  const title = options.title ?? "test identity provider";
  const server = createServer();
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const issuer = `http://127.0.0.1:${server.address().port}`;
  /** Names typed at sign-in, by subject; an account signed in without one is named after its email. */
  const names = new Map();

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
    jwks: { keys: [{ ...privateKey.export({ format: "jwk" }), kid: "local-key", alg: "RS256", use: "sig" }] },
    cookies: { keys: [randomBytes(32).toString("hex")] },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    pkce: { required: () => true },
    // Lifetimes in seconds, set so the provider does not warn about its defaults.
    ttl: { AuthorizationCode: 60, Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, sub) {
      const email = emailOf(sub);
      return {
        accountId: sub,
        async claims() {
          const verified = email.startsWith("unclaimed") ? {} : { email_verified: !email.startsWith("unverified") };
          return { sub, email, ...verified, name: names.get(sub) ?? nameFromEmail(email) };
        },
      };
    },
    // Every sign-in to the registered client is consented to: local runs and tests are about the app.
    async loadExistingGrant(ctx) {
      const grantId = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session.grantIdFor(ctx.oidc.client.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client.clientId,
        accountId: ctx.oidc.session.accountId,
      });
      grant.addOIDCScope("openid email profile");
      await grant.save();
      return grant;
    },
  });
  const handleProvider = provider.callback();

  server.on("request", (req, res) => {
    const match = /^\/interaction\/([^/]+)(?:\/(login|abort))?$/.exec(req.url ?? "");
    if (!match) return void handleProvider(req, res);
    void (async () => {
      try {
        const details = await provider.interactionDetails(req, res);
        if (details.uid !== match[1]) throw new Error("interaction mismatch");
        if (!match[2]) {
          res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
          const page = {
            uid: details.uid,
            clientId: String(details.params.client_id),
            title,
            adminEmail: options.adminEmail,
          };
          return res.end(loginPage(page));
        }
        if (match[2] === "abort") {
          return await provider.interactionFinished(
            req,
            res,
            { error: "access_denied", error_description: "The person cancelled" },
            { mergeWithLastSubmission: false },
          );
        }
        const form = await readForm(req);
        const email = form.get("email")?.trim().toLowerCase() ?? "";
        const accountId = subjectFor(email);
        const name = form.get("name")?.trim();
        if (name) names.set(accountId, name);
        else names.delete(accountId);
        await provider.interactionFinished(req, res, { login: { accountId } }, { mergeWithLastSubmission: false });
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
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        // Open keep-alive connections (a browser's) would hold close() until they time out.
        server.closeAllConnections();
      }),
  };
}
