#!/usr/bin/env bash
# Benchmarks: builds, starts what the suites need, prints the tables, writes docs/benchmarks.md.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/install.sh
npm run build -w functions --silent
cd functions
node lib/bench/run.js "$@"
