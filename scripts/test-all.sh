#!/usr/bin/env bash
# Runs every test of the project, in the order a failure is cheapest to find.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n=== %s (at %ss) ===\n' "$*" "$SECONDS"; }
trap 'printf "\n=== finished after %ss (exit %s) ===\n" "$SECONDS" "$?"' EXIT

step "prerequisites (Chromium, fonts, PostgreSQL: installed or started where possible, else a clear stop)"
bash scripts/prerequisites.sh

step "lint and format (biome)"
npx biome ci .

step "contract lint (redocly; spectral with its OpenAPI rules and ours: a summary, a 4xx and an example on every operation)"
npx redocly lint openapi.yaml
npx spectral lint openapi.yaml --fail-severity warn

step "generated client types match openapi.yaml"
npm run contract:check

step "a second client generated from openapi.yaml (Hey API) type-checks against the core scenario (examples/integrator-client)"
(cd examples/integrator-client && npx openapi-ts >/dev/null && npx tsc -p .)

step "typecheck"
npm run typecheck

step "build the API (the cross-process tests of api/test/instances.test.ts run api/dist)"
npm run build -w api --silent -- --silent

step "unit, component and API tests (vitest; API tests on a fresh PostgreSQL database)"
npx vitest run

step "Storybook builds (storybook build into a temporary folder)"
storybook_out="$(mktemp -d)"
npm run build-storybook -- --quiet -o "$storybook_out/storybook-static" >"$storybook_out/build.log" 2>&1 ||
  { cat "$storybook_out/build.log"; rm -rf "$storybook_out"; exit 1; }
rm -rf "$storybook_out"
echo "Storybook build OK"

step "every story renders in Chromium, its play function passes and axe finds no WCAG A/AA violation"
npx vitest run -c .storybook/vitest.config.ts

step "pack test (build, npm pack, publint, install the tarballs in a fresh project, render with Node)"
tarballs="$(mktemp -d)"
PACK_TEST_TARBALLS_OUT="$tarballs" node scripts/pack-test.mjs

step "example portals (examples/*: each built from those tarballs outside the repo, signed in by its own identity provider, driven in Chromium against the API)"
node scripts/examples/run.mjs --tarballs "$tarballs"
rm -rf "$tarballs"

step "bundle budget (build the app; at most 200 KB of gzipped JavaScript before the sign-in screen, no source maps)"
npm run build:app >/dev/null
node scripts/bundle-budget.mjs

step "end-to-end (Playwright in Debian's Chromium against the built app, served by two API instances behind a round-robin proxy; two shards at a time, each on its own database and ports; the walk: every route as each default role at 1440x900 and 390x844, axe on each)"
# host-app/dist was just built by the bundle budget step: Playwright runs on it (npm run test:e2e builds
# first). The API is built once here; each shard's webServer would otherwise build it again (E2E_API_BUILT).
# Two shards at a time: much of an end-to-end test is waiting (for the server's jobs, mail, webhooks,
# polling), so the second shard's browser uses what the first leaves idle.
npm run build -w api --silent -- --silent
# The shards split the spec files by the first letter of their names (a-e and the long walk; f-z):
# Playwright's own --shard splits by test count, which left the walk's half 5 minutes behind (2026-11-28:
# 1,047 s against 758 s). A new spec lands in one of the two whatever its name.
e2e_shard() {
  local part="$1" port="$2"
  shift 2
  (cd host-app && E2E_API_BUILT=1 E2E_INSTANCES=2 E2E_PORT="$port" npx playwright test "$@" 2>&1) |
    sed -u "s/^/[e2e $part\/2] /"
  return "${PIPESTATUS[0]}"
}
e2e_shard 1 4599 'e2e/([^f-z][^/]*|walk)\.spec\.ts$' & first=$!
e2e_shard 2 4699 'e2e/(?!walk\.)[f-z][^/]*\.spec\.ts$' & second=$!
e2e_status=0
wait "$first" || e2e_status=1
wait "$second" || e2e_status=1
[ "$e2e_status" -eq 0 ] || { echo "end-to-end: a shard failed (see its [e2e n/2] lines above)"; exit 1; }

step "Lighthouse CI (Debian's Chromium, simulated phone: /login and the signed-in requisition list; accessibility 100 and best practices >= 95 fail the run, performance < 90 warns)"
npm run lighthouse
