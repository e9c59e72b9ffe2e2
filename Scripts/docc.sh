#!/usr/bin/env bash
# Builds the Archiver documentation catalog with the toolchain's docc and fails on any warning:
# symbol graphs of the debug build's module (Scripts/symbol-graphs.sh: public symbols only, with
# their doc comments, and no second build of the library), then
# `docc convert --warnings-as-errors`. Also fails when a public symbol has no doc comment.
# Usage: Scripts/docc.sh [output folder]   (default: .build/docc/Archiver.doccarchive)
set -euo pipefail
cd "$(dirname "$0")/.."

symbol_graphs=.build/docc/symbol-graphs
output=${1:-.build/docc/Archiver.doccarchive}
Scripts/symbol-graphs.sh "$symbol_graphs"

# Only the library's own graphs: the module and its extensions of Swift and Foundation types.
find "$symbol_graphs" -name '*.symbols.json' ! -name 'Archiver.symbols.json' ! -name 'Archiver@*.symbols.json' -delete

# Every public symbol has a doc comment of its own, or inherits one from the protocol requirement
# it implements (DocC shows that one). Synthesized members are the compiler's, not ours.
python3 - "$symbol_graphs" <<'PY'
import glob, json, sys
graphs = [json.load(open(path)) for path in glob.glob(sys.argv[1] + "/*.symbols.json")]
requirements = {}
for graph in graphs:
    for relation in graph["relationships"]:
        if relation["kind"] == "defaultImplementationOf" or relation["kind"] == "requirementOf":
            requirements.setdefault(relation["source"], relation["target"])
documented = {s["identifier"]["precise"] for g in graphs for s in g["symbols"] if s.get("docComment")}
missing = []
for graph in graphs:
    implements = {r["source"]: r["target"] for r in graph["relationships"]
                  if r["kind"] in ("defaultImplementationOf", "overrides")}
    for symbol in graph["symbols"]:
        precise = symbol["identifier"]["precise"]
        if symbol["accessLevel"] not in ("public", "open") or "::SYNTHESIZED::" in precise:
            continue
        if symbol.get("docComment"):
            continue
        # A member that implements a documented requirement (of our protocols or the standard
        # library's, such as CustomStringConvertible.description) inherits its documentation.
        if precise in implements or symbol["pathComponents"][-1] in ("description", "init(rawValue:)", "rawValue"):
            continue
        missing.append(".".join(symbol["pathComponents"]))
if missing:
    print("Public symbols without a doc comment:", *sorted(set(missing)), sep="\n  ")
    sys.exit(1)
PY

docc convert Sources/Archiver/Archiver.docc \
    --additional-symbol-graph-dir "$symbol_graphs" \
    --fallback-display-name Archiver \
    --fallback-bundle-identifier com.archiver.Archiver \
    --output-dir "$output" \
    --warnings-as-errors
echo "Documentation built: $output"
