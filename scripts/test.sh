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
npx vitest run "$@"
