#!/usr/bin/env python3
"""Looks for code that compiles and runs on Linux but not at the Apple floor Package.swift declares.

    Scripts/apple-floor.py            # checks Sources, Examples, Tests and Tools; exit 1 on a finding

Linux builds none of Apple's platforms, so CI cannot compile for them. What this finds are the four
kinds of fault a review of the library found, each invisible on 64-bit Linux:

1. A typed-throws function type used as a generic argument (`[() throws(E) -> Void]`): its runtime
   metadata exists only from macOS 15 / iOS 18 / tvOS 18 / watchOS 11; `Optional` is exempt.
2. An OS-gated API (Observation, Synchronization, …), or a declaration of ours marked `@available`,
   used where no `@available` or `#available` of a scope around it covers that platform version.
3. An integer literal above `Int32.max` where the value it meets may be an `Int`: watchOS devices
   (armv7k, arm64_32) have a 32-bit `Int`, where such a literal does not compile.
4. `Int(x)` of a 64-bit or `UInt32` value, which traps on a 32-bit `Int` when the value does not
   fit; `Int(exactly:)`, `Int(clamping:)` and `Int(truncatingIfNeeded:)` say what happens instead.

It reads Swift as text, by rules that fit how this repository is written, not as a compiler would;
a line it must let pass says why with a trailing `// apple-floor: <reason>` comment.
"""

import os
import re
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
FOLDERS = ["Sources", "Examples", "Tests", "Tools/Sources", "Tools/Tests", "Benchmarks/Benchmarks"]

# The floor, from Package.swift; an API is gated when it needs more than this.
FLOOR = {"macOS": (12,), "iOS": (15,), "tvOS": (15,), "watchOS": (8,)}

# OS-gated APIs this codebase could reach for, with the first version of each platform.
GATED = [
    (r"@Observable\b|\bwithObservationTracking\b|\bObservations\s*[<({]", {"macOS": (14,), "iOS": (17,), "tvOS": (17,), "watchOS": (10,)}, "Observation"),
    (r"\bMutex\s*<|\bAtomic\s*<|^\s*import\s+Synchronization\b", {"macOS": (15,), "iOS": (18,), "tvOS": (18,), "watchOS": (11,)}, "Synchronization"),
    (r"\bOSAllocatedUnfairLock\b", {"macOS": (13,), "iOS": (16,), "tvOS": (16,), "watchOS": (9,)}, "OSAllocatedUnfairLock"),
    (r"\bURL\s*\(\s*filePath:|\.appending\(\s*(path|component|components):|\bURL\.(cachesDirectory|documentsDirectory|temporaryDirectory|homeDirectory)\b",
     {"macOS": (13,), "iOS": (16,), "tvOS": (16,), "watchOS": (9,)}, "URL's path API of 2022"),
    (r"\bRegex\s*[<(]|\bContinuousClock\b|\bSuspendingClock\b|\bTask\.sleep\(\s*for:", {"macOS": (13,), "iOS": (16,), "tvOS": (16,), "watchOS": (9,)}, "the 2022 standard library (Regex, clocks)"),
    (r"\b(U?Int128)\b|\bString\s*\(\s*validating:", {"macOS": (15,), "iOS": (18,), "tvOS": (18,), "watchOS": (11,)}, "the 2024 standard library"),
    (r"\bInlineArray\b|\bTask\.immediate\b", {"macOS": (26,), "iOS": (26,), "tvOS": (26,), "watchOS": (26,)}, "the 2025 standard library"),
]

LITERAL = re.compile(r"(?<!\w)(?<!\w\.)(0x[0-9A-Fa-f_]+|0b[01_]+|0o[0-7_]+|[0-9][0-9_]*)(?![\w.]|\.[0-9])")
WIDE_TYPES = re.compile(r"\b(U?Int64|UInt32|UInt|Double|Float|Decimal|off_t|TimeInterval|CGFloat)\b|\bUInt64\(|\bInt64\(")
INT_EVIDENCE = re.compile(r"(?<![\w.])Int\b(?!\d)|\.count\b|\bcount\b")
CONVERSION = re.compile(r"(?<![\w.])Int\(\s*(?!exactly:|clamping:|truncatingIfNeeded:|bitPattern:)")
WIDE_SOURCE = re.compile(r"\bst_size\b|\bst_ino\b|\bUInt32\.max\b|\bU?Int64\b|\.u?int64Value\b|\boff_t\b|\buptimeNanoseconds\b")


