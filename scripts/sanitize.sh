#!/usr/bin/env bash
# Runs the test suite under AddressSanitizer and ThreadSanitizer (sweeps and the live shell are
# concurrent). Each sanitizer builds into its own scratch directory, so the normal build stays.
#
#   scripts/sanitize.sh            # both
#   scripts/sanitize.sh address    # one: address or thread
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh

sanitizers=("${@:-address thread}")
for sanitizer in ${sanitizers[*]}; do
    case "$sanitizer" in address | thread) ;; *)
        echo "sanitize.sh: unknown sanitizer '$sanitizer' (address, thread)" >&2
        exit 2
        ;;
    esac
    echo "sanitize: swift test --sanitize=$sanitizer" >&2
    # Leak detection is off (Foundation keeps process-lifetime allocations); TSan stops at the
    # first race.
    TSAN_OPTIONS="halt_on_error=1" ASAN_OPTIONS="detect_leaks=0" \
        swift test --sanitize="$sanitizer" --scratch-path ".build/sanitize-$sanitizer"
done
