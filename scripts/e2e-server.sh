#!/usr/bin/env bash
# Serves the built app for the browser tests on a port of their own with a fresh local D1. The optional second
# argument is the Slack Web API base URL the Worker calls (the browser tests' local fake).
set -euo pipefail
port="${1:-8799}"
slack_vars=()
if [[ -n "${2:-}" ]]; then slack_vars=(--var "SLACK_API_URL:$2"); fi
state=".wrangler/e2e-state"
rm -rf "$state"
export CLOUDFLARE_CF_FETCH_ENABLED=false WRANGLER_SEND_METRICS=false
node scripts/ensure-dev-vars.mjs
npx wrangler d1 migrations apply DB --local --persist-to "$state" >/dev/null
exec npx wrangler dev --port "$port" --persist-to "$state" --show-interactive-dev-session=false "${slack_vars[@]}"
