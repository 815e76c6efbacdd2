#!/usr/bin/env bash
# Benchmarks: builds, starts a Firestore emulator (the jar, by PID) unless FIRESTORE_EMULATOR_HOST
# names one, prints the tables and writes docs/benchmarks.md. `npm run bench -- engine cold-start`
# runs only the named suites (and rewrites only their sections); the suites that measure Genkit
# (vs-genkit, alloc, turn) install it into bench/genkit first; `npm run bench -- web` times the web
# app in Chromium (sections `web` and `web-live`: a second device, a reload and a stop while an
# answer streams). Benches are not tests: `npm test` (and .ci/run) never runs them.
set -euo pipefail
cd "$(dirname "$0")/.."

# `web` is the web app's timings as a person sees them (web/bench/*.bench.ts: Chromium against a
# stack of its own); every other name is a suite of functions/src/bench. A full run does both.
suites=()
web=0
for name in "$@"; do
  if [ "$name" = web ]; then web=1; else suites+=("$name"); fi
done
[ "$#" -eq 0 ] && web=1
source scripts/install.sh
npm run build -w protocol --silent
npm run build -w kit --silent
npm run build -w functions --silent
# The kit-cold suite runs the built agent-kit (its deploy manifest) beside the example's.
npm run build -w agent-kit --silent

# Genkit is bench-only: installed on demand into bench/genkit (its own lockfile, pinned versions),
# never a dependency of functions/ and never deployed. Needed by the vs-genkit, alloc and turn suites.
if [ "$#" -eq 0 ] || [[ " $* " =~ \ (vs-genkit|alloc|turn)\  ]]; then
  if [ ! -f bench/genkit/node_modules/.package-lock.json ] || [ bench/genkit/package-lock.json -nt bench/genkit/node_modules/.package-lock.json ]; then
    echo "[bench] installing Genkit (bench-only) into bench/genkit …" >&2
    npm ci --prefix bench/genkit --no-audit --no-fund --loglevel=error >&2
  fi
fi

JAR="${FIRESTORE_EMULATOR_JAR:-/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar}"
# The web timings start a stack of their own: the emulator here is for the functions' suites.
if [ -z "${FIRESTORE_EMULATOR_HOST:-}" ] && [ -f "$JAR" ] && { [ "$#" -eq 0 ] || [ "${#suites[@]}" -gt 0 ]; }; then
  port="$(node -e 's=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
  log="$(mktemp)"
  java -Duser.language=en -cp "$JAR" com.google.cloud.datastore.emulator.firestore.CloudFirestore \
    start --host=127.0.0.1 --port="$port" >"$log" 2>&1 &
  emulator_pid=$!
  trap 'kill "$emulator_pid" 2>/dev/null || true' EXIT
  for _ in $(seq 1 120); do
    grep -q "Dev App Server is now running" "$log" && break
    kill -0 "$emulator_pid" 2>/dev/null || { cat "$log" >&2; exit 1; }
    sleep 0.5
  done
  export FIRESTORE_EMULATOR_HOST="127.0.0.1:$port"
  echo "[bench] Firestore emulator on $FIRESTORE_EMULATOR_HOST (pid $emulator_pid)" >&2
fi
if [ "$#" -eq 0 ] || [ "${#suites[@]}" -gt 0 ]; then
  (cd functions && node --expose-gc lib/bench/run.js "${suites[@]}")
fi
if [ "$web" -eq 1 ]; then
  npm run bench -w web --silent
fi
