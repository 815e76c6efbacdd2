# Sourced by the other scripts: puts a Node 22 binary (the Cloud Functions runtime) first on PATH.
# This machine ships Node 20, so when `node` is older we install the npm registry's `node@22`
# package into .tools/ (once) and use its binary.
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
node_major="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"
if [ "$node_major" != "22" ]; then
  tools="$root/.tools/node22"
  if [ ! -x "$tools/node_modules/node/bin/node" ]; then
    echo "[node22] installing node@22 from the npm registry into .tools/node22" >&2
    mkdir -p "$tools"
    npm install --prefix "$tools" --no-audit --no-fund --loglevel=error node@22 >&2
  fi
  export PATH="$tools/node_modules/node/bin:$PATH"
fi
