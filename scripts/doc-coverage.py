#!/usr/bin/env python3
"""Documentation coverage of Courier's public API, per module under Sources/.

Usage:
    scripts/doc-coverage.py                  # the table, one row per module
    scripts/doc-coverage.py --missing MOD    # list MOD's undocumented public declarations (file:line)
    scripts/doc-coverage.py --min 95         # exit 1 if a module with public declarations is below 95 %

Counting rules (a line scanner, not a compiler; it errs on the side of counting more, not less):

* A *public declaration* is a `func`, `init`, `subscript`, `var`, `let`, `class`, `struct`, `enum`, `actor`,
  `protocol`, `typealias`, `associatedtype` or `macro` whose modifiers include `public` or `open`
  (`public(set)` alone does not count), declared at file scope or directly inside a type or extension that is
  itself public, i.e. the same declarations a reader of the generated documentation sees.
  Operators (`static func ==`), protocol witnesses (`description`, `hash(into:)`, `init(from:)`, `encode(to:)`),
  deprecated and unavailable declarations are all counted: they appear in the public interface.
* Every case of a public `enum` counts (cases carry no modifiers); `case a, b` counts as two, both documented
  by one comment above the line.
* Every requirement of a public `protocol` counts (requirements carry no modifiers).
* Extensions are not counted themselves (the project's lint forbids access levels on extensions); their
  members follow the rules above. An extension is treated as extending a public type.
* `let a, b` / `var a, b` on one line count once per line.
* Local declarations inside function or accessor bodies are never counted; `case` labels of a `switch` are
  not enum cases (only braces opened by an enum declaration make cases count).
* A declaration is *documented* when the line directly above it (skipping attribute-only lines such as
  `@inlinable`, `@discardableResult`, `@available(...)` and `#if`/`#else`/`#endif` lines) is a `///` comment
  line or the end of a `/** ... */` block. A blank line or a `//` comment in between detaches the
  documentation and the declaration counts as undocumented.
* `Sources/Courier/Reachability/` is reported on a row of its own (`Courier/Reachability`) and is also
  included in the `Courier` row.
"""

import argparse
import os
import re
import sys

DECL_KEYWORDS = (
    "func",
    "init",
    "subscript",
    "var",
    "let",
    "class",
    "struct",
    "enum",
    "actor",
    "protocol",
    "typealias",
    "associatedtype",
    "macro",
    "case",
    "extension",
)
TYPE_KEYWORDS = {"class", "struct", "enum", "actor", "protocol", "extension"}
MODIFIERS = {
    "public",
    "open",
    "internal",
    "private",
    "fileprivate",
    "package",
    "static",
    "final",
    "override",
    "required",
    "convenience",
    "mutating",
    "nonmutating",
    "lazy",
    "weak",
    "unowned",
    "dynamic",
    "optional",
    "indirect",
    "nonisolated",
    "distributed",
    "isolated",
    "consuming",
    "borrowing",
    "prefix",
    "postfix",
    "infix",
    "__consuming",
}


def strip_code(text):
    """Returns the text with comments and string contents blanked (newlines kept), so braces and keywords
    are only found in code."""
    out = []
    i = 0
    n = len(text)
    # Stack of string states: (delimiter_hashes, multiline); interpolation depth tracked per string.
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
            continue
        if text.startswith("/*", i):
            depth = 0
            j = i
            while j < n:
                if text.startswith("/*", j):
                    depth += 1
                    j += 2
                elif text.startswith("*/", j):
                    depth -= 1
                    j += 2
                    if depth == 0:
                        break
                else:
                    j += 1
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
            continue
        if c == '"' or (c == "#" and re.match(r'#+"', text[i:])):
            m = re.match(r'(#*)("""|")', text[i:])
            hashes, quote = m.group(1), m.group(2)
            j = i + len(m.group(0))
            close = quote + hashes
            escape = "\\" + hashes
            while j < n:
                if text.startswith(escape + "(", j):
                    # Interpolation: skip to the matching parenthesis (strings inside are rare; good enough).
                    k = j + len(escape) + 1
                    depth = 1
                    while k < n and depth:
                        if text[k] == "(":
                            depth += 1
                        elif text[k] == ")":
                            depth -= 1
                        k += 1
                    j = k
                    continue
                if text.startswith(escape, j) and not hashes:
                    j += 2
                    continue
                if text.startswith(close, j):
                    j += len(close)
                    break
                if quote == '"' and text[j] == "\n":
                    break
                j += 1
            out.append(quote + re.sub(r"[^\n]", " ", text[i + len(quote) : j - len(quote)]) + quote)
            i = j
            continue
        out.append(c)
        i += 1
    return "".join(out)


def is_attribute_line(line):
    """Whether a line holds only attributes (`@discardableResult`, `@available(*, noasync, message: "...")`)."""
    return line.lstrip().startswith("@") and parse_decl(line) is None and "{" not in line


DIRECTIVE_LINE = re.compile(r"^\s*#(if|else|elseif|endif)\b")


def is_documented(raw_lines, index):
    """Whether the declaration starting on raw_lines[index] has a doc comment directly above."""
    j = index - 1
    while j >= 0 and (is_attribute_line(raw_lines[j]) or DIRECTIVE_LINE.match(raw_lines[j])):
        j -= 1
    if j < 0:
        return False
    prev = raw_lines[j].strip()
    if prev.startswith("///"):
        return True
    if prev.endswith("*/"):
        k = j
        while k >= 0 and "/*" not in raw_lines[k]:
            k -= 1
        return k >= 0 and "/**" in raw_lines[k]
    return False


