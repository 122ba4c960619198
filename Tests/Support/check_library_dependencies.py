#!/usr/bin/env python3
"""Checks what the library products an app depends on are built from.

Usage: swift package describe --type json | python3 Tests/Support/check_library_dependencies.py PRODUCT...

For each product, follows its targets' dependencies within the package and lists the
packages' products they use. Fails when one reaches a module of the command line
(FolioSystem, the compiler, the site, the terminal, the server) or a package other than
swift-crypto and GRDB: apps get Foundation, swift-crypto and GRDB, and nothing else.
"""
import json
import sys

ALLOWED_PACKAGE_PRODUCTS = {"Crypto", "GRDB"}
ALLOWED_TARGETS = {"FolioCore", "FolioDigest", "FolioModel", "FolioQuiz", "FolioClient", "FolioProgress"}


def main():
    package = json.load(sys.stdin)
    targets = {t["name"]: t for t in package["targets"]}
    products = {p["name"]: p for p in package["products"]}
    failed = False
    for name in sys.argv[1:]:
        seen, stack, packages = set(), list(products[name]["targets"]), set()
        while stack:
            target = stack.pop()
            if target in seen:
                continue
            seen.add(target)
            packages.update(targets[target].get("product_dependencies", []))
            stack.extend(targets[target].get("target_dependencies", []))
        bad = sorted(seen - ALLOWED_TARGETS) + sorted(packages - ALLOWED_PACKAGE_PRODUCTS)
        print(f"{name}: {', '.join(sorted(seen))}; packages: {', '.join(sorted(packages)) or 'none'}" + (f"; NOT ALLOWED: {', '.join(bad)}" if bad else ""))
        failed |= bool(bad)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
