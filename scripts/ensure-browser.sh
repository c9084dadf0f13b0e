#!/usr/bin/env bash
# Headless Chromium for the browser tests: Debian's `chromium` package, installed when missing.
# Playwright drives it through executable_path; it never downloads a browser of its own.
set -euo pipefail

if [ -x /usr/bin/chromium ]; then
    exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
    echo "ensure-browser: no apt-get here; install Chromium as /usr/bin/chromium to run the browser tests" >&2
    exit 0  # the browser tests then skip (and fail under CI=true)
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    SUDO="sudo"
fi
echo "ensure-browser: installing Debian's chromium package" >&2
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q
$SUDO apt-get install -y -q --no-install-recommends chromium fonts-dejavu-core
