#!/usr/bin/env bash
# What the test suite needs on a fresh machine, installed when missing; the README's test
# command and .ci/run both call this, so what works in CI works for a newcomer:
#   - the Python packages of requirements-dev.txt (pip);
#   - Chromium and openssl for the page tests (tests/page/test_browser.py): Debian's packages,
#     through apt-get (as root, or with sudo);
#   - the pinned Pyodide runtime and wheels for the WebAssembly check and benchmark
#     (tools/pyodide/setup.sh: npm and pip, from the package registries).
# Each step is skipped when what it installs is there. Exits non-zero when a step fails.
set -euo pipefail
cd "$(dirname "$0")/.."

python3 -m pip install -q -r requirements-dev.txt

if ! command -v chromium >/dev/null 2>&1 || ! command -v openssl >/dev/null 2>&1; then
  if [ "$(id -u)" -eq 0 ]; then
    as_root=()
  elif command -v sudo >/dev/null 2>&1; then
    as_root=(sudo)
  else
    echo "setup_tests: Chromium or openssl is missing and there is no root or sudo to install them:" >&2
    echo "  apt-get install -y chromium openssl" >&2
    exit 1
  fi
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "setup_tests: no apt-get here: install Chromium (as 'chromium' on PATH) and openssl by hand" >&2
    exit 1
  fi
  "${as_root[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -qq chromium openssl
fi

if [ ! -d tools/pyodide/node_modules/pyodide ] || ! ls tools/pyodide/wheels/*.whl >/dev/null 2>&1; then
  if command -v npm >/dev/null 2>&1; then
    bash tools/pyodide/setup.sh
  else
    echo "setup_tests: npm is missing: the WebAssembly check (tests/page/test_webassembly.py) needs node and npm" >&2
    exit 1
  fi
fi
echo "setup_tests: ready (python3 -m pytest)"
