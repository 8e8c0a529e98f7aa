#!/usr/bin/env bash
# Runs every test of the project, in the order a failure is cheapest to find.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n=== %s ===\n' "$*"; }

step "lint and format (biome)"
npx biome ci .

step "contract lint (redocly)"
npx redocly lint openapi.yaml

step "generated client types match openapi.yaml"
npm run contract:check

step "typecheck"
npm run typecheck

step "unit, component and API tests (vitest; API tests on a fresh PostgreSQL database)"
npx vitest run

step "end-to-end (Playwright in Debian's Chromium against the built app)"
npm run test:e2e
