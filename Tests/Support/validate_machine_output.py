#!/usr/bin/env python3
"""Checks JSON documents that folio printed against docs/machine-output.schema.json.

Usage: python3 Tests/Support/validate_machine_output.py FILE [FILE ...]

Each FILE holds exactly one JSON document (all a `--format json` run may print).
Prints one line per problem (file: message), then `N passed, M failed`. Exits 0 when
every document is valid, 1 when one is not, 2 on a usage error.
"""
import json
import pathlib
import sys

import jsonschema

SCHEMA = pathlib.Path(__file__).resolve().parents[2] / "docs" / "machine-output.schema.json"


def main():
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    schema = json.loads(SCHEMA.read_text())
    validator = jsonschema.Draft202012Validator(schema)
    failed = 0
    for name in sys.argv[1:]:
        text = pathlib.Path(name).read_text()
        try:
            document = json.loads(text)
        except json.JSONDecodeError as error:
            print(f"{name}: not one JSON document: {error}")
            failed += 1
            continue
        problems = sorted(validator.iter_errors(document), key=lambda e: list(e.path))
        for problem in problems:
            print(f"{name}: {'/'.join(map(str, problem.path))}: {problem.message}")
        failed += bool(problems)
    print(f"{len(sys.argv) - 1 - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
