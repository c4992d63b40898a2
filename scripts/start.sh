#!/usr/bin/env bash
# `npm start`: dependencies first (plain Node, no packages needed), then the real work in start.mjs.
set -euo pipefail
cd "$(dirname "$0")/.."
node scripts/install-deps.mjs
exec node scripts/start.mjs "$@"
