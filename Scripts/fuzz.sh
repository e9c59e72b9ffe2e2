#!/usr/bin/env bash
# Coverage-guided fuzzing with libFuzzer (swiftc -sanitize=fuzzer,address) for a given time.
#
#     Scripts/fuzz.sh FileReader 300     # five minutes on the file reader
#
# Targets are the folders of Fuzz/ holding a Fuzz<Target>.swift. Each is compiled with the
# library's sources into one module under .build-fuzz/, seeded from Fuzz/<Target>/corpus and the
# test fixtures of what it reads (both left unchanged; new inputs go to .build-fuzz/<Target>/corpus). Crashes, timeouts and out-of-memory
# inputs are written to .build-fuzz/<Target>/artifacts/; turn each into a regression test.
# Prints `reliability: libfuzzer-<target> inputs=… seconds=… crashes=…` at the end.
set -euo pipefail
cd "$(dirname "$0")/.."

target=${1:?usage: Scripts/fuzz.sh <target> <seconds>}
seconds=${2:?usage: Scripts/fuzz.sh <target> <seconds>}
source_file="Fuzz/$target/Fuzz$target.swift"
[ -f "$source_file" ] || { echo "no fuzz target $source_file" >&2; exit 64; }

work=".build-fuzz/$target"
mkdir -p "$work/corpus" "$work/artifacts"
binary="$work/fuzz-$target"
mapfile -t library < <(find Sources/Archiver -name '*.swift' | sort)
swiftc -sanitize=fuzzer,address -parse-as-library -O -g -module-name Archiver -package-name Archiver \
    "${library[@]}" "$source_file" -o "$binary" 2> "$work/build.log" || { cat "$work/build.log" >&2; exit 1; }

# Seeds: the target's own corpus, if it has one (inputs no test reads), and the test fixtures of
# what it reads, so that a fixture exists once: the file reader starts from the migration fixtures
# (0.6's keyed archives, forged binary plists) and the documentation's goldens, the keyed-archive
# reader from the migration fixtures, the JSON reader from JSONTestSuite's parsing cases.
seeds=()
[ -d "Fuzz/$target/corpus" ] && seeds+=("Fuzz/$target/corpus")
case "$target" in
    FileReader) seeds+=(Tests/ArchiverTests/Migration/Fixtures Tests/MigrationDocTests/Goldens) ;;
    KeyedArchive) seeds+=(Tests/ArchiverTests/Migration/Fixtures) ;;
    JSONReader) seeds+=(Tests/ArchiverTests/JSON/JSONTestSuite/test_parsing) ;;
esac

export LSAN_OPTIONS="suppressions=$PWD/Fuzz/lsan.supp print_suppressions=0"
export ASAN_OPTIONS="detect_stack_use_after_return=0 ${ASAN_OPTIONS:-}"
log="$work/last-run.log"
set +e
# -timeout: an input that takes over 10 s is a hang; -rss_limit_mb: over 2 GiB is unbounded memory.
"$binary" "$work/corpus" "${seeds[@]}" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    -max_len=65536 -print_final_stats=1 -artifact_prefix="$work/artifacts/" > "$log" 2>&1 < /dev/null
status=$?
set -e
inputs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
crashes=$(find "$work/artifacts" -type f | wc -l)
echo "reliability: libfuzzer-$target inputs=${inputs:-0} seconds=$seconds crashes=$crashes exit=$status"
if [ "$status" -ne 0 ]; then
    tail -40 "$log" >&2
    exit "$status"
fi
