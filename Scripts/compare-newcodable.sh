#!/usr/bin/env bash
# Archiver's decode(json:) and jsonData() against Apple's NewCodable prototype and Foundation:
# runs the comparison harness in ../shared/peers/NewCodable with this repository's models
# (Scripts/NewCodableHarness), taking the same arguments as its compare.sh. Run from the root:
#
#   Scripts/compare-newcodable.sh                        # timing: ratios per size, last line PASS|FAIL
#   Scripts/compare-newcodable.sh features               # what each library does with odd input
#   Scripts/compare-newcodable.sh count archiver 1000 20 # for callgrind
#
# Helpers that share the machine take a lock, as the harness's build cache is shared:
#
#   flock /tmp/newcodable.lock Scripts/compare-newcodable.sh
#
# Why a wrapper: the harness's package template names a `TutorialData` product and its Fixture.swift
# imports it, for the tutorial's JSON text; Archiver exports no such product (an app that depends on
# Archiver should not see example data), and ../shared is not ours to edit. So the harness is copied
# to a temporary folder, its template loses that product and its Fixture.swift the import, and the
# text comes in as a source file, Scripts/NewCodableHarness/TutorialResponse.swift, a link to
# Examples/TutorialData/TutorialResponse.swift (as the benchmarks and Tools compile it). The copy's
# compare.sh then runs with the same build folder as the original ($PEER_BUILD_DIR, by default
# ~/.cache/archiver-newcodable): the package it generates there has the same paths and names as the
# original's, so a build made by either is reused and only Archiver is rebuilt.
set -euo pipefail
proj="$(pwd)"
[ -f "$proj/Package.swift" ] && [ -d "$proj/Scripts/NewCodableHarness" ] || { echo "run from the project's root" >&2; exit 2; }
peer="${NEWCODABLE_PEER_DIR:-$proj/../shared/peers/NewCodable}"
[ -x "$peer/compare.sh" ] || { echo "no harness at $peer (set NEWCODABLE_PEER_DIR)" >&2; exit 2; }

copy="$(mktemp -d "${TMPDIR:-/tmp}/archiver-newcodable-peer.XXXXXX")"
trap 'rm -rf "$copy"' EXIT
cp -R "$peer/." "$copy/"
chmod -R u+w "$copy"

template="$copy/Harness/Package.swift.template"
fixture="$copy/Harness/Sources/Harness/Fixture.swift"
grep -q '"TutorialData"' "$template" || { echo "the harness's template no longer names TutorialData: this wrapper may go" >&2; exit 1; }
sed -i.orig '/\.product(name: "TutorialData"/d' "$template"
sed -i.orig '/^import TutorialData$/d' "$fixture"
rm -f "$template.orig" "$fixture.orig"
if grep -q 'TutorialData' "$template" || grep -q '^import TutorialData' "$fixture"; then
  echo "could not take TutorialData out of the harness copy in $copy" >&2; exit 1
fi

ARCHIVER_MODELS_DIR="${ARCHIVER_MODELS_DIR:-$proj/Scripts/NewCodableHarness}" "$copy/compare.sh" "$@"
