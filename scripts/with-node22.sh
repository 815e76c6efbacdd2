#!/usr/bin/env bash
# Runs a command with Node 22 first on PATH.
set -euo pipefail
source "$(dirname "$0")/node22.sh"
exec "$@"
