#!/usr/bin/env bash
# All tests, from a fresh clone: Node 22, dependencies, format/lint, types, build, then every
# test file (the vitest global setup starts the Firestore emulator and stops it by PID).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/install.sh
npx biome ci --reporter=summary .
npm run typecheck -w functions --silent
npm run build -w functions --silent
cd functions
report="$(mktemp)"
status=0
npx vitest run --reporter=default --reporter=json --outputFile.json="$report" "$@" || status=$?
# One plain closing line, whatever the reporter prints above it.
node -e 'const r=JSON.parse(require("fs").readFileSync(process.argv[1],"utf8"));console.log(`tests: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests+r.numTodoTests} skipped`)' "$report" || true
exit "$status"
