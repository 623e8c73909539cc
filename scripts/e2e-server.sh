#!/usr/bin/env bash
# Serves the built app for the browser tests on a port of their own with a fresh local D1. The optional second
# argument is the Slack Web API base URL the Worker calls (the browser tests' local fake).
set -euo pipefail
port="${1:-8799}"
vars=()
if [[ -n "${2:-}" ]]; then vars+=(--var "SLACK_API_URL:$2"); fi
state=".wrangler/e2e-state"
rm -rf "$state"
export CLOUDFLARE_CF_FETCH_ENABLED=false WRANGLER_SEND_METRICS=false
# Its own dev registry: wrangler dev instances of one Worker name announce themselves in a shared registry, and
# this server must not see another (a second test server, `npm start`) come and go.
export WRANGLER_REGISTRY_PATH="$state/registry"
node scripts/ensure-dev-vars.mjs
npx wrangler d1 migrations apply DB --local --persist-to "$state" >/dev/null
# Sign-in, Slack reply and billing settings from the environment (playwright.config.ts sets the test identity provider's and
# the fake Stripe's) become Worker variables; they override .dev.vars.
for name in OIDC_ISSUER OIDC_CLIENT_ID OIDC_CLIENT_SECRET ADMIN_EMAILS SLACK_RESPONSE_URL_BASE \
  STRIPE_SECRET_KEY STRIPE_WEBHOOK_SECRET STRIPE_PRICE_BASIC STRIPE_PRICE_PREMIUM STRIPE_API_URL; do
  if [ -n "${!name:-}" ]; then vars+=(--var "$name:${!name}"); fi
done
# The Worker is bundled once and served as is (--no-bundle): wrangler dev's own esbuild watcher died now and then
# mid-run ("fatal error: all goroutines are asleep - deadlock!" from its esbuild service), taking the server down.
# The tests change no source, so there is nothing to watch.
bundle="$state/bundle"
npx wrangler deploy --dry-run --outdir "$bundle" >/dev/null
# A crashed dev server would fail every later test of the run, so it is restarted on the same local D1 (state
# persists on disk) and the crash is reported with the tail of its output. Playwright stops the whole process
# group at the end of the run.
log=".wrangler/e2e-server.log"
while true; do
  started=$(date +%s)
  set +e
  # --test-scheduled: the browser tests run the cron (reminders) with GET /cdn-cgi/local/scheduled.
  npx wrangler dev "$bundle/app.js" --no-bundle --port "$port" --persist-to "$state" --test-scheduled \
    --show-interactive-dev-session=false "${vars[@]}" >"$log" 2>&1
  status=$?
  set -e
  echo "e2e-server: wrangler dev exited with status $status after $(($(date +%s) - started)) s; its last lines:" >&2
  tail -n 40 "$log" >&2
  cp "$log" ".wrangler/e2e-server-crash-$(date +%s).log"
  sleep 1
done
