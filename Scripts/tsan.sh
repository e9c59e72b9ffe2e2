#!/usr/bin/env bash
# The concurrency tests under Thread Sanitizer, in their own build folder so that they never
# share objects with the normal build. Exits non-zero on any reported race.
#
#     Scripts/tsan.sh                      # CI size
#     ARCHIVER_STRESS=1 Scripts/tsan.sh    # stress size
set -euo pipefail
cd "$(dirname "$0")/.."

filter='StressTests|ListingWhileClearingTests|ConcurrencyTests|AppTargetTests|ThreadHopTests|BackgroundLoadTests|ObservationTests|CacheRound4Tests'
# halt_on_error: the first race fails the run instead of scrolling past; suppressions: see the file.
export TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1 suppressions=$PWD/Scripts/tsan.supp ${TSAN_OPTIONS:-}"
mkdir -p .build-tsan
set +e
swift test --sanitize=thread --scratch-path .build-tsan --filter "$filter" 2>&1 | tee .build-tsan/last-run.log
status=${PIPESTATUS[0]}
set -e
if grep -q "WARNING: ThreadSanitizer" .build-tsan/last-run.log; then
    echo "tsan: races reported, see .build-tsan/last-run.log" >&2
    exit 1
fi
exit "$status"