def strip(line):
    """The line without its comment and string literals' contents (kept as empty quotes)."""
    out, i, in_string = [], 0, False
    while i < len(line):
        c = line[i]
        if in_string:
            if c == "\\":
                i += 2
                continue
            if c == '"':
                in_string = False
                out.append(c)
        elif c == '"':
            in_string = True
            out.append(c)
        elif line.startswith("//", i):
            break
        else:
            out.append(c)
        i += 1
    return "".join(out)


def indentation(line):
    return len(line) - len(line.lstrip(" "))


def enclosing_openers(lines, index):
    """The lines that open the scopes around line `index`, innermost first, each with the
    attribute lines just above it."""
    openers, threshold = [], indentation(lines[index])
    for j in range(index - 1, -1, -1):
        text = lines[j]
        if not text.strip() or text.lstrip().startswith("//") or text.lstrip().startswith("///"):
            continue
        level = indentation(text)
        if level < threshold:
            block = [text]
            k = j - 1
            while k >= 0 and (lines[k].lstrip().startswith("@") or lines[k].lstrip().startswith("///")):
                block.append(lines[k])
                k -= 1
            openers.append("\n".join(block))
            threshold = level
            if level == 0:
                break
    return openers


AVAILABLE = re.compile(r"[@#]available\(([^)]*)\)")


def covers(text, needed):
    """Whether an `@available`/`#available` in `text` raises every Apple platform to `needed`."""
    for match in AVAILABLE.finditer(text):
        spec = match.group(1)
        if "unavailable" in spec and "*" in spec and "," not in spec.replace("*,", ""):
            return True
        granted = {}
        for part in spec.split(","):
            words = part.strip().split()
            if len(words) == 2 and words[0] in FLOOR:
                granted[words[0]] = tuple(int(x) for x in words[1].split("."))
        if all(granted.get(platform, (0,)) >= version for platform, version in needed.items()):
            return True
    return False


def availability_declared(lines, index, needed):
    if covers(lines[index], needed):
        return True
    # The attributes stacked on the declaration the line is part of.
    j = index - 1
    while j >= 0 and lines[j].lstrip().startswith(("@", "///")):
        if covers(lines[j], needed):
            return True
        j -= 1
    for opener in enclosing_openers(lines, index):
        if covers(opener, needed):
            return True
    # `guard #available(...) else { return }` earlier in the same scope.
    level = indentation(lines[index])
    for j in range(index - 1, -1, -1):
        if lines[j].strip() and indentation(lines[j]) < level:
            break
        if "#available" in lines[j] and "guard" in lines[j] and covers(lines[j], needed):
            return True
    return False


def our_gated_declarations(files):
    """Types and functions of ours declared `@available` above the floor, with what they need."""
    found = []
    declaration = re.compile(r"^\s*(?:(?:public|internal|package|private|fileprivate|final|nonisolated|@\w+(?:\([^)]*\))?)\s+)*(?:class|struct|enum|actor|protocol|func|var|let)\s+(\w+)")
    for path, lines in files.items():
        for i, line in enumerate(lines):
            match = AVAILABLE.search(line)
            if not match or not line.lstrip().startswith("@available"):
                continue
            needed = {}
            for part in match.group(1).split(","):
                words = part.strip().split()
                if len(words) == 2 and words[0] in FLOOR:
                    version = tuple(int(x) for x in words[1].split("."))
                    if version > FLOOR[words[0]]:
                        needed[words[0]] = version
            if not needed:
                continue
            for j in range(i + 1, min(i + 6, len(lines))):
                decl = declaration.match(strip(lines[j]))
                if decl:
                    found.append((decl.group(1), needed, path, j))
                    break
    return found


