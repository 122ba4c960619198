#!/usr/bin/env python3
"""Checks Folio bundles against Sources/FolioModel/bundle.schema.json.

Usage: python3 Tests/Support/validate_bundle.py BUNDLE_DIR [BUNDLE_DIR ...]

BUNDLE_DIR is a folder holding manifest.json (an output folder holding bundle/ also
does). For each bundle:
- manifest.json validates against the schema;
- every listed file exists, has the listed size and SHA-256, and, for kinds chapter,
  quiz, deck, welcome and bill-of-rights, validates against that kind's $defs entry;
- no file is in the folder but not listed (but manifest.json and manifest.sig); bundleHash
  is recomputed; schema.json is the schema itself;
- across files: every chapter, quiz and deck of the manifest has its file and every
  such file is in the manifest, with the id its path gives; the manifest's summaries
  match the files; chapter order, previous and next follow reading order; chapters and
  quizzes name each other both ways; ids are unique; choices are c1, c2, ... in order;
  draw is at most the number of questions; videos and chapter links point to files and
  chapters of the bundle.
Prints one line per problem (file: message), then `N passed, M failed` (bundles).
Exits 0 when every bundle is valid, 1 when one is not, 2 on a usage error.
"""
import collections
import concurrent.futures
import hashlib
import json
import os
import re
import sys
import unicodedata

import jsonschema

SCHEMA_PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Sources", "FolioModel", "bundle.schema.json")
# Manifest entry kind -> the schema's $defs entry for the file.
KIND_DEFS = {
    "chapter": "chapter", "quiz": "quiz", "deck": "deck", "welcome": "welcome", "bill-of-rights": "billOfRights", "search": "searchIndex",
    "interface": "interfaceStrings",
}
# A translated part's file (kind `translation`, 1.6) is of the kind its path names.
TRANSLATED_PATH = re.compile(r"^languages/[^/]+/(welcome\.json|bill-of-rights\.json|chapters/|quizzes/|decks/|search/)")
TRANSLATED_DEFS = {"welcome.json": "welcome", "bill-of-rights.json": "billOfRights", "chapters/": "chapter", "quizzes/": "quiz",
                   "decks/": "deck", "search/": "searchIndex"}


def definition_of(entry):
    """The schema's $defs entry for a listed file, by its kind (a translation's by its path)."""
    kind = text(entry.get("kind"))
    if kind == "translation":
        match = TRANSLATED_PATH.match(text(entry.get("path")) or "")
        return TRANSLATED_DEFS[match.group(1)] if match else None
    return KIND_DEFS.get(kind)


# Manifest entry kind -> the folder its files are in, named by id.
KIND_FOLDERS = {"chapter": "chapters", "quiz": "quizzes", "deck": "decks"}
VIDEO_PLACEHOLDER = re.compile(r'<figure class="folio-video" data-video="([0-9]+)"></figure>')
CHAPTER_LINK = re.compile(r'href="folio:chapter/([^"#?]*)')
MAX_MESSAGE = 300
# Bundles with this many JSON files are checked against the schema in several processes.
PARALLEL_FROM = 200


def validator_for(schema, definition):
    """A validator for one $defs entry, its references resolved within the same schema."""
    sub = {"$schema": schema["$schema"], "$defs": schema["$defs"], "$ref": f"#/$defs/{definition}"}
    return jsonschema.Draft202012Validator(sub)