def parse_decl(code_line):
    """Returns (keyword, modifiers, rest) if the stripped code line starts a declaration, else None."""
    s = code_line.strip()
    # Leading attributes on the same line.
    while s.startswith("@"):
        m = re.match(r"@\w+(\.\w+)*", s)
        s = s[m.end() :].lstrip()
        if s.startswith("("):
            depth = 0
            for k, ch in enumerate(s):
                if ch == "(":
                    depth += 1
                elif ch == ")":
                    depth -= 1
                    if depth == 0:
                        s = s[k + 1 :].lstrip()
                        break
            else:
                return None
    modifiers = []
    while True:
        m = re.match(r"(\w+)(\s*\(\s*(set|unsafe|safe|nonsending)\s*\))?", s)
        if not m:
            return None
        word = m.group(1)
        if word in MODIFIERS:
            modifiers.append(word + (f"({m.group(3)})" if m.group(2) else ""))
            s = s[m.end() :].lstrip()
            continue
        if word == "class" and re.match(r"class\s+(func|var|let|subscript|init)\b", s):
            modifiers.append("class")
            s = s[m.end() :].lstrip()
            continue
        if word in DECL_KEYWORDS:
            return word, modifiers, s[m.end() :]
        return None


def scan_file(path):
    """Yields (line_number, keyword, name, documented) for each public declaration of the file."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    raw_lines = text.split("\n")
    code_lines = strip_code(text).split("\n")
    # Context stack: each entry is (kind, is_public) where kind is a type keyword or "code".
    stack = [("file", True)]
    pending = None  # (kind, is_public) of a type declaration whose `{` has not been seen yet
    results = []
    for index, code in enumerate(code_lines):
        parent_kind, parent_public = stack[-1]
        in_type_scope = parent_kind in TYPE_KEYWORDS or parent_kind == "file"
        decl = parse_decl(code) if in_type_scope and pending is None else None
        if decl:
            keyword, modifiers, rest = decl
            declared_public = "public" in modifiers or "open" in modifiers
            if keyword == "case":
                counted = parent_kind == "enum" and parent_public
                if counted:
                    names = re.findall(r"(?:^|,)\s*`?(\w+)`?", re.sub(r"\([^)]*\)|=[^,]*", "", rest))
                    doc = is_documented(raw_lines, index)
                    for name in names or ["?"]:
                        results.append((index + 1, "case", name, doc))
            elif keyword == "extension":
                pending = ("extension", True)
            else:
                if parent_kind == "protocol":
                    is_public = parent_public and keyword != "class"
                else:
                    is_public = declared_public and parent_public
                name_match = re.match(r"\s*`?([\w.]+|[^\s(<:]+)", rest)
                name = name_match.group(1) if name_match else keyword
                if keyword == "init" or keyword == "subscript":
                    name = keyword
                if is_public:
                    results.append((index + 1, keyword, name, is_documented(raw_lines, index)))
                if keyword in TYPE_KEYWORDS:
                    pending = (keyword, is_public)
        # Track braces on this line.
        for ch in code:
            if ch == "{":
                if pending is not None:
                    stack.append(pending)
                    pending = None
                else:
                    stack.append(("code", False))
            elif ch == "}":
                if len(stack) > 1:
                    stack.pop()
    return results


def module_rows(root):
    rows = {}
    sources = os.path.join(root, "Sources")
    for module in sorted(os.listdir(sources)):
        module_dir = os.path.join(sources, module)
        if not os.path.isdir(module_dir):
            continue
        for dirpath, _, filenames in os.walk(module_dir):
            for filename in sorted(filenames):
                if not filename.endswith(".swift"):
                    continue
                path = os.path.join(dirpath, filename)
                relative = os.path.relpath(path, root)
                keys = [module]
                if relative.startswith("Sources/Courier/Reachability/"):
                    keys.append("Courier/Reachability")
                for line, keyword, name, doc in scan_file(path):
                    for key in keys:
                        rows.setdefault(key, []).append((relative, line, keyword, name, doc))
        rows.setdefault(module, [])
    return rows


def main():
    parser = argparse.ArgumentParser(description="Documentation coverage of public declarations.")
    parser.add_argument("--root", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    parser.add_argument("--missing", metavar="MODULE", help="list the undocumented declarations of MODULE")
    parser.add_argument("--min", type=float, help="exit 1 if a module is below this percentage")
    args = parser.parse_args()
    rows = module_rows(args.root)
    if args.missing:
        for relative, line, keyword, name, doc in rows.get(args.missing, []):
            if not doc:
                print(f"{relative}:{line}: {keyword} {name}")
        return 0
    print(f"{'module':<24} {'public':>7} {'documented':>11} {'percent':>8}")
    total = documented_total = 0
    failed = False
    for key in sorted(rows, key=lambda k: (k.lower())):
        decls = rows[key]
        documented = sum(1 for d in decls if d[4])
        percent = 100.0 * documented / len(decls) if decls else 100.0
        shown = f"{percent:7.1f}%" if decls else "      -"
        print(f"{key:<24} {len(decls):>7} {documented:>11} {shown:>8}")
        if key != "Courier/Reachability":
            total += len(decls)
            documented_total += documented
        if args.min is not None and decls and percent < args.min:
            failed = True
    print(f"{'all modules':<24} {total:>7} {documented_total:>11} {100.0 * documented_total / max(total, 1):7.1f}%")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
