#!/usr/bin/env bash
# The local stack, started and stopped by PID:
#   Firestore  Google's emulator from the preinstalled jar (run by java directly), or — where the
#              jar is missing — firebase-tools' own Firestore emulator (needs Java 21 + internet);
#   Functions + Auth + Cloud Tasks  `firebase emulators:start --only functions,auth,tasks` with
#              FIRESTORE_EMULATOR_HOST set, importing the demo users from emulator-data/; the task
#              queue emulator runs in the same process (the functions get CLOUD_TASKS_EMULATOR_HOST),
#              so `restart-functions` empties the continuation queue.
# Usage: scripts/stack.sh start | stop | restart-functions | seed | status
# Ports come from firebase.json (functions 5001, auth 9099, tasks 9499, firestore 8080, hub 4400, logging 4500).
# GEMINI_API_KEY / GOOGLE_GEMINI_BASE_URL in this shell reach the functions (or use functions/.secret.local).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/node22.sh

PROJECT="${PROJECT:-demo-callable-flows}"
STATE=.emulators
FIRESTORE_PORT=8080
FIRESTORE_HOST="127.0.0.1:${FIRESTORE_PORT}"
JAR="${FIRESTORE_EMULATOR_JAR:-/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar}"
mkdir -p "$STATE"

log() { echo "[stack] $*" >&2; }

port_busy() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# Starts "$@" in a session (and process group) of its own, so stop can end it with its children.
spawn() {
  local name="$1"
  shift
  if command -v setsid >/dev/null; then setsid "$@" >"$STATE/$name.log" 2>&1 & else "$@" >"$STATE/$name.log" 2>&1 & fi
  echo $! >"$STATE/$name.pid"
}

wait_for() { # name, text in its log, seconds
  local name="$1" text="$2" deadline=$((SECONDS + $3)) pid
  pid="$(cat "$STATE/$name.pid")"
  until grep -q "$text" "$STATE/$name.log" 2>/dev/null; do
    if ! kill -0 "$pid" 2>/dev/null; then
      log "$name exited before it was ready; its log:"
      tail -n 40 "$STATE/$name.log" >&2
      return 1
    fi
    if ((SECONDS > deadline)); then
      log "$name not ready after $3 s; its log: $STATE/$name.log"
      return 1
    fi
    sleep 0.5
  done
}

stop_one() { # name: TERM its process group (by the PID we recorded), then KILL what is left
  local name="$1" pid
  [ -f "$STATE/$name.pid" ] || return 0
  pid="$(cat "$STATE/$name.pid")"
  kill -TERM -- "-$pid" 2>/dev/null || kill -TERM "$pid" 2>/dev/null || true
  for _ in $(seq 1 40); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.25
  done
  kill -KILL -- "-$pid" 2>/dev/null || kill -KILL "$pid" 2>/dev/null || true
  rm -f "$STATE/$name.pid"
  log "stopped $name (pid $pid)"
}

uses_jar() { [ -f "$JAR" ] && command -v java >/dev/null; }

start_firestore() {
  if port_busy "$FIRESTORE_PORT"; then
    log "port $FIRESTORE_PORT is taken: is a stack already running? (scripts/stack.sh stop)"
    return 1
  fi
  spawn firestore java -Duser.language=en -cp "$JAR" com.google.cloud.datastore.emulator.firestore.CloudFirestore \
    start --host=127.0.0.1 --port="$FIRESTORE_PORT"
  wait_for firestore "Dev App Server is now running" 90
  load_rules
  log "Firestore emulator on $FIRESTORE_HOST (pid $(cat "$STATE/firestore.pid")), firestore.rules loaded"
}

# The jar starts with no rules, which allows every client read; the stack must enforce ours.
load_rules() {
  node -e '
    const [host, project] = process.argv.slice(1);
    const content = require("fs").readFileSync("firestore.rules", "utf8");
    fetch(`http://${host}/emulator/v1/projects/${project}:securityRules`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ rules: { files: [{ name: "firestore.rules", content }] } }),
    }).then(async (r) => { if (!r.ok) { console.error(await r.text()); process.exit(1); } });
  ' "$FIRESTORE_HOST" "$PROJECT"
}

start_firebase() {
  local only="functions,auth,tasks"
  uses_jar || only="functions,auth,tasks,firestore"
  [ -f functions/dist/index.js ] || { npm run build -w protocol --silent && npm run build -w kit --silent && npm run build -w functions --silent; }
  FIRESTORE_EMULATOR_HOST="$FIRESTORE_HOST" spawn firebase node node_modules/firebase-tools/lib/bin/firebase.js \
    emulators:start --only "$only" --project "$PROJECT" --import emulator-data
  wait_for firebase "All emulators ready" 120
  log "functions + auth + tasks emulators up (pid $(cat "$STATE/firebase.pid")), project $PROJECT"
}

seed() { FIRESTORE_EMULATOR_HOST="$FIRESTORE_HOST" node scripts/seed.mjs "$PROJECT"; }

case "${1:-}" in
  start)
    if uses_jar; then start_firestore; else log "no Firestore emulator jar here: firebase-tools will start its own"; fi
    start_firebase
    seed
    ;;
  stop)
    stop_one firebase
    stop_one firestore
    ;;
  restart-functions)
    # A cold start: new functions processes; Firestore (sessions, orders) stays up.
    stop_one firebase
    start_firebase
    ;;
  seed) seed ;;
  status)
    for name in firestore firebase; do
      if [ -f "$STATE/$name.pid" ] && kill -0 "$(cat "$STATE/$name.pid")" 2>/dev/null; then
        echo "$name: running (pid $(cat "$STATE/$name.pid"))"
      else
        echo "$name: stopped"
      fi
    done
    ;;
  *)
    echo "usage: $0 start | stop | restart-functions | seed | status" >&2
    exit 2
    ;;
esac
