#!/usr/bin/env python3
"""Runs the benchmarks package and writes Docs/performance.md (every table) and Docs/performance.svg.

    python3 Scripts/benchmark-report.py                                # run everything (about 20 minutes), then write
    python3 Scripts/benchmark-report.py --from Docs/performance.json   # write again from a saved run
    python3 Scripts/benchmark-report.py --filter 'load\\..*'            # run part of the suite
    python3 Scripts/benchmark-report.py --filter '(fromjson|archive)\\..*' --note 'shared machine'

A run with --filter replaces the operations it ran in Docs/performance.json (every way of each) and keeps the
others from earlier runs; the section says which run each operation's figures come from, with
--note's words on the conditions (another build running, an idle machine).

Every run is saved to Docs/performance.json (medians, machine, command), which --from reads back, as
it reads package-benchmark's own Influx CSV export (`--format influx`). The script owns
Docs/performance.md, which it writes whole; README.md keeps a short summary that links to it.
Standard library only.
"""

import argparse
import csv
import datetime
import json
import math
import os
import platform
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DOCUMENT = os.path.join(ROOT, "Docs", "performance.md")
SVG = os.path.join(ROOT, "Docs", "performance.svg")
SAVED = os.path.join(ROOT, "Docs", "performance.json")

OPERATIONS = [
    ("fromjson", "JSON text → value"),
    ("serialize", "response object → value"),
    ("archive", "value → `Archive`"),
    ("unarchive", "`Archive` → value"),
    ("store", "value → file"),
    ("load", "file → value"),
    ("loadall", "1,000 files of one type → values"),
]
# Every way the suite is meant to have, in table order; a way missing from a run is named as missing.
WAYS = ["handwritten", "handwrittenunsynced", "derived", "codable", "jsonserialization", "keyedarchiver", "plistserialization", "floor"]
WAY_NOTES = {
    "handwritten": "the tutorial's conformances, through `Archiver`",
    "handwrittenunsynced": "`store` only: `handwritten` by an archiver with `syncsToDisk = false`, so beside "
                           "`handwritten` it shows what flushing each store to the disk costs",
    "derived": "the same user with a key map (the initializer and the entries that differ, nothing else), through `Archiver`",
    "codable": "the Codable bridge (`ArchiveEncoder`/`ArchiveDecoder`); `PropertyListEncoder`/`Decoder` for bytes; for `fromjson`, `JSONDecoder` into a Codable twin",
    "jsonserialization": "`fromjson` only: `JSONSerialization`, then the key map (`decode(responseObject:)`), the way "
                         "from JSON text before `decode(json:)`",
    "keyedarchiver": "Archiver 0.6's storage: `NSKeyedArchiver` of the archive dictionary. Run up to 100 "
                     "reviews only (`loadall` at 3): on Linux it grows with the square of the reviews, "
                     "about 47 s to encode a user with 1,000 (measured once, outside the suite)",
    "plistserialization": "`PropertyListSerialization` binary bytes, no library around them",
    "floor": "an atomic write and a read of the library's bytes, nothing else",
}
COLORS = {
    "handwritten": "#1f77b4", "handwrittenunsynced": "#aec7e8", "derived": "#2ca02c", "codable": "#9467bd", "jsonserialization": "#bcbd22",
    "keyedarchiver": "#d62728", "plistserialization": "#ff7f0e", "floor": "#7f7f7f",
}
LOADALL_FILES = 1_000
# The named payload `fromjson` also reads, besides the user at each size: one GitHub repository.
REPOSITORY = "repository"
FIXTURES = os.path.join(ROOT, "Benchmarks", "Benchmarks", "ArchiverBenchmarks", "Fixtures")
BENCHMARK_COMMAND = "swift package --package-path Benchmarks benchmark"
REPORT_COMMAND = "python3 Scripts/benchmark-report.py"


# MARK: Running and reading results

