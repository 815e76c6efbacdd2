# Sourced: Node 22 on PATH, then the workspace's dependencies installed under it (npm picks
# versions by the running Node, so installing under 20 would pick older @google/genai).
source "$(dirname "${BASH_SOURCE[0]}")/node22.sh"
cd "$root"
stamp="node_modules/.install-stamp"
if [ ! -f "$stamp" ] || [ package-lock.json -nt "$stamp" ]; then
  if [ -f package-lock.json ]; then npm ci --no-audit --no-fund --loglevel=error; else npm install --no-audit --no-fund --loglevel=error; fi
  touch "$stamp"
fi
