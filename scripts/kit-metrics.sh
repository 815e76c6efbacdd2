#!/usr/bin/env bash
# The kit's size figures (docs/architecture.md, "Measured limits"): source lines, the share of
# source files with a test beside them, and every function over 60 lines.
# Counted: kit/src/**/*.ts, without *.test.ts and test-utils/ folders.
set -euo pipefail
cd "$(dirname "$0")/.."
mapfile -t files < <(find kit/src -name '*.ts' ! -name '*.test.ts' ! -path '*/test-utils/*' | sort)
echo "kit source lines: $(cat "${files[@]}" | wc -l) in ${#files[@]} files"
tested=0
untested=()
for f in "${files[@]}"; do
  base="${f%.ts}"
  # index.ts files re-export their layer: they count like any other file.
  if compgen -G "$base.test.ts" >/dev/null || compgen -G "$base.*.test.ts" >/dev/null; then
    tested=$((tested + 1))
  else
    untested+=("$f")
  fi
done
echo "files with a test beside them: $tested of ${#files[@]} ($((100 * tested / ${#files[@]})) %)"
if [ "${1:-}" = "--untested" ]; then printf '  untested: %s\n' "${untested[@]}"; fi
source scripts/node22.sh
node scripts/long-functions.mjs 60 "${files[@]}"