def run_suite(filter_pattern):
    """Runs the suite with Influx CSV export into a temporary folder and returns the export's text.

    Influx CSV is the one export with every benchmark and metric in one file, as percentiles of raw
    values; JMH drops any benchmark whose runs take over two seconds (it needs a throughput).
    """
    with tempfile.TemporaryDirectory(prefix="archiver-benchmarks-") as output:
        command = [
            "swift", "package", "--package-path", os.path.join(ROOT, "Benchmarks"),
            "--allow-writing-to-directory", output,
            "benchmark", "--format", "influx", "--path", output, "--no-progress",
        ]
        if filter_pattern:
            command += ["--filter", filter_pattern]
        print("$ " + " ".join(command), file=sys.stderr)
        subprocess.run(command, check=True, cwd=ROOT)
        exports = [name for name in os.listdir(output) if name.endswith(".influx.csv")]
        if len(exports) != 1:
            sys.exit(f"expected one Influx CSV export in {output}, found {exports}")
        with open(os.path.join(output, exports[0]), encoding="utf-8") as file:
            text = file.read()
    # Kept (in the ignored build folder) so that a run is not lost if writing the report fails:
    # `--from .build/benchmark-last.influx.csv` writes it again.
    os.makedirs(os.path.join(ROOT, ".build"), exist_ok=True)
    with open(os.path.join(ROOT, ".build", "benchmark-last.influx.csv"), "w", encoding="utf-8") as file:
        file.write(text)
    return text


def results_from_influx(text):
    """name → figures, from package-benchmark's Influx CSV export: medians of raw values (ns, counts, bytes).

    CPU time is kept only where a run takes 100 ms or more: Linux counts it in 10 ms ticks, so a shorter
    run's CPU time is 0 or a tick, never a measurement.
    """
    metrics = {}
    samples = {}
    for row in csv.DictReader(line for line in text.splitlines() if not line.startswith("#")):
        if row.get("percentile") != "50.0":
            continue
        name = row["test"].strip('"')
        metrics.setdefault(name, {})[row["metric"]] = float(row["value"])
        samples[name] = int(row["iterations"])
    results = {}
    for name, values in metrics.items():
        wall = values.get("Time(wallclock)")
        cpu = values.get("Time(totalCPU)")
        results[name] = {
            "wall_ns": wall,
            "cpu_ns": cpu if wall is not None and cpu is not None and wall >= 100e6 else None,
            "mallocs": values.get("Malloc(total)"),
            "peak_bytes": values.get("Memory(residentpeak)"),
            "samples": samples[name],
        }
    return results


def machine():
    def first_line(command):
        try:
            return subprocess.run(command, capture_output=True, text=True, check=True).stdout.strip().splitlines()[0]
        except (OSError, subprocess.CalledProcessError, IndexError):
            return "unknown"

    cpu = "unknown"
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as file:
            for line in file:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        cpu = platform.processor() or "unknown"
    system = platform.system()
    try:
        with open("/etc/os-release", encoding="utf-8") as file:
            for line in file:
                if line.startswith("PRETTY_NAME="):
                    system = line.split("=", 1)[1].strip().strip('"')
    except OSError:
        pass
    return {
        "architecture": platform.machine(),
        "cpu": cpu,
        "cores": os.cpu_count(),
        "system": system,
        "swift": first_line(["swift", "--version"]),
    }


def load_saved(path):
    with open(path, encoding="utf-8") as file:
        text = file.read()
    return json.loads(text) if text.lstrip().startswith("{") else {
        "results": results_from_influx(text), "machine": machine(), "measured": None, "commit": None,
    }


# MARK: Figures

def split(name):
    """(operation, way, size): the size is a number of reviews, or a named payload such as `repository`."""
    # Names of more parts (`generic.fromjson.computed.3`) keep the leading ones as the operation.
    *operation, way, reviews = name.split(".")
    return ".".join(operation), way, int(reviews) if reviews.isdigit() else reviews


def size_key(size):
    return (isinstance(size, str), size if isinstance(size, int) else 0, str(size))


def size_label(size):
    return f"{size:,}" if isinstance(size, int) else f"{size} (one)"


