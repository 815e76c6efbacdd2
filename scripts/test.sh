#!/usr/bin/env bash
# All tests, from a fresh clone: Node 22, dependencies, format/lint, types, build, then every
# test: protocol/ (unit), kit/ (unit and Firestore-emulator), functions/ (unit, Firestore-emulator, end-to-end through the emulators, faults), client/ and web/
# (unit and Chromium browser tests; their setup installs Debian's chromium when it is missing,
# or skips the browser suite with a loud SKIPPED line when it can't). Under CI=true (or
# STRICT_SKIPS=1) nothing may skip: a suite that can't run, or any skipped test, fails the run.
# Each suite starts the services it needs and stops them by PID.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/install.sh
npx biome ci --reporter=summary .
# The packages are built first, in the order they import each other: the protocol (which the kit,
# the client and the web app import), the kit (which the example deployment in functions/ imports)
# and the client (which the web app and functions' end-to-end tests import).
npm run build -w protocol --silent
npm run build -w kit --silent
npm run build -w client --silent
npm run build -w agent-kit --silent
npm run typecheck -w protocol --silent
npm run typecheck -w kit --silent
npm run typecheck -w client --silent
npm run typecheck -w agent-kit --silent
npm run typecheck -w functions --silent
npm run typecheck -w web --silent
npm run build -w functions --silent

reports="$(mktemp -d)"
status=0
(cd kit && npx vitest run --reporter=default --reporter=json --outputFile.json="$reports/kit.json") || status=$?
(cd functions && npx vitest run --reporter=default --reporter=json --outputFile.json="$reports/functions.json" "$@") || status=$?
(cd agent-kit && npx vitest run --reporter=default --reporter=json --outputFile.json="$reports/agent-kit.json") || status=$?
(cd protocol && npx vitest run --reporter=default --reporter=json --outputFile.json="$reports/protocol.json") || status=$?
(cd client && npx vitest run --reporter=default --reporter=json --outputFile.json="$reports/client.json") || status=$?
(cd web && npx vitest run --reporter=default --reporter=json --outputFile.json="$reports/web.json") || status=$?
# One plain closing line for all the suites, whatever the reporters print above it.
node -e '
const fs = require("fs");
let passed = 0, failed = 0, skipped = 0;
for (const f of fs.readdirSync(process.argv[1])) {
  const r = JSON.parse(fs.readFileSync(`${process.argv[1]}/${f}`, "utf8"));
  passed += r.numPassedTests; failed += r.numFailedTests; skipped += r.numPendingTests + r.numTodoTests;
}
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
// Under CI=true (or STRICT_SKIPS=1) a skipped test fails the run: CI cannot go green with a suite off.
const strict = ["true", "1"].includes(process.env.CI ?? "") || ["true", "1"].includes(process.env.STRICT_SKIPS ?? "");
if (strict && skipped > 0) {
  console.log(`${skipped} test(s) skipped, and a skip is a failure under CI=true or STRICT_SKIPS=1`);
  process.exit(1);
}
' "$reports" || status=1
exit "$status"
