#!/bin/sh
# Regenerates the portfolio peer vectors with quantstats 0.0.86 in a virtual environment under
# .build/ (needs network access to PyPI or its mirror). The Swift tests only read the output.
set -eu
cd "$(dirname "$0")/../.."
venv=.build/peers-venv
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/pip" install -q quantstats==0.0.86 scipy
"$venv/bin/python" scripts/peers/portfolio_flows.py > Tests/Fixtures/peers/portfolio-flows-quantstats.json
echo "wrote Tests/Fixtures/peers/portfolio-flows-quantstats.json"