def json_bytes(size):
    """The bytes of JSON text `fromjson` reads at a size, made as Benchmarks' Fixtures/UserResponse.swift makes them."""
    try:
        if size == REPOSITORY:
            return os.path.getsize(os.path.join(FIXTURES, "repository.json"))
        with open(os.path.join(FIXTURES, "UserResponse.swift"), encoding="utf-8") as file:
            source = file.read()
    except OSError:
        return None
    if size == 3:
        # The tutorial's text, which the benchmarks compile from Examples/TutorialData (a link).
        try:
            with open(os.path.join(ROOT, "Examples", "TutorialData", "TutorialResponse.swift"), encoding="utf-8") as file:
                shared = file.read()
        except OSError:
            return None
        literal = shared.split('public let tutorialJSON = #"""\n', 1)[1].split('\n"""#', 1)[0]
        return len(literal.encode("utf-8"))
    templates = re.findall(r'\("([^"]+)", "(\d)", "([^"]+)"\)', source.split("tutorialReviews", 1)[1])[:3]
    reviews = []
    for index in range(size):
        name, rating, text = templates[index % 3]
        reviews.append(f'{{"id": "review-{index}", "restaurant": {{"id": "restaurant-{index}", "name": "{name} {index}"}}, '
                       f'"star_rating": "{rating}", "text": "{text}"}}')
    text = '{"id": "abcd-efgh-ijkl-mnop", "name": "George Costanza", "user_reviews": [\n' + ",\n".join(reviews) + "\n]}"
    return len(text.encode("utf-8"))


def throughput(ns, size):
    """MB/s of JSON text, for `fromjson`."""
    size_bytes = json_bytes(size)
    if not ns or not size_bytes:
        return None
    return size_bytes / (ns / 1e9) / 1e6


def duration(ns):
    if ns is None:
        return "–"
    for unit, scale in (("s", 1e9), ("ms", 1e6), ("µs", 1e3)):
        if ns >= scale:
            return f"{ns / scale:.3g} {unit}"
    return f"{ns:.3g} ns"


def count(value):
    if value is None:
        return "–"
    return f"{value:,.0f}"


def megabytes(value):
    return "–" if value is None else f"{value / 1e6:.0f} MB"


def ratio(numerator, denominator):
    if numerator is None or not denominator:
        return None
    return numerator / denominator


def times(value):
    return "–" if value is None else f"{value:.2f}×"


def handled(operation, reviews):
    """The reviews one run goes through: `loadall` reads 1,000 users; a named payload is one thing."""
    if isinstance(reviews, str):
        return 1
    return reviews * (LOADALL_FILES if operation == "loadall" else 1)


def wall(results, operation, way, reviews):
    entry = results.get(f"{operation}.{way}.{reviews}")
    return entry["wall_ns"] if entry else None


def sizes_of(results, operation):
    return sorted({split(name)[2] for name in results if split(name)[0] == operation}, key=size_key)


def ways_of(results):
    present = {split(name)[1] for name in results}
    return [way for way in WAYS if way in present] + sorted(present - set(WAYS))


# MARK: Targets

