#!/usr/bin/env bash
# Checks that each reliability test fails without the fix it guards: for every patch in
# Scripts/Mutations/ (each undoes one fix; its header names the issue item and the test), applies
# it to a scratch copy of the committed tree, builds, runs only the named test, and prints one line:
#
#     caught   04-clears-skip-the-lock   (ConcurrencyTests/hashedIds…: failed, as it must)
#     MISSED   …                          (the test passed with the fix undone)
#     skipped  …                          (the test did not run here, e.g. it needs mount or chattr)
#     broken   …                          (the patch no longer applies or the mutant does not build)
#
#     Scripts/mutation-check.sh                 # every patch
#     Scripts/mutation-check.sh 04 09           # the patches whose names start so
#
# The scratch copy is .build-mutations/tree, refreshed from `git archive HEAD` (commit first:
# uncommitted changes are not checked) and kept between runs so that its builds are incremental:
# the first run builds everything once, then each mutant costs an incremental debug build. The
# worktree itself is never touched. Exits non-zero when any mutation is MISSED or broken.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

scratch=".build-mutations"
tree="$scratch/tree"
mkdir -p "$tree" "$scratch/logs"

# Refresh the scratch tree, rewriting only files whose content changed, so that the build stays
# incremental (git archive stamps every file with the commit's time).
fresh="$scratch/fresh"
rm -rf "$fresh" && mkdir -p "$fresh"
git archive HEAD | tar -x -C "$fresh"
(cd "$fresh" && find . -type f) | while read -r file; do
    if ! cmp -s "$fresh/$file" "$tree/$file"; then
        mkdir -p "$(dirname "$tree/$file")"
        cp "$fresh/$file" "$tree/$file"
    fi
done
(cd "$tree" && find . -path ./.build -prune -o -type f -print) | while read -r file; do
    [ -e "$fresh/$file" ] || rm -f "$tree/$file"
done
rm -rf "$fresh"

applied=""
revert() {
    if [ -n "$applied" ]; then
        (cd "$tree" && patch -p1 -R --quiet < "$root/$applied") || true
        applied=""
    fi
}
trap revert EXIT

header() { sed -n "s/^# $1: //p" "$2" | head -1; }

status=0
patches=(Scripts/Mutations/*.patch)
for patch in "${patches[@]}"; do
    name=$(basename "$patch" .patch)
    if [ $# -gt 0 ]; then
        wanted=false
        for prefix in "$@"; do [[ "$name" == "$prefix"* ]] && wanted=true; done
        $wanted || continue
    fi
    test=$(header Test "$patch")
    log="$scratch/logs/$name.log"
    if ! (cd "$tree" && patch -p1 --quiet --forward < "$root/$patch") > "$log" 2>&1; then
        echo "broken   $name   (the patch does not apply; see $log)"
        status=1
        continue
    fi
    applied="$patch"
    if ! (cd "$tree" && swift build --build-tests) >> "$log" 2>&1; then
        echo "broken   $name   (the mutant does not build; see $log)"
        status=1
        revert
        continue
    fi
    if (cd "$tree" && timeout 900 swift test --skip-build --filter "$test") >> "$log" 2>&1; then
        if grep -qE '^✔ Test [^ ]*\(.*\) (with .* )?passed after' "$log"; then
            echo "MISSED   $name   ($test passed with the fix undone)"
            status=1
        elif grep -qE '^➜ Test .* skipped' "$log"; then
            echo "skipped  $name   ($test did not run here: $(grep -m1 -oE 'skipped: .*' "$log" || echo skipped))"
        else
            echo "MISSED   $name   ($test ran no test: check the filter)"
            status=1
        fi
    else
        echo "caught   $name   ($test failed, as it must)"
    fi
    revert
done
exit $status
