#!/bin/sh
# Re-records the keyed-archive fixtures that the migration tests read. Run it on purpose, review
# the diff, and commit the result: the tests compare against what is committed, never against a
# fresh recording.
#
#     Scripts/make-legacy-fixtures.sh          # needs swift, python3 and `pip install bpylist2`
set -eu
cd "$(dirname "$0")/.."
out=Tests/ArchiverTests/Migration/Fixtures
mkdir -p "$out"
swift Scripts/LegacyFixtures/FoundationFixtures.swift "$out"
python3 Scripts/LegacyFixtures/independent_fixtures.py "$out"
