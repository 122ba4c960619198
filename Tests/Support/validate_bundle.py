#!/usr/bin/env python3
"""Checks Folio bundles against Sources/FolioModel/bundle.schema.json.

Usage: python3 Tests/Support/validate_bundle.py BUNDLE_DIR [BUNDLE_DIR ...]

For each bundle: manifest.json against the schema; every listed file exists with the
listed size and SHA-256 and validates against the $defs entry of its kind; no file is
unlisted; the bundle hash is recomputed; the manifest's chapter, quiz and deck ids each
have their file. Ends with `N passed, M failed` (bundles). Exit 0 if all are valid.
"""
import hashlib
import json
import os
import sys

import jsonschema

SCHEMA_PATH = os.path.join(os.path.dirname(__file__), "..", "..", "Sources", "FolioModel", "bundle.schema.json")
KIND_DEFS = {"chapter": "chapter", "quiz": "quiz", "deck": "deck", "welcome": "welcome", "bill-of-rights": "billOfRights"}


def validator_for(schema, definition):
    sub = {"$schema": schema["$schema"], "$defs": schema["$defs"], "$ref": f"#/$defs/{definition}"}
    return jsonschema.Draft202012Validator(sub)


def check_bundle(root, schema, validators):
    problems = []

    def problem(path, message):
        problems.append(f"{os.path.join(root, path)}: {message}")

    try:
        with open(os.path.join(root, "manifest.json"), "rb") as f:
            manifest = json.load(f)
    except (OSError, ValueError) as error:
        problem("manifest.json", f"cannot read: {error}")
        return problems
    for error in jsonschema.Draft202012Validator(schema).iter_errors(manifest):
        problem("manifest.json", f"{'/'.join(map(str, error.absolute_path))}: {error.message}")
    entries = manifest.get("entries", []) if isinstance(manifest, dict) else []

    listed = set()
    for entry in entries:
        path = entry.get("path", "")
        listed.add(path)
        full = os.path.join(root, path)
        try:
            with open(full, "rb") as f:
                data = f.read()
        except OSError:
            problem(path, "listed in the manifest but missing")
            continue
        if len(data) != entry.get("size"):
            problem(path, f"size {len(data)} but the manifest says {entry.get('size')}")
        if hashlib.sha256(data).hexdigest() != entry.get("sha256"):
            problem(path, "SHA-256 differs from the manifest")
        definition = KIND_DEFS.get(entry.get("kind"))
        if definition:
            try:
                document = json.loads(data)
            except ValueError as error:
                problem(path, f"not JSON: {error}")
                continue
            for error in validators[definition].iter_errors(document):
                problem(path, f"{'/'.join(map(str, error.absolute_path))}: {error.message}")

    for folder, _, files in os.walk(root):
        for name in files:
            path = os.path.relpath(os.path.join(folder, name), root).replace(os.sep, "/")
            if path != "manifest.json" and path not in listed:
                problem(path, "in the bundle but not listed in the manifest")

    ordered = sorted(entries, key=lambda e: e.get("path", ""))
    if [e.get("path") for e in entries] != [e.get("path") for e in ordered]:
        problem("manifest.json", "entries are not sorted by path")
    text = "".join(f"{e.get('path', '')}\0{e.get('sha256', '')}\n" for e in ordered)
    if hashlib.sha256(text.encode("utf-8")).hexdigest() != manifest.get("bundleHash"):
        problem("manifest.json", "bundleHash does not match the entries")

    for chapter in manifest.get("chapters", []):
        if f"chapters/{chapter.get('id')}.json" not in listed:
            problem("manifest.json", f"chapter {chapter.get('id')} has no file")
    for quiz in manifest.get("quizzes", []):
        if f"quizzes/{quiz}.json" not in listed:
            problem("manifest.json", f"quiz {quiz} has no file")
    for deck in manifest.get("decks", []):
        if f"decks/{deck.get('id')}.json" not in listed:
            problem("manifest.json", f"deck {deck.get('id')} has no file")
    if manifest.get("hasBillOfRights") != ("bill-of-rights.json" in listed):
        problem("manifest.json", "hasBillOfRights does not match the files")
    return problems


def main(argv):
    if len(argv) < 2:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    with open(SCHEMA_PATH, "rb") as f:
        schema = json.load(f)
    jsonschema.Draft202012Validator.check_schema(schema)
    validators = {name: validator_for(schema, name) for name in set(KIND_DEFS.values())}
    passed = failed = 0
    for root in argv[1:]:
        problems = check_bundle(root, schema, validators)
        for line in problems:
            print(line)
        if problems:
            failed += 1
        else:
            passed += 1
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