def targets(results):
    """The issue's targets, each as (target, verdict, measured figures)."""
    rows = []
    ways = ways_of(results)

    sizes = sizes_of(results, "fromjson")
    for other, limit, aim in (("codable", 1.0, 0.5), ("jsonserialization", 0.5, None)):
        target = f"`fromjson`: derived at most {limit:.1f}× `{other}` at every size" + (f" (aim {aim:.1f}×)" if aim else "")
        figures = [(size, ratio(wall(results, "fromjson", "derived", size), wall(results, "fromjson", other, size))) for size in sizes]
        figures = [(size, value) for size, value in figures if value is not None]
        if not figures:
            rows.append((target, "NOT MEASURED", f"no `fromjson` figures for `derived` and `{other}` in this run"))
            continue
        verdict = "PASS" if all(value <= limit for _, value in figures) else "MISS"
        if aim and verdict == "PASS" and all(value <= aim for _, value in figures):
            verdict = "PASS (aim met)"
        rows.append((target, verdict, ", ".join(f"{value:.2f}× at {size_label(size)}" for size, value in figures)))
    target = "`fromjson`: derived's peak memory no more than `codable`'s"
    figures = []
    for size in sizes:
        derived, codable = (results.get(f"fromjson.{way}.{size}") for way in ("derived", "codable"))
        if derived and codable and derived["peak_bytes"] and codable["peak_bytes"]:
            figures.append((size, derived["peak_bytes"], codable["peak_bytes"]))
    if figures:
        verdict = "PASS" if all(mine <= theirs for _, mine, theirs in figures) else "MISS"
        rows.append((target, verdict, ", ".join(f"{megabytes(mine)} vs {megabytes(theirs)} at {size_label(size)}" for size, mine, theirs in figures)))
    else:
        rows.append((target, "NOT MEASURED", "no `fromjson` memory figures in this run"))
    target = "`fromjson`: derived reads at least 100 MB/s of JSON text (aim)"
    figures = [(size, throughput(wall(results, "fromjson", "derived", size), size)) for size in sizes]
    figures = [(size, value) for size, value in figures if value is not None]
    if figures:
        verdict = "PASS" if all(value >= 100 for _, value in figures) else "MISS"
        rows.append((target, verdict, ", ".join(f"{value:.0f} MB/s at {size_label(size)}" for size, value in figures)))
    else:
        rows.append((target, "NOT MEASURED", "no `fromjson` figures for `derived` in this run"))

    for operation in ("serialize", "archive"):
        target = f"`{operation}`: derived within 1.5× of hand-written"
        if "derived" not in ways:
            rows.append((target, "NOT MEASURED", "there is no `derived` way yet"))
            continue
        figures = [(reviews, ratio(wall(results, operation, "derived", reviews), wall(results, operation, "handwritten", reviews)))
                   for reviews in sizes_of(results, operation)]
        figures = [(reviews, value) for reviews, value in figures if value is not None]
        verdict = "PASS" if figures and all(value <= 1.5 for _, value in figures) else "MISS"
        rows.append((target, verdict, ", ".join(f"{value:.2f}× at {reviews:,}" for reviews, value in figures)))

    for operation in ("store", "load"):
        target = f"`{operation}` at least 10× faster than `keyedarchiver`"
        figures = [(reviews, ratio(wall(results, operation, "keyedarchiver", reviews), wall(results, operation, "handwritten", reviews)))
                   for reviews in sizes_of(results, operation)]
        figures = [(reviews, value) for reviews, value in figures if value is not None]
        if not figures:
            rows.append((target, "NOT MEASURED", "no `keyedarchiver` figures in this run"))
        else:
            verdict = "PASS" if all(value >= 10 for _, value in figures) else "MISS"
            measured = ", ".join(f"{value:.1f}× faster at {reviews:,}" for reviews, value in figures)
            unmeasured = [reviews for reviews in sizes_of(results, operation) if reviews > figures[-1][0]]
            if unmeasured:
                measured += f"; `keyedarchiver` not run at {', '.join(f'{reviews:,}' for reviews in unmeasured)}"
            rows.append((target, verdict, measured))

        target = f"`{operation}` faster than `codable`"
        if "codable" not in ways:
            rows.append((target, "NOT MEASURED", "there is no `codable` way yet"))
        else:
            figures = [(reviews, ratio(wall(results, operation, "codable", reviews), wall(results, operation, "handwritten", reviews)))
                       for reviews in sizes_of(results, operation)]
            figures = [(reviews, value) for reviews, value in figures if value is not None]
            verdict = "PASS" if figures and all(value > 1 for _, value in figures) else "MISS"
            rows.append((target, verdict, ", ".join(f"{value:.2f}× faster at {reviews:,}" for reviews, value in figures)))

    for operation in ("serialize", "store", "load"):
        for way in [way for way in ("handwritten", "derived", "codable") if way in ways]:
            target = f"`{operation}.{way}`: time per review flat within 1.5× from 100 to 10,000 reviews"
            per_review = {reviews: wall(results, operation, way, reviews) / reviews
                          for reviews in (100, 1_000, 10_000) if wall(results, operation, way, reviews)}
            if len(per_review) < 3:
                rows.append((target, "NOT MEASURED", "sizes missing from this run"))
                continue
            spread = max(per_review.values()) / min(per_review.values())
            verdict = "PASS" if spread <= 1.5 else "MISS"
            figures = ", ".join(f"{duration(value)} at {reviews:,}" for reviews, value in per_review.items())
            rows.append((target, verdict, f"{spread:.2f}× apart: {figures}"))
    return rows


# MARK: Markdown

