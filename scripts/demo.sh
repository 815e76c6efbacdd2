#!/usr/bin/env bash
# The main job: a conversation that is interrupted and resumed in a fresh process.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/install.sh
npm run build -w functions --silent
state="$(mktemp -d)/demo-state.json"
if [ -z "${GEMINI_API_KEY:-}" ]; then echo "[demo] no GEMINI_API_KEY: using the offline scripted model"; fi
node functions/lib/demo/engine-demo.js ask "$state"
node functions/lib/demo/engine-demo.js approve "$state"
