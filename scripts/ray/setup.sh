#!/usr/bin/env bash
# Installs Ray (pinned in scripts/ray/requirements.txt) into a virtual environment under .build/,
# and builds the release workbench binary the Ray tasks run.
#
#   scripts/ray/setup.sh   then   .build/ray-venv/bin/python scripts/ray-sweep.py ...
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ ! -x .build/ray-venv/bin/python ]; then python3 -m venv .build/ray-venv; fi
.build/ray-venv/bin/pip install -q -r scripts/ray/requirements.txt
# A binary given in BITPAL_WORKBENCH (CI's debug build) is used as it is.
if [ -z "${BITPAL_WORKBENCH:-}" ]; then swift build -c release --product workbench >&2; fi