def operation_table(results, operation):
    ways = [way for way in ways_of(results) if any(split(name)[:2] == (operation, way) for name in results)]
    with_codable = "codable" in ways and operation != "loadall"
    with_floor = "floor" in ways
    header = ["way", "reviews", "wall clock (median)", "per review", "CPU (median)", "mallocs", "peak memory", "× hand-written"]
    if operation == "fromjson":
        header.insert(4, "MB/s of JSON")
    if with_codable:
        header.append("× codable")
    if with_floor:
        header.append("× floor")
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join(["---"] * 2 + ["---:"] * (len(header) - 2)) + "|"]
    for way in ways:
        for reviews in sizes_of(results, operation):
            entry = results.get(f"{operation}.{way}.{reviews}")
            if not entry:
                continue
            time = entry["wall_ns"]
            per_review = time / handled(operation, reviews) if time and isinstance(reviews, int) else None
            row = [
                f"`{way}`", size_label(reviews), duration(time), duration(per_review),
                duration(entry["cpu_ns"]), count(entry["mallocs"]), megabytes(entry["peak_bytes"]),
                times(ratio(time, wall(results, operation, "handwritten", reviews))),
            ]
            if operation == "fromjson":
                speed = throughput(time, reviews)
                row.insert(4, "–" if speed is None else f"{speed:.0f}")
            if with_codable:
                row.append(times(ratio(time, wall(results, operation, "codable", reviews))))
            if with_floor:
                row.append(times(ratio(time, wall(results, operation, "floor", reviews))))
            lines.append("| " + " | ".join(row) + " |")
    return "\n".join(lines)


def section(saved):
    results = saved["results"]
    host = saved["machine"]
    ways = ways_of(results)
    missing = [way for way in WAYS if way not in ways]
    runs = saved.get("runs") or []
    if len(runs) > 1:
        def described(run):
            operations = ", ".join(f"`{operation}`" for operation in run["operations"])
            text = f"{operations} on {run['measured']} at commit `{run['commit']}`"
            if run.get("filter"):
                text += f" (`--filter '{run['filter']}'`)"
            if run.get("note"):
                text += f", {run['note']}"
            return text
        measured = "in several runs (" + "; ".join(described(run) for run in runs) + ")"
        commit = ""
    else:
        measured = f"on {saved['measured']}" if saved.get("measured") else "in an earlier run"
        commit = f" at commit `{saved['commit']}`" if saved.get("commit") else ""
        if runs and runs[0].get("note"):
            commit += f" ({runs[0]['note']})"

    parts = [
        "# Performance",
        "",
        f"Every way of doing the job, side by side, measured {measured}{commit} on "
        f"{host['cpu']} ({host['architecture']}, {host['cores']} cores), {host['system']}, {host['swift']}. "
        "Reproduce it, and this section, with:",
        "",
        "```sh",
        f"{REPORT_COMMAND}   # runs `{BENCHMARK_COMMAND} --format influx`, then writes this section",
        "```",
        "",
        "Benchmarks are named `<operation>.<way>.<reviews>` (`swift package --package-path Benchmarks benchmark "
        "--filter 'store\\..*'` runs one operation). The user is the tutorial's, with 3 reviews, and the same user "
        "with 100, 1,000 and 10,000 reviews: for `fromjson` its JSON text, for `serialize` the response object "
        "`JSONSerialization` makes of that text. "
        "The ways:",
        "",
    ]
    for way in ways:
        if way in WAY_NOTES:
            parts.append(f"- `{way}`: {WAY_NOTES[way]}")
    # The cache, generic and cold-start operations name their rows themselves (`cache.load.memory`);
    # their sections say what each is.
    if missing:
        parts += ["", f"Not measured in this run: {', '.join(f'`{way}`' for way in missing)}."]
        unbuilt = [way for way in ("derived", "codable") if way in missing]
        if unbuilt:
            parts[-1] += (f" The {' and '.join(f'`{way}`' for way in unbuilt)} way{'s' if len(unbuilt) > 1 else ''} "
                          "did not exist in the library yet; every figure here predates "
                          f"{'them' if len(unbuilt) > 1 else 'it'}.")
    parts += [
        "",
        "Every figure is a median over the runs; peak memory is the whole process's resident set. CPU time is "
        "shown only for runs of 100 ms or more (– otherwise): Linux counts it in 10 ms ticks. `per review` is "
        "the wall clock over the reviews handled (for `loadall`, over 1,000 × the reviews). "
        "`store`'s wall clock includes waiting for the file system to take the renamed file, which moves "
        "with whatever else the disk is doing; its CPU time, where shown, is the work. "
        "`× hand-written` is a way's wall clock over "
        "`handwritten`'s at the same size (above 1 is slower); `× codable` and `× floor` the same against "
        "`codable` and the bare I/O.",
        "",
        "`fromjson` starts from the JSON text as `Data` and ends with the value: the user at each size, and one "
        "GitHub repository as the REST API returns it (`Benchmarks/Benchmarks/ArchiverBenchmarks/Fixtures/"
        "repository.json`: about 6 KB, nested owner and license objects, nulls, ISO 8601 dates, URLs, and some "
        "70 keys the model does not read). `MB/s of JSON` is the text's size over the wall clock. The other "
        "operations start from what the step before produced, so `serialize`'s `× codable` compares the Codable "
        "bridge on an already-parsed dictionary, not `JSONDecoder` on text.",
        "",
        "### Targets",
        "",
        "| target | verdict | measured |",
        "|---|---|---|",
    ]
    for target, verdict, figures in targets(results):
        parts.append(f"| {target} | **{verdict}** | {figures} |")
    parts += ["", "![Time per review against the number of reviews, one line per way](performance.svg)", ""]
    for operation, description in OPERATIONS:
        if not sizes_of(results, operation):
            continue
        parts += [f"### `{operation}`: {description}", "", operation_table(results, operation), ""]
    return "\n".join(parts).rstrip() + "\n"


