#!/usr/bin/env bash
# Fetch what the Pyodide check needs (the only step that uses the network):
# the pinned pyodide npm package and pure-Python wheels for CPython 3.12.
set -euo pipefail
cd "$(dirname "$0")"
npm ci --no-audit --no-fund --loglevel=error
python3 -m pip download -q --no-deps --require-hashes --only-binary=:all: \
  --python-version 3.12 --implementation py --abi none --platform any \
  -d wheels -r requirements.txt
