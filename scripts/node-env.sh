# Sourced by the README's commands: puts Node 24 LTS first on PATH.
# When the machine's node is older than 24, a project-local Node 24 is installed under .node/
# from the npm registry's `node` package (its platform package carries the binary and the
# headers that native addons such as better-sqlite3 are built against). Nothing is downloaded
# from anywhere but the npm registry.
NODE_LOCAL_VERSION=24.21.0
_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
_major="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"
if [ "$_major" -lt 24 ]; then
  _bin="$_root/.node/node_modules/node/bin"
  if [ "$("$_bin/node" -v 2>/dev/null)" != "v$NODE_LOCAL_VERSION" ]; then
    echo "Installing Node $NODE_LOCAL_VERSION under .node/ (this machine has $(node -v 2>/dev/null || echo no node))"
    rm -rf "$_root/.node"
    mkdir -p "$_root/.node"
    npm install --prefix "$_root/.node" --no-save --no-package-lock --no-audit --no-fund \
      --loglevel=error "node@$NODE_LOCAL_VERSION" >/dev/null
  fi
  export PATH="$_bin:$_root/.node/node_modules/.bin:$PATH"
  for _d in "$_root"/.node/node_modules/node/node_modules/node-*-*; do
    [ -f "$_d/include/node/node_api.h" ] && export npm_config_nodedir="$_d"
  done
else
  # The running Node's own headers (Debian's nodejs ships them under /usr/include/node).
  _prefix="$(dirname "$(dirname "$(command -v node)")")"
  [ -f "$_prefix/include/node/node_api.h" ] && export npm_config_nodedir="$_prefix"
fi
unset _root _major _bin _prefix _d