ANALYSIS = "<!-- analysis: written by hand, kept by Scripts/benchmark-report.py -->"


def write_document(text):
    """Writes the generated tables, keeping the hand-written analysis after ANALYSIS as it is."""
    header = ("<!-- Written by Scripts/benchmark-report.py from Docs/performance.json, down to the "
              "analysis below: edit the script, not the tables. -->\n\n")
    analysis = ""
    try:
        with open(DOCUMENT, encoding="utf-8") as file:
            existing = file.read()
        if ANALYSIS in existing:
            analysis = "\n" + existing[existing.index(ANALYSIS):]
    except OSError:
        pass
    with open(DOCUMENT, "w", encoding="utf-8") as file:
        file.write(header + text + analysis)


# MARK: Chart

def chart(results):
    """Small multiples, one panel per operation: time per review against reviews, log-log, a line per way."""
    operations = [operation for operation, _ in OPERATIONS if sizes_of(results, operation)]
    ways = ways_of(results)
    panel_width, panel_height, columns = 300, 220, 3
    margin_left, margin_top, margin_bottom, gap = 64, 34, 40, 24
    rows = math.ceil(len(operations) / columns)
    legend_height = 30
    width = columns * (panel_width + margin_left + gap) + gap
    height = legend_height + rows * (panel_height + margin_top + margin_bottom) + 10

    per_review = [results[name]["wall_ns"] / handled(split(name)[0], split(name)[2])
                  for name in results if split(name)[0] in operations and results[name]["wall_ns"]
                  and isinstance(split(name)[2], int)]
    low = 10 ** math.floor(math.log10(min(per_review))) if per_review else 1
    high = 10 ** math.ceil(math.log10(max(per_review))) if per_review else 1e6
    if high <= low:
        high = low * 10
    sizes = [3, 100, 1_000, 10_000]
    x_low, x_high = math.log10(2), math.log10(20_000)

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" '
        'font-family="-apple-system, Helvetica, Arial, sans-serif" font-size="11">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
    ]
    x = gap
    for way in ways:
        color = COLORS.get(way, "#000")
        out.append(f'<line x1="{x}" y1="16" x2="{x + 18}" y2="16" stroke="{color}" stroke-width="2.5"/>')
        out.append(f'<text x="{x + 24}" y="20">{way}</text>')
        x += 34 + 7 * len(way)
    out.append(f'<text x="{width - gap}" y="20" text-anchor="end" fill="#555">time per review (wall clock median) '
               'against reviews, log-log</text>')

    for index, operation in enumerate(operations):
        left = gap + (index % columns) * (panel_width + margin_left + gap) + margin_left
        top = legend_height + (index // columns) * (panel_height + margin_top + margin_bottom) + margin_top

        def px(reviews):
            return left + (math.log10(reviews) - x_low) / (x_high - x_low) * panel_width

        def py(ns):
            return top + panel_height - (math.log10(ns) - math.log10(low)) / (math.log10(high) - math.log10(low)) * panel_height

        out.append(f'<text x="{left}" y="{top - 10}" font-size="13" font-weight="bold">{operation}</text>')
        out.append(f'<rect x="{left}" y="{top}" width="{panel_width}" height="{panel_height}" fill="none" stroke="#999"/>')
        decade = low
        while decade <= high * 1.001:
            y = py(decade)
            out.append(f'<line x1="{left}" y1="{y:.1f}" x2="{left + panel_width}" y2="{y:.1f}" stroke="#e5e5e5"/>')
            out.append(f'<text x="{left - 6}" y="{y + 4:.1f}" text-anchor="end" fill="#555">{duration(decade)}</text>')
            decade *= 10
        for reviews in sizes:
            x = px(reviews)
            out.append(f'<line x1="{x:.1f}" y1="{top}" x2="{x:.1f}" y2="{top + panel_height}" stroke="#e5e5e5"/>')
            out.append(f'<text x="{x:.1f}" y="{top + panel_height + 15}" text-anchor="middle" fill="#555">{reviews:,}</text>')
        out.append(f'<text x="{left + panel_width / 2}" y="{top + panel_height + 32}" text-anchor="middle" fill="#555">reviews</text>')
        for way in ways:
            points = [(px(reviews), py(wall(results, operation, way, reviews) / handled(operation, reviews)))
                      for reviews in sizes if wall(results, operation, way, reviews)]
            if not points:
                continue
            color = COLORS.get(way, "#000")
            path = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
            out.append(f'<polyline points="{path}" fill="none" stroke="{color}" stroke-width="2"/>')
            for x, y in points:
                out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="2.5" fill="{color}"/>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


# MARK: Main

def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--from", dest="source", metavar="FILE",
                        help="write from a saved run (Docs/performance.json, or a package-benchmark Influx CSV export) instead of running")
    parser.add_argument("--filter", help="run only the benchmarks matching this regular expression, keeping the saved figures of the others")
    parser.add_argument("--note", help="the conditions of this run, in words, for the document (such as 'shared machine, other builds running')")
    arguments = parser.parse_args()

    if arguments.source:
        saved = load_saved(arguments.source)
    else:
        results = results_from_influx(run_suite(arguments.filter))
        if not results:
            # package-benchmark matches --filter against the whole name: 'load\..*', not '^load\.'.
            sys.exit(f"the run measured nothing (filter {arguments.filter!r}); nothing was written")
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, cwd=ROOT).stdout.strip()
        run = {
            "measured": datetime.date.today().isoformat(),
            "commit": commit or None,
            "filter": arguments.filter,
            "note": arguments.note,
            "operations": sorted({split(name)[0] for name in results}),
        }
        saved = {
            "measured": run["measured"],
            "commit": run["commit"],
            "machine": machine(),
            "command": BENCHMARK_COMMAND,
            "results": results,
            "runs": [run],
        }
        if arguments.filter and os.path.exists(SAVED):
            earlier = load_saved(SAVED)
            # An operation this run measured is replaced whole, so a way the suite no longer has
            # (a removed form) leaves the tables with it.
            kept = {name: entry for name, entry in earlier["results"].items() if split(name)[0] not in run["operations"]}
            saved["results"] = {**kept, **results}
            earlier_runs = earlier.get("runs") or [{
                "measured": earlier.get("measured"), "commit": earlier.get("commit"), "filter": None, "note": None,
                "operations": sorted({split(name)[0] for name in earlier["results"]}),
            }]
            for previous in earlier_runs:
                previous["operations"] = [operation for operation in previous["operations"] if operation not in run["operations"]]
            saved["runs"] = [previous for previous in earlier_runs if previous["operations"]] + [run]
        os.makedirs(os.path.dirname(SAVED), exist_ok=True)
        with open(SAVED, "w", encoding="utf-8") as file:
            json.dump(saved, file, indent=1, sort_keys=True, ensure_ascii=False)
            file.write("\n")

    if not saved["results"]:
        sys.exit("no results to report")
    os.makedirs(os.path.dirname(SVG), exist_ok=True)
    with open(SVG, "w", encoding="utf-8") as file:
        file.write(chart(saved["results"]))
    write_document(section(saved))
    print(f"wrote {os.path.relpath(DOCUMENT, ROOT)} and {os.path.relpath(SVG, ROOT)}", file=sys.stderr)


if __name__ == "__main__":
    main()
