#!/usr/bin/env python3
"""Writes the fuzzer's first inputs: every chapter, quiz, deck, welcome page, settings
file, bill of rights, and HTML page and SVG picture of media/ of the sample program and
the test fixtures, each prefixed with
the byte that tells folio-fuzz which file of its program the rest stands for, and the
inputs in regressions/ that once crashed a reader.

Usage: python3 Tests/Fuzz/seed_corpus.py OUT_FOLDER
"""
import hashlib
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..")
# The order of FuzzProgram.targets in Sources/folio-fuzz/FuzzTarget.swift.
KINDS = [("chapters", ".md"), ("quizzes", ".yaml"), ("decks", ".yaml"), ("decks", ".txt"), ("welcome.md", ""), ("folio.yaml", ""),
         ("bill-of-rights.yaml", ""), ("media", ".html"), ("media", ".svg")]


def kind(relative):
    for index, (start, ending) in enumerate(KINDS):
        if ending and relative.startswith(start + "/") and relative.endswith(ending):
            return index
        if not ending and relative == start:
            return index
    return None


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    count = 0
    for base in [os.path.join(ROOT, "Content"), os.path.join(ROOT, "Tests", "Fixtures")]:
        for folder, _, files in os.walk(base):
            for name in files:
                path = os.path.join(folder, name)
                relative = os.path.relpath(path, base)
                # Fixtures hold programs in folders of their own: read paths from the program's root.
                parts = relative.split(os.sep)
                for start in range(len(parts)):
                    index = kind("/".join(parts[start:]))
                    if index is not None:
                        break
                if index is None or os.path.getsize(path) > 8192:
                    continue
                data = bytes([index]) + open(path, "rb").read()
                with open(os.path.join(out, hashlib.sha1(data).hexdigest()), "wb") as f:
                    f.write(data)
                count += 1
    # Inputs that once crashed a reader, kept as they were found (first byte included).
    regressions = os.path.join(HERE, "regressions")
    for name in sorted(os.listdir(regressions)):
        data = open(os.path.join(regressions, name), "rb").read()
        with open(os.path.join(out, hashlib.sha1(data).hexdigest()), "wb") as f:
            f.write(data)
        count += 1
    print(f"{count} seed inputs in {out}")


if __name__ == "__main__":
    main()
