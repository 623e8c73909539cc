#!/usr/bin/env bash
# Serves the built app for the browser tests on a port of their own with a fresh local D1. The optional second
# argument is the Slack Web API base URL the Worker calls (the browser tests' local fake).
set -euo pipefail
port="${1:-8799}"
vars=()
if [[ -n "${2:-}" ]]; then vars+=("SLACK_API_URL=$2"); fi
state=".wrangler/e2e-state"
rm -rf "$state"
export CLOUDFLARE_CF_FETCH_ENABLED=false WRANGLER_SEND_METRICS=false
node scripts/ensure-dev-vars.mjs
npx wrangler d1 migrations apply DB --local --persist-to "$state" >/dev/null
# Sign-in, Slack reply, billing and local-webhook settings from the environment (playwright.config.ts sets the test identity provider's and
# the fake Stripe's) become Worker variables; they override .dev.vars.
for name in OIDC_ISSUER OIDC_CLIENT_ID OIDC_CLIENT_SECRET ADMIN_EMAILS SLACK_RESPONSE_URL_BASE \
  STRIPE_SECRET_KEY STRIPE_WEBHOOK_SECRET STRIPE_PRICE_BASIC STRIPE_PRICE_PREMIUM STRIPE_API_URL WEBHOOKS_ALLOW_LOCAL; do
  if [ -n "${!name:-}" ]; then vars+=("$name=${!name}"); fi
done
# The Worker is bundled once, as `wrangler deploy` would ship it, and served by Miniflare straight from the bundle
# (scripts/e2e-server.mjs says why not `wrangler dev`).
bundle="$state/bundle"
npx wrangler deploy --dry-run --outdir "$bundle" >/dev/null
exec node scripts/e2e-server.mjs "$port" "$bundle" "$state" "${vars[@]}"
