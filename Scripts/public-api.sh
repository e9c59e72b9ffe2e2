#!/usr/bin/env bash
# Lists the Archiver library's public declarations from its symbol graph, one per line
# (`Type.member  kind`), and prints their count last. Synthesized members (Equatable's ==,
# Codable's init(from:) …) are the compiler's and are not counted; deprecated ones are listed with
# a `deprecated` mark and counted apart, since they stay only so that older code compiles.
# Usage: Scripts/public-api.sh [symbol-graph folder]   (default: extract them as Scripts/docc.sh does)
set -euo pipefail
cd "$(dirname "$0")/.."

graphs=${1:-}
if [ -z "$graphs" ]; then
    graphs=.build/public-api/symbol-graphs
    Scripts/symbol-graphs.sh "$graphs"
fi

python3 - "$graphs" <<'PY'
import glob, json, sys
symbols = {}
for path in glob.glob(sys.argv[1] + "/Archiver*.symbols.json"):
    for symbol in json.load(open(path))["symbols"]:
        precise = symbol["identifier"]["precise"]
        if symbol["accessLevel"] not in ("public", "open") or "::SYNTHESIZED::" in precise:
            continue
        deprecated = any(a.get("isUnconditionallyDeprecated") or "deprecated" in a
                         for a in symbol.get("availability", []))
        symbols[precise] = (".".join(symbol["pathComponents"]), symbol["kind"]["identifier"], deprecated)
lines = sorted(f"{name}  {kind}{'  deprecated' if deprecated else ''}" for name, kind, deprecated in symbols.values())
print(*lines, sep="\n")
current = sum(1 for _, _, deprecated in symbols.values() if not deprecated)
print(f"public declarations: {len(symbols)} ({current} current, {len(symbols) - current} deprecated)")
PY
