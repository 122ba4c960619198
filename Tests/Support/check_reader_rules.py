#!/usr/bin/env python3
"""Checks that a bundle is readable by the reading rules of an earlier format version.

Usage: python3 Tests/Support/check_reader_rules.py SCHEMA BUNDLE_DIR

SCHEMA is the JSON Schema an earlier version of Folio shipped (for 1.0:
Tests/Fixtures/bundle-format/1.0/bundle.schema.json, kept as it was released). A reader
of that version reads by the policy in docs/bundle.md ("Versions"): it ignores fields it
does not know and keeps entries of kinds it does not know. So the rules are the schema
with those two allowances: every `additionalProperties: false` dropped, and the entry
kinds open. Everything else the old schema requires (fields, types, patterns, constants
such as formatVersion 1) must still hold for a bundle written now: that is what makes a
minor version an addition.

Prints one line per problem, then `compatible` or `N problems`; exits 0 or 1.
"""
import json
import os
import sys

import jsonschema


def reader_rules(node):
    """The schema as a reader of its version applies it."""
    if isinstance(node, dict):
        out = {}
        for key, value in node.items():
            if key == "additionalProperties" and value is False:
                continue
            out[key] = reader_rules(value)
        return out
    if isinstance(node, list):
        return [reader_rules(item) for item in node]
    return node


def main():
    schema_path, bundle = sys.argv[1], sys.argv[2]
    with open(schema_path) as f:
        schema = reader_rules(json.load(f))
    kinds = schema["$defs"]["entry"]["properties"]["kind"].pop("enum")
    schema["$defs"]["entry"]["properties"]["kind"]["type"] = "string"
    definitions = {"chapter": "chapter", "quiz": "quiz", "deck": "deck", "welcome": "welcome", "bill-of-rights": "billOfRights"}
    problems = []

    def check(definition, document, where):
        sub = {"$schema": schema["$schema"], "$defs": schema["$defs"], "$ref": f"#/$defs/{definition}"} if definition else schema
        for error in jsonschema.Draft202012Validator(sub).iter_errors(document):
            path = "/".join(str(p) for p in error.absolute_path)
            problems.append(f"{where}: {path}: {error.message[:200]}")

    with open(os.path.join(bundle, "manifest.json")) as f:
        manifest = json.load(f)
    check(None, manifest, "manifest.json")
    checked = 0
    for entry in manifest.get("entries", []):
        kind = entry.get("kind")
        if kind not in kinds:
            continue  # a kind this version did not know: kept, not read
        if kind in definitions:
            with open(os.path.join(bundle, entry["path"])) as f:
                check(definitions[kind], json.load(f), entry["path"])
            checked += 1
    for line in problems:
        print(line)
    print(f"compatible ({checked} files read)" if not problems else f"{len(problems)} problems")
    return 0 if not problems else 1


if __name__ == "__main__":
    sys.exit(main())
