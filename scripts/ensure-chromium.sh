#!/usr/bin/env bash
# Makes sure Debian's Chromium is at /usr/bin/chromium, for the browser tests (web/). Installs it
# with apt-get when it is missing. Exit codes: 0 when Chromium is there (or was installed);
# 3 when it could not be installed, after a loud SKIPPED line, so a caller can tell "no browser
# here" from a failure; anything else is an unexpected error.
set -uo pipefail
CHROMIUM="${CHROMIUM:-/usr/bin/chromium}"
CANNOT_INSTALL=3

log() { echo "[ensure-chromium] $*" >&2; }

if [ -x "$CHROMIUM" ]; then
  exit 0
fi

skip() {
  log "$1"
  echo "*** SKIPPED: browser tests — chromium could not be installed ($1) ***" >&2
  exit "$CANNOT_INSTALL"
}

command -v apt-get >/dev/null || skip "no apt-get on this machine"
sudo=""
if [ "$(id -u)" != "0" ]; then
  command -v sudo >/dev/null && sudo -n true 2>/dev/null || skip "not root and no password-less sudo"
  sudo="sudo -n"
fi

log "installing Debian's chromium (apt-get)"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq >&2 || skip "apt-get update failed"
$sudo apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core >&2 || skip "apt-get install chromium failed"
[ -x "$CHROMIUM" ] || skip "apt-get installed chromium but $CHROMIUM is missing"
log "installed: $("$CHROMIUM" --version 2>/dev/null || echo chromium)"