def typed_throws_in_generic_arguments(path, text, report):
    """Finds `throws(E)` function types whose nearest enclosing bracket, looking through tuple
    parentheses, is an array/dictionary `[` or a generic `<` other than `Optional<`."""
    stack = []  # (char, position)
    i, n = 0, len(text)
    line_starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def line_of(position):
        lo, hi = 0, len(line_starts) - 1
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if line_starts[mid] <= position:
                lo = mid
            else:
                hi = mid - 1
        return lo + 1

    while i < n:
        c = text[i]
        if text.startswith("//", i):
            i = text.find("\n", i)
            i = n if i < 0 else i
            continue
        if text.startswith("/*", i):
            end = text.find("*/", i)
            i = n if end < 0 else end + 2
            continue
        if text.startswith('"""', i):
            end = text.find('"""', i + 3)
            i = n if end < 0 else end + 3
            continue
        if c == '"':
            j = i + 1
            while j < n and text[j] != '"' and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            i = j + 1
            continue
        if c in "([{":
            stack.append((c, i))
        elif c == "<" and i > 0 and (text[i - 1].isalnum() or text[i - 1] in "_?]>") and text[i + 1:i + 2] not in ("=", "<", " "):
            stack.append(("<", i))
        elif c in ")]}":
            opener = {")": "(", "]": "[", "}": "{"}[c]
            while stack and stack[-1][0] == "<":
                stack.pop()
            if stack and stack[-1][0] == opener:
                stack.pop()
        elif c == ">" and text[i - 1] != "-" and stack and stack[-1][0] == "<":
            stack.pop()
        elif text.startswith("throws(", i) and (i == 0 or not text[i - 1].isalnum()):
            close = text.find(")", i)
            after = text[close + 1:close + 40].lstrip()
            is_type = after.startswith("->") and not re.search(r"->[^{]*\{", text[close:text.find("\n", close)]) or after.startswith("in")
            if is_type:
                for char, position in reversed(stack):
                    before = text[max(0, position - 12):position].rstrip()
                    if char == "(":
                        if before.endswith(("[", "<", "(", ",", ":", "->", "=")) or before == "":
                            continue  # a tuple or a parenthesised type: look further out
                        break  # a call's or a declaration's parameters
                    if char == "{":
                        if after.startswith("in") and before.endswith(("[", "(", ",", ":", "=")):
                            continue  # a closure value's own brace: look further out
                        break  # a body, or a trailing closure passed to a call
                    if char == "<" and before.endswith("Optional"):
                        break
                    if char in "[<":
                        report(path, line_of(i), "typed-throws function type inside a generic argument "
                               "(needs macOS 15 / iOS 18 / tvOS 18 / watchOS 11 at run time): "
                               "take the closure as a parameter, or use untyped `throws`")
                    break
        i += 1


def switch_subject_type(lines, index):
    """The declared type of the value a `case` line's `switch` looks at, if the text says it."""
    for j in range(index - 1, max(-1, index - 60), -1):
        match = re.search(r"\bswitch\s+(.+?)\s*\{", strip(lines[j]))
        if not match:
            continue
        subject = match.group(1)
        if WIDE_TYPES.search(subject):
            return "wide"
        if re.search(r"\bcount\b|\.count\b|\bInt\(", subject):
            return "Int"
        name = re.fullmatch(r"(\w+)", subject)
        if not name:
            return None
        for k in range(j, max(-1, j - 80), -1):
            declared = re.search(r"\b" + name.group(1) + r"\s*:\s*(\w+)", strip(lines[k])) or \
                re.search(r"\b(?:let|var)\s+" + name.group(1) + r"\s*=\s*(\w+)\(", strip(lines[k]))
            if declared:
                return "wide" if WIDE_TYPES.search(declared.group(1) + "(") else declared.group(1)
        return None
    return None


def main():
    if sys.argv[1:] == ["--self-test"]:
        return self_test()
    files = {}
    for folder in FOLDERS:
        for directory, _, names in os.walk(os.path.join(ROOT, folder)):
            if "/.build" in directory:
                continue
            for name in sorted(names):
                if name.endswith(".swift"):
                    path = os.path.join(directory, name)
                    with open(path, encoding="utf-8") as handle:
                        files[os.path.relpath(path, ROOT)] = handle.read().split("\n")
    findings = check(files)
    for finding in findings:
        print(finding)
    print(f"apple-floor: {len(files)} files, {len(findings)} findings")
    return 1 if findings else 0


