#!/usr/bin/env bash
# Runs the reliability tests and the fuzz targets, and prints the figures for the Guarantees
# article's table (Sources/Archiver/Archiver.docc/Guarantees.md): one `reliability: …` line per test or target.
#
#     Scripts/reliability-figures.sh            # CI size, 60 s per fuzz target
#     ARCHIVER_STRESS=1 FUZZ_SECONDS=150 Scripts/reliability-figures.sh   # the table's stress column
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${FUZZ_SECONDS:-60}
log=$(mktemp)
swift test --filter 'StressTests|ListingWhileClearingTests|ConcurrencyTests|CrashSafetyTests|FileReaderFuzzTests|KeyedArchiveFuzzTests|HelperFuzzTests|LimitsTests|FuzzerFindingsTests|StackDepthTests|ValueDepthTests|FileSystemHazardTests|LegacyFileNameTests|BinaryPropertyListReaderTests|JSONFuzzTests|JSONReaderTests' 2>&1 | tee "$log" | grep -E '^reliability:|✘|passed after .* seconds\.$' || true
for target in Fuzz/*/; do
    name=$(basename "$target")
    [ -f "$target/Fuzz$name.swift" ] && Scripts/fuzz.sh "$name" "$seconds" || true
done
grep -q '✘' "$log" && { echo "reliability: FAILURES, see above" >&2; exit 1; }
rm -f "$log"
