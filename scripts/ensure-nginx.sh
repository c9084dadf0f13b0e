#!/usr/bin/env bash
# nginx for the tests of the production recipe (deploy/nginx): Debian's `nginx` package,
# installed when missing. The tests start their own nginx as this user on loopback ports, with
# the recipe's configuration; the package's own service is neither needed nor started.
set -euo pipefail

if [ -x /usr/sbin/nginx ]; then
    exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
    echo "ensure-nginx: no apt-get here; install nginx as /usr/sbin/nginx to run the proxy tests" >&2
    exit 0  # the proxy tests then skip (and fail under CI=true)
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    SUDO="sudo"
fi
echo "ensure-nginx: installing Debian's nginx package" >&2
export DEBIAN_FRONTEND=noninteractive
# No service is started by the install (policy-rc.d refuses it where one is present).
$SUDO apt-get update -q
$SUDO apt-get install -y -q --no-install-recommends nginx
