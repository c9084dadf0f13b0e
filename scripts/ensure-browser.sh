#!/usr/bin/env bash
# Headless Chromium for the browser tests: Debian's `chromium-headless-shell` package, installed
# when missing. It renders with the same Blink as the `chromium` browser, without the browser's
# own interface, which `chromium --headless` still draws for every window (2.5 times the CPU
# for the same page tests). Playwright drives it through executable_path and downloads nothing.
set -euo pipefail

if [ -x /usr/bin/chromium-headless-shell ]; then
    exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
    echo "ensure-browser: no apt-get here; install Chromium's headless shell as /usr/bin/chromium-headless-shell (or Chromium as /usr/bin/chromium) to run the browser tests" >&2
    exit 0  # the browser tests then skip (and fail under CI=true)
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    SUDO="sudo"
fi
echo "ensure-browser: installing Debian's chromium-headless-shell package" >&2
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q
if ! $SUDO apt-get install -y -q --no-install-recommends chromium-headless-shell fonts-dejavu-core; then
    # an older release without the shell's package: the browser itself, which the tests drive
    # the same way when the shell is missing (tests/helpers/browser.py), only slower
    [ -x /usr/bin/chromium ] || $SUDO apt-get install -y -q --no-install-recommends chromium fonts-dejavu-core
fi
