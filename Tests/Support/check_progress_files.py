#!/usr/bin/env python3
"""Checks the example progress files of Tests/Fixtures/progress-files against
Sources/FolioProgress/progress-file.schema.json (with jsonschema, dates checked) and
with the site's Sources/FolioSite/Assets/progress-file.js (run by node), and prints, for
each file, whether each found it valid, as JSON: {"valid/x.json": {"schema": true,
"script": true}, ...}. FolioProgress's ProgressFile is held to the same answers by
ProgressFileAgreementTests, which runs this.

Usage: python3 Tests/Support/check_progress_files.py
"""
import json
import pathlib
import subprocess
import sys

import jsonschema

ROOT = pathlib.Path(__file__).resolve().parents[2]
SCHEMA = ROOT / "Sources" / "FolioProgress" / "progress-file.schema.json"
SCRIPT = ROOT / "Sources" / "FolioSite" / "Assets" / "progress-file.js"
EXAMPLES = ROOT / "Tests" / "Fixtures" / "progress-files"

# The script is asked as the page asks it: the file's words, through JSON.parse.
NODE = """
const check = require(process.argv[1]);
const fs = require('fs');
const answers = {};
for (const path of process.argv.slice(2)) {
  const result = check.read(fs.readFileSync(path, 'utf8'));
  answers[path] = !result.problem && result.refused.length === 0;
}
process.stdout.write(JSON.stringify(answers));
"""


def main():
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    validator = jsonschema.Draft202012Validator(schema, format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER)
    files = sorted(EXAMPLES.glob("*/*.json"))
    script = subprocess.run(["node", "-e", NODE, str(SCRIPT)] + [str(f) for f in files], capture_output=True, text=True, check=True)
    by_script = json.loads(script.stdout)
    answers = {}
    for path in files:
        document = json.loads(path.read_text(encoding="utf-8"))
        answers[str(path.relative_to(EXAMPLES))] = {"schema": validator.is_valid(document), "script": by_script[str(path)]}
    json.dump(answers, sys.stdout, indent=1, sort_keys=True)
    print()


if __name__ == "__main__":
    main()
