#!/usr/bin/env bash
# `npm test`: dependencies first (plain Node, no packages needed), then the stages in test.mjs.
# Flags pass through: npm test -- --skip-e2e | --only=unit,int | --skip=format
set -euo pipefail
cd "$(dirname "$0")/.."
node scripts/install-deps.mjs
exec node scripts/test.mjs "$@"