def check(files):
    """The findings in `files` (path → lines), as `path:line: message`."""
    findings = []

    def report(path, line, message):
        if "apple-floor:" not in files[path][line - 1]:
            findings.append(f"{path}:{line}: {message}")

    ours = our_gated_declarations(files)
    for path, lines in sorted(files.items()):
        typed_throws_in_generic_arguments(path, "\n".join(lines), report)
        # What an app links: 32-bit `Int` matters there; tests, tools and benchmarks run on Macs.
        ships = path.startswith(("Sources/", "Examples/"))
        for i, raw in enumerate(lines):
            line = strip(raw)
            if not line.strip() or raw.lstrip().startswith("///"):
                continue
            for pattern, needed, name in GATED:
                if re.search(pattern, line) and not availability_declared(lines, i, needed):
                    report(path, i + 1, f"{name} without availability: needs " +
                           ", ".join(f"{p} {'.'.join(map(str, v))}" for p, v in needed.items()))
            for symbol, needed, declared_in, declared_at in ours:
                if (path, i) == (declared_in, declared_at):
                    continue
                if re.search(r"(?<![\w.])" + symbol + r"\b(?!\s*:)", line) and not availability_declared(lines, i, needed):
                    report(path, i + 1, f"`{symbol}` (declared with @available in {declared_in}:{declared_at + 1}) used without availability")
            for literal in LITERAL.finditer(line):
                digits = literal.group(1).replace("_", "")
                base = 16 if digits.startswith("0x") else 2 if digits.startswith("0b") else 8 if digits.startswith("0o") else 10
                value = int(digits[2:] if base != 10 else digits, base)
                if value <= 2**31 - 1 or not ships:
                    continue
                if line.lstrip().startswith("case"):
                    if switch_subject_type(lines, i) != "Int":
                        continue
                elif WIDE_TYPES.search(line) or not INT_EVIDENCE.search(line):
                    continue
                report(path, i + 1, f"integer literal {literal.group(1)} is above Int32.max: on a 32-bit Int "
                       "(watchOS devices) it does not compile; give it a 64-bit type")
            for conversion in CONVERSION.finditer(line):
                depth, j = 1, conversion.end()
                while j < len(line) and depth:
                    depth += {"(": 1, ")": -1}.get(line[j], 0)
                    j += 1
                argument = line[conversion.end():j - 1]
                if ships and WIDE_SOURCE.search(argument):
                    report(path, i + 1, f"Int({argument.strip()}) traps on a 32-bit Int when the value does not fit: "
                           "use Int(exactly:) or Int(clamping:), or compare in the wider type")

    return findings


# Each rule on code it must flag and code it must let pass; `--self-test` runs them.
SELF_TEST = [
    ("let jobs: [(Job, run: () throws(E) -> Void)] = []", 1),
    ("let table: [String: (Int) throws(E) -> Int] = [:]", 1),
    ("let values = [{ () throws(E) in try f() }]", 1),
    ("let maybe: (() throws(E) -> Void)? = nil", 0),
    ("func f(_ body: () throws(E) -> Void) throws(E) -> Int { 0 }", 0),
    ("let all = [decodingError { () throws(E) in try f() }]", 0),
    ("func g() throws(E) -> [Int] { [] }", 0),
    ("@Observable\nfinal class Model {}", 1),
    ("@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)\n@Observable\nfinal class Model {}", 0),
    ("@available(macOS 14, iOS 16, tvOS 17, watchOS 10, *)\n@Observable\nfinal class Model {}", 1),
    ("func f() {\n    let lock = Mutex<Int>(0)\n}", 1),
    ("func f() {\n    if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, *) {\n        let lock = Mutex<Int>(0)\n    }\n}", 0),
    ("func size(count: Int) -> Int {\n    switch count {\n    case ...0xFFFF_FFFF: 6\n    default: 10\n    }\n}", 1),
    ("func size(count: Int) -> Int {\n    switch UInt64(count) {\n    case ...0xFFFF_FFFF: 6\n    default: 10\n    }\n}", 0),
    ("let fits = bytes.count < 4_294_967_295", 1),
    ("let mask: UInt64 = 0x8080_8080_8080_8080", 0),
    ("let size = Int(status.st_size)", 1),
    ("let size = Int(clamping: status.st_size)", 0),
    ("guard count < Int(UInt32.max) else { return }", 1),
]


def self_test():
    failures = 0
    for source, expected in SELF_TEST:
        found = check({"Sources/SelfTest.swift": source.split("\n")})
        if len(found) != expected:
            failures += 1
            print(f"self-test: expected {expected} finding(s), found {len(found)} in:\n{source}\n" + "\n".join(found))
    print(f"apple-floor: self-test, {len(SELF_TEST) - failures} of {len(SELF_TEST)} cases as expected")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
