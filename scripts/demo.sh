#!/usr/bin/env bash
# The whole demo on the local stack: the emulators come up, the app (the Firebase JS SDK)
# asks orderAssistant to cancel an order, the turn stops at the confirmation interrupt, the
# functions emulator is restarted (a cold start: new processes, nothing in memory), the app
# confirms, the resumed turn cancels the order exactly once, the transcript is printed, and the
# stack goes down. Offline it uses the scripted model; with GEMINI_API_KEY set, Gemini.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/install.sh
# The functions bundle the protocol and kit packages: they are built first.
npm run build -w protocol --silent
npm run build -w kit --silent
npm run build -w functions --silent

state="$(mktemp -d)/demo-state.json"
trap 'bash scripts/stack.sh stop' EXIT
if [ -z "${GEMINI_API_KEY:-}" ]; then
  echo "[demo] *** no GEMINI_API_KEY: the functions use the SCRIPTED offline model (canned answers, not AI) ***"
else
  echo "[demo] GEMINI_API_KEY is set: the functions use Gemini${GOOGLE_GEMINI_BASE_URL:+ at $GOOGLE_GEMINI_BASE_URL}"
fi

echo "[demo] 1/5 starting the local stack (Firestore, functions, auth) and seeding the demo orders"
bash scripts/stack.sh start

echo "[demo] 2/5 the app asks to cancel order A-1001 (streamed)"
node scripts/demo-client.mjs ask "$state"

echo "[demo] 3/5 restarting the functions emulator: a cold start, the session lives only in Firestore"
bash scripts/stack.sh restart-functions

echo "[demo] 4/5 the user confirms: resume with restart"
node scripts/demo-client.mjs confirm "$state"

echo "[demo] 5/5 the transcript"
echo "------------------------------------------------------------------------"
node scripts/demo-client.mjs transcript "$state"
echo "------------------------------------------------------------------------"
grep -a -h -o '\*\*\* [a-zA-Z]*: NO GEMINI_API_KEY[^*]*\*\*\*' .emulators/firebase.log | sort -u | sed 's/^/[functions log] /' || true
echo "[demo] done; stopping the stack"
