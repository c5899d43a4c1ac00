#!/usr/bin/env bash
# Installs the C libraries the package links (GNU GSL, SQLite, libyaml) when they are missing.
# Idempotent: on a machine that has them it only checks and exits.
set -euo pipefail

needed=()
for package in libgsl-dev libsqlite3-dev libyaml-dev; do
    dpkg -s "$package" >/dev/null 2>&1 || needed+=("$package")
done

if ((${#needed[@]} > 0)); then
    echo "setup: installing ${needed[*]}" >&2
    sudo=""
    if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${needed[@]}" >/dev/null
fi
echo "setup: libgsl-dev, libsqlite3-dev and libyaml-dev present" >&2
