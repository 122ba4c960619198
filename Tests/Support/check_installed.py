#!/usr/bin/env python3
"""Checks that an installed version of a bundle is whole, for the sync tests.

Usage: python3 Tests/Support/check_installed.py VERSION_FOLDER

Exits 0 when the folder holds manifest.json, every file it lists as a plain file with the
listed size and SHA-256, and nothing else but manifest.sig; otherwise prints what is wrong
and exits 1.
"""
import hashlib
import json
import os
import sys


def main():
    folder = sys.argv[1]
    problems = []
    try:
        with open(os.path.join(folder, "manifest.json"), "rb") as handle:
            manifest = json.load(handle)
    except (OSError, ValueError) as error:
        print(f"no readable manifest.json in {folder}: {error}")
        return 1
    listed = {"manifest.json", "manifest.sig"}
    for entry in manifest["entries"]:
        path = entry["path"]
        listed.add(path)
        full = os.path.join(folder, path)
        if os.path.islink(full) or not os.path.isfile(full):
            problems.append(f"{path}: missing or not a plain file")
            continue
        with open(full, "rb") as handle:
            data = handle.read()
        if len(data) != entry["size"]:
            problems.append(f"{path}: {len(data)} bytes, listed {entry['size']}")
        elif hashlib.sha256(data).hexdigest() != entry["sha256"]:
            problems.append(f"{path}: another SHA-256 than listed")
    for root, _, names in os.walk(folder):
        for name in names:
            path = os.path.relpath(os.path.join(root, name), folder)
            if path not in listed:
                problems.append(f"{path}: not listed")
    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