class SchemaChecker:
    """The schema's validators: the whole schema for manifest.json, a $defs entry for the rest."""

    def __init__(self, schema):
        self.schema = schema
        self.validators = {name: validator_for(schema, name) for name in KIND_DEFS.values()}
        self.validators["manifest"] = jsonschema.Draft202012Validator(schema)

    def problems(self, definition, document):
        """`where: message` for each way `document` breaks the schema."""
        lines = []
        for error in self.validators[definition].iter_errors(document):
            where = "/".join(map(str, error.absolute_path))
            lines.append(f"{where}: {describe(error)}" if where else describe(error))
        return lines

    def problems_of_many(self, items):
        """problems() for each (definition, document), on every core for a large bundle."""
        workers = min(os.cpu_count() or 1, 16)
        if len(items) >= PARALLEL_FROM and workers > 1:
            try:
                with concurrent.futures.ProcessPoolExecutor(workers, initializer=_start_worker, initargs=(self.schema,)) as pool:
                    return list(pool.map(_worker_problems, items, chunksize=max(1, len(items) // (workers * 4))))
            except (OSError, concurrent.futures.process.BrokenProcessPool):
                pass  # no processes here: check in this one
        return [self.problems(definition, document) for definition, document in items]


_worker_checker = None


def _start_worker(schema):
    global _worker_checker
    _worker_checker = SchemaChecker(schema)


def _worker_problems(item):
    return _worker_checker.problems(*item)


def parse_json(data):
    """Strict JSON: UTF-8, no NaN or Infinity."""

    def reject(name):
        raise ValueError(f"`{name}` is not JSON")

    return json.loads(data.decode("utf-8"), parse_constant=reject)


def path_order(path):
    """Entries are sorted by the UTF-8 bytes of their paths, an order every language can reproduce."""
    return path.encode("utf-8")


def is_safe(path):
    """Whether a listed path stays inside the bundle, so that it can be opened."""
    parts = path.split("/")
    return bool(path) and not path.startswith("/") and "\\" not in path and ".." not in parts and "\0" not in path


class BundleCheck:
    def __init__(self, root, checker):
        self.root = root
        self.checker = checker
        self.problems = []

    def problem(self, path, message):
        if len(message) > MAX_MESSAGE:
            message = message[: MAX_MESSAGE - 3] + "..."
        self.problems.append(f"{os.path.join(self.root, path) if path else self.root}: {message}")

    def run(self):
        if not os.path.isdir(self.root):
            self.problem("", "not a folder")
            return self.problems
        if not os.path.exists(os.path.join(self.root, "manifest.json")) and os.path.isfile(os.path.join(self.root, "bundle", "manifest.json")):
            self.root = os.path.join(self.root, "bundle")
        try:
            with open(os.path.join(self.root, "manifest.json"), "rb") as f:
                manifest = parse_json(f.read())
        except (OSError, ValueError) as error:
            self.problem("manifest.json", f"cannot read: {error}")
            return self.problems
        for line in self.checker.problems("manifest", manifest):
            self.problem("manifest.json", line)
        if not isinstance(manifest, dict):
            return self.problems

        entries = [e for e in as_list(manifest.get("entries")) if isinstance(e, dict) and isinstance(e.get("path"), str)]
        documents = self.check_files(entries)
        self.check_unlisted(entries)
        self.check_schema_file(entries)
        self.check_bundle_hash(manifest, entries)
        self.check_across_files(manifest, entries, documents)
        return self.problems

    def check_files(self, entries):
        """Sizes, hashes and schemas of the listed files; returns path -> parsed JSON."""
        documents = {}
        seen = set()
        found = []  # (path, problems found so far, definition, document)
        for entry in entries:
            path = entry["path"]
            if path in seen:
                self.problem("manifest.json", f"`{path}` is listed twice")
                continue
            seen.add(path)
            if not is_safe(path):
                continue  # reported by the schema; not opened
            full = os.path.join(self.root, path)
            if os.path.islink(full):
                self.problem(path, "is a symbolic link, not a file")
                continue
            try:
                with open(full, "rb") as f:
                    data = f.read()
            except OSError:
                self.problem(path, "listed in the manifest but missing")
                continue
            problems = []
            if len(data) != entry.get("size"):
                problems.append(f"size {len(data)} but the manifest says {entry.get('size')}")
            if hashlib.sha256(data).hexdigest() != entry.get("sha256"):
                problems.append("SHA-256 differs from the manifest")
            definition = definition_of(entry)
            document = None
            if definition:
                try:
                    document = parse_json(data)
                    documents[path] = document
                except ValueError as error:
                    problems.append(f"not JSON: {error}")
                    definition = None
            found.append((path, problems, definition, document))
        to_check = [(definition, document) for _, _, definition, document in found if definition]
        checked = iter(self.checker.problems_of_many(to_check))
        for path, problems, definition, _ in found:
            for line in problems + (next(checked) if definition else []):
                self.problem(path, line)
        return documents

    def check_schema_file(self, entries):
        """schema.json, when listed, is the schema the bundle is checked against."""
        for entry in entries:
            if entry.get("kind") == "schema":
                try:
                    with open(os.path.join(self.root, entry["path"]), "rb") as f:
                        if json.loads(f.read()) != self.checker.schema:
                            self.problem(entry["path"], "is not Sources/FolioModel/bundle.schema.json")
                except (OSError, ValueError) as error:
                    self.problem(entry["path"], f"cannot read: {error}")

    def check_unlisted(self, entries):
        listed = {e["path"] for e in entries}
        for folder, folders, files in os.walk(self.root):
            for name in files + [d for d in folders if os.path.islink(os.path.join(folder, d))]:
                path = os.path.relpath(os.path.join(folder, name), self.root).replace(os.sep, "/")
                if path not in ("manifest.json", "manifest.sig") and path not in listed:
                    self.problem(path, "in the bundle but not listed in the manifest")

    def check_bundle_hash(self, manifest, entries):
        paths = [e["path"] for e in entries]
        if paths != sorted(paths, key=path_order):
            self.problem("manifest.json", "entries are not sorted by path")
        ordered = sorted(entries, key=lambda e: path_order(e["path"]))
        text = "".join(f"{e['path']}\0{e.get('sha256', '')}\n" for e in ordered)
        expected = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
        if expected != manifest.get("bundleHash"):
            self.problem("manifest.json", f"bundleHash does not match the entries (they give {expected})")

    def check_across_files(self, manifest, entries, documents):
        listed = {e["path"]: text(e.get("kind")) for e in entries}
        media = {path for path, kind in listed.items() if kind == "media"}

        def document(path):
            value = documents.get(path)
            return value if isinstance(value, dict) else {}

        # Each file of a kind named by id: in its folder, under the id it states.
        files = {kind: {} for kind in KIND_FOLDERS}
        for path, kind in listed.items():
            if kind in KIND_FOLDERS and path.startswith(KIND_FOLDERS[kind] + "/") and path.endswith(".json"):
                file_id = path[len(KIND_FOLDERS[kind]) + 1 : -len(".json")]
                files[kind][file_id] = path
                stated = document(path).get("id")
                if path in documents and stated != file_id:
                    self.problem(path, f"states the id {json.dumps(stated)} but its path gives `{file_id}`")

        chapters = [c for c in as_list(manifest.get("chapters")) if isinstance(c, dict) and text(c.get("id"))]
        decks = [d for d in as_list(manifest.get("decks")) if isinstance(d, dict) and text(d.get("id"))]
        quizzes = [q for q in as_list(manifest.get("quizzes")) if isinstance(q, str)]
        chapter_ids = [c.get("id") for c in chapters]
        deck_ids = [d.get("id") for d in decks]
        self.check_unique("manifest.json", "chapters", chapter_ids)
        self.check_unique("manifest.json", "decks", deck_ids)
        for kind, ids in (("chapter", chapter_ids), ("quiz", quizzes), ("deck", deck_ids)):
            for missing in [i for i in ids if i not in files[kind]]:
                self.problem("manifest.json", f"{kind} {json.dumps(missing)} has no file {KIND_FOLDERS[kind]}/{missing}.json")
            known = set(ids)
            for file_id, path in sorted(files[kind].items()):
                if file_id not in known:
                    self.problem(path, f"the manifest does not list the {kind} `{file_id}`")

        if manifest.get("hasBillOfRights") is not ("bill-of-rights.json" in listed):
            self.problem("manifest.json", "hasBillOfRights does not match the files")

        # Chapters: the manifest's summary of each, reading order, quizzes both ways.
        quiz_of_chapter = {}
        for position, summary in enumerate(chapters):
            path = files["chapter"].get(summary.get("id"))
            if path not in documents:
                continue
            chapter = document(path)
            for field in ("title", "summary", "quiz"):
                if summary.get(field) != chapter.get(field):
                    self.problem("manifest.json", f"chapters/{position}/{field} differs from {path}")
            if chapter.get("order") != position + 1:
                self.problem(path, f"order is {chapter.get('order')} but it is chapter {position + 1} of the manifest")
            for field, neighbour in (("previous", position - 1), ("next", position + 1)):
                expected = chapter_ids[neighbour] if 0 <= neighbour < len(chapter_ids) else None
                if chapter.get(field) != expected:
                    self.problem(path, f"{field} should be {json.dumps(expected)}, the neighbour in the manifest's reading order")
            quiz = text(chapter.get("quiz"))
            if quiz is not None:
                if quiz not in files["quiz"]:
                    self.problem(path, f"names the quiz {json.dumps(quiz)}, which the bundle does not have")
                elif document(files["quiz"][quiz]).get("chapter") != summary.get("id"):
                    self.problem(files["quiz"][quiz], f"is the quiz of the chapter `{summary.get('id')}` but its `chapter` says otherwise")
                quiz_of_chapter.setdefault(quiz, summary.get("id"))

        for quiz_id, path in sorted(files["quiz"].items()):
            if path not in documents:
                continue
            quiz = document(path)
            owner = text(quiz.get("chapter"))
            if owner is not None and quiz_of_chapter.get(quiz_id) != owner:
                self.problem(path, f"says it ends the chapter {json.dumps(owner)}, which does not name it")
            if text(quiz.get("fromDeck")) and quiz["fromDeck"] not in files["deck"]:
                self.problem(path, f"fromDeck names the deck {json.dumps(quiz.get('fromDeck'))}, which the bundle does not have")
            questions = [q for q in as_list(quiz.get("questions")) if isinstance(q, dict)]
            self.check_unique(path, "questions", [q.get("id") for q in questions])
            if isinstance(quiz.get("draw"), int) and quiz["draw"] > len(questions):
                self.problem(path, f"draw is {quiz['draw']} but there are only {len(questions)} questions")
            for number, question in enumerate(questions):
                choices = [c for c in as_list(question.get("choices")) if isinstance(c, dict)]
                self.check_unique(f"{path} questions/{number}", "choices", [c.get("id") for c in choices])

        for summary in decks:
            path = files["deck"].get(summary.get("id"))
            if path in documents:
                deck = document(path)
                if summary.get("title") != deck.get("title"):
                    self.problem("manifest.json", f"the title of the deck `{summary.get('id')}` differs from {path}")
                if summary.get("cardCount") != len(as_list(deck.get("cards"))):
                    self.problem("manifest.json", f"cardCount of the deck `{summary.get('id')}` differs from the cards in {path}")
                self.check_unique(path, "cards", [c.get("id") for c in as_list(deck.get("cards")) if isinstance(c, dict)])

        if "bill-of-rights.json" in documents:
            rights = as_list(document("bill-of-rights.json").get("rights"))
            self.check_unique("bill-of-rights.json", "rights", [r.get("id") for r in rights if isinstance(r, dict)])

        chapter_id_set = set(chapter_ids)
        # Pages: video placeholders index the videos; videos and chapter links resolve.
        for path in sorted(p for p, kind in listed.items() if kind in ("chapter", "welcome") and p in documents):
            page = document(path)
            html = page.get("html") if isinstance(page.get("html"), str) else ""
            videos = as_list(page.get("videos"))
            used = {int(n) for n in VIDEO_PLACEHOLDER.findall(html)}
            for n in sorted(used):
                if n >= len(videos):
                    self.problem(path, f"html has a placeholder for video {n} but there are {len(videos)} videos")
            for n, video in enumerate(videos):
                if n not in used:
                    self.problem(path, f"videos/{n} has no placeholder in html")
                if isinstance(video, dict):
                    for field in ("source", "captions"):
                        if isinstance(video.get(field), str) and video[field] not in media:
                            self.problem(path, f"videos/{n}/{field}: `{video[field]}` is not a media file of the bundle")
            for target in CHAPTER_LINK.findall(html):
                if target not in chapter_id_set:
                    self.problem(path, f"links to the chapter `{target}`, which the bundle does not have")

        self.check_languages(manifest, listed, document)

    def check_languages(self, manifest, listed, document):
        """1.6: every translated part's file is listed and in its language's folder, and a
        translated quiz has its original's ids and answers, so progress is one record."""
        languages = [l for l in as_list(manifest.get("languages")) if isinstance(l, dict)]
        if not languages:
            return
        defaults = [l for l in languages if l.get("default") is True]
        if len(defaults) != 1 or languages[0] is not defaults[0]:
            self.problem("manifest.json", "languages: the default language is not the first and only default")
        for language in languages:
            tag = text(language.get("language"))
            if language.get("interface") not in listed:
                self.problem("manifest.json", f"languages: `{tag}`'s interface file is not listed")
            for part in as_list(language.get("parts")):
                path = part.get("path") if isinstance(part, dict) else None
                if path is None:
                    continue
                if path not in listed or not path.startswith(f"languages/{tag}/"):
                    self.problem("manifest.json", f"languages: `{path}` is not a listed file of `{tag}`")
                    continue
                if part.get("kind") != "quiz":
                    continue
                original, translated = document(f"quizzes/{part.get('id')}.json"), document(path)
                def answers(quiz):
                    return [(q.get("id"), q.get("type"), q.get("points"), q.get("answer"), q.get("number"),
                             [(c.get("id"), c.get("correct")) for c in as_list(q.get("choices")) if isinstance(c, dict)])
                            for q in as_list(quiz.get("questions")) if isinstance(q, dict)]
                if answers(original) != answers(translated):
                    self.problem(path, "its questions' ids, points or answers are not its original's")

    def check_unique(self, path, what, ids):
        counts = collections.Counter(i for i in ids if isinstance(i, str))
        for duplicate in sorted(i for i, n in counts.items() if n > 1):
            self.problem(path, f"two {what} have the id {json.dumps(duplicate)}")


def describe(error):
    """The error's message, with a long value it quotes cut short."""
    if error.validator == "not" and error.validator_value == {}:
        return "not allowed here"
    message = error.message
    quoted = repr(error.instance)
    if len(message) > MAX_MESSAGE and len(quoted) > 80:
        if isinstance(error.instance, list):
            short = f"[{quoted[1:60]}... ({len(error.instance)} items)]"
        else:
            short = quoted[:60] + "..." + quoted[-1]
        message = message.replace(quoted, short)
    return message


def text(value):
    return value if isinstance(value, str) else None


def as_list(value):
    return value if isinstance(value, list) else []


def main(argv):
    if len(argv) < 2 or any(arg in ("-h", "--help") for arg in argv[1:]):
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    try:
        with open(SCHEMA_PATH, "rb") as f:
            schema = json.load(f)
        jsonschema.Draft202012Validator.check_schema(schema)
    except (OSError, ValueError, jsonschema.SchemaError) as error:
        print(f"{SCHEMA_PATH}: not a usable schema: {error}", file=sys.stderr)
        return 2
    checker = SchemaChecker(schema)
    passed = failed = 0
    for root in argv[1:]:
        problems = BundleCheck(root, checker).run()
        for line in problems:
            print(line)
        if problems:
            failed += 1
        else:
            passed += 1
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.stdout.reconfigure(errors="backslashreplace")
    sys.exit(main(sys.argv))
