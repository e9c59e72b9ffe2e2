#!/usr/bin/env bash
# Writes the Archiver module's public symbol graphs (with doc comments) to the folder given, from
# the debug build's module: `swift build --target Archiver` is a no-op after `swift test` has built
# it, so CI compiles the library once for the tests and DocC instead of twice (an
# `-emit-symbol-graph` build has other flags and would rebuild it, and the tests after it).
# Usage: Scripts/symbol-graphs.sh <output folder>
set -euo pipefail
cd "$(dirname "$0")/.."

output=$1
rm -rf "$output"
mkdir -p "$output"

swift build --target Archiver >&2
modules="$(swift build --show-bin-path)/Modules"

if [ "$(uname)" = Darwin ]; then
    # The platforms Package.swift names: the module is built for macOS 12.
    platform=(-target "$(uname -m)-apple-macosx12.0" -sdk "$(xcrun --show-sdk-path)")
else
    platform=(-target "$(swiftc -print-target-info | python3 -c 'import json, sys; print(json.load(sys.stdin)["target"]["triple"])')")
fi
swift symbolgraph-extract -module-name Archiver -I "$modules" "${platform[@]}" \
    -minimum-access-level public -output-dir "$output" >&2
