#!/usr/bin/env python3
"""Checks that `folio check` takes time and memory linear in its input's size.

Usage: python3 bench/linear_bench.py FOLIO_BINARY [--quick]

Each case writes one hostile or careless input into a copy of the spec examples at
1x, 2x and 4x its base size (the 4x input stays under the 2 MB file limit), runs
`folio check` on it, and prints the wall time, the peak memory and the ratios to 1x.
Linear means about 2 and 4; a quadratic input shows 4 and 16. The exit status is 1
when a 4x time ratio passes 8 (and 4x takes over a quarter of a second, below which
start-up dominates) or a 4x memory ratio passes 6.
"""
import os
import random
import shutil
import subprocess
import sys
import tempfile

import summary

HERE = os.path.dirname(os.path.abspath(__file__))
SPEC = os.path.join(HERE, "..", "Tests", "Fixtures", "spec-examples")
CHAPTER = "chapters/01-who-am-i.md"
QUIZ = "quizzes/who-am-i.yaml"
HEAD = "---\ntitle: Who Am I?\nquiz: who-am-i\n---\n\n"


def chapter(body):
    return {CHAPTER: HEAD + body}


def words(n, seed=1):
    rng = random.Random(seed)
    vocabulary = "friend listen trust brave kind honest change grow school feel".split()
    return " ".join(rng.choice(vocabulary) for _ in range(n))


# name -> (base size, function of size -> {path: text}, extra folio.yaml lines)
CASES = {
    # A front matter line ending in spaces (pasted from a word processor).
    "trailing-spaces": (400_000, lambda n: {CHAPTER: "---\ntitle: Who Am I?" + " " * n + "\nquiz: who-am-i\n---\n\nText.\n"}, ""),
    # A line of 80,000 trailing spaces in the body.
    "body-spaces": (400_000, lambda n: chapter("Text." + " " * n + "\n"), ""),
    # Many links on one line, to a missing chapter (every one an error).
    "links-one-line": (4_000, lambda n: chapter(" ".join(f"[l{i}](missing.md)" for i in range(n)) + "\n"), ""),
    # Prose with a valid link every few words, over many lines.
    "prose-with-links": (3_400, lambda n: chapter("\n".join(f"{words(12, i)} [see]({'01-who-am-i.md'}) {words(8, i + 1)}" for i in range(n)) + "\n"), ""),
    # One line of a quiz with thousands of duplicate keys.
    "duplicate-keys": (8_000, lambda n: {QUIZ: open(os.path.join(SPEC, QUIZ)).read() + "\nextra: {" + ", ".join("a: 1" for _ in range(n)) + "}\n"}, ""),
    # A quiz of many questions.
    "many-questions": (1_500, lambda n: {QUIZ: "title: Q\nquestions:\n" + "".join(
        f"  - prompt: Question {i}?\n    choices:\n      - text: yes\n        correct: true\n      - text: no\n        hint: think again\n" for i in range(n))}, ""),
    # A deck of many cards in the plain text format.
    "deck-lines": (20_000, lambda n: {"decks/body-words.txt": "".join(f"front {i}\nback {i}\n\n" for i in range(n))}, ""),
    # Emphasis and brackets that never close.
    "open-delimiters": (100_000, lambda n: chapter("*_[" * (n // 3) + "\n"), ""),
    # Deep quotes and lists (cut at Folio's nesting limit).
    "deep-nesting": (100_000, lambda n: chapter("> " * (n // 2) + "text\n"), ""),
    # Raw HTML elements under allow_html: true.
    "html-elements": (16_000, lambda n: chapter("".join(f"<span title='t{i}'>x</span> " for i in range(n)) + "\n"), "allow_html: true\n"),
    # Many chapters whose pictures are missing (a media folder moved away), beside many
    # other files: each missing picture looks for the file most likely meant.
    "missing-pictures": (1_000, lambda n: {
        **{f"chapters/{i + 10:05}-page-{i}.md": f"---\ntitle: Page {i}\n---\n\n![Picture {i}](../media/picture-{i}.png)\n" for i in range(n)},
        **{f"media/notes-{i}.txt": "notes\n" for i in range(n)}}, ""),
    # Many chapters naming quizzes that were renamed: each looks for the quiz most
    # likely meant among all the others.
    "renamed-quizzes": (1_000, lambda n: {
        **{f"chapters/{i + 10:05}-page-{i}.md": f"---\ntitle: Page {i}\nquiz: gone-{i}\n---\n\nText.\n" for i in range(n)},
        **{f"quizzes/quiz-number-{i}.yaml": "title: Q\nquestions:\n  - prompt: P?\n    answer: true\n" for i in range(n)}}, ""),
    # Thousands of unknown fields, each a message.
    "unknown-fields": (8_000, lambda n: {QUIZ: open(os.path.join(SPEC, QUIZ)).read() + "".join(f"field{i}: x\n" for i in range(n))}, ""),
}


def run(folio, files, settings):
    folder = tempfile.mkdtemp(prefix="folio-linear-")
    try:
        program = os.path.join(folder, "program")
        shutil.copytree(SPEC, program)
        if settings:
            with open(os.path.join(program, "folio.yaml"), "a") as f:
                f.write(settings)
        for path, text in files.items():
            with open(os.path.join(program, path), "w") as f:
                f.write(text)
        size = sum(len(t.encode()) for t in files.values())
        timing = os.path.join(folder, "time")
        subprocess.run(["/usr/bin/time", "-f", "%e %M", "-o", timing, folio, "check", program, "--format", "json"],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        seconds, kb = open(timing).read().split()[-2:]
        return size, float(seconds), int(kb) / 1024
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def main():
    if len(sys.argv) < 2:
        print(__doc__)
        return 2
    folio = sys.argv[1]
    quick = "--quick" in sys.argv
    names = [a for a in sys.argv[2:] if not a.startswith("--")] or list(CASES)
    print(f"{'case':18} {'size 1x':>9} {'1x s':>7} {'2x s':>7} {'4x s':>7} {'t 2x/1x':>8} {'t 4x/1x':>8} {'1x MiB':>7} {'4x MiB':>7} {'m 4x/1x':>8}")
    status = 0
    worst_time, worst_memory = (0.0, ""), (0.0, "")
    for name in names:
        base, make, settings = CASES[name]
        if quick:
            base //= 4
        results = [run(folio, make(base * k), settings) for k in (1, 2, 4)]
        (s1, t1, m1), (_, t2, _), (_, t4, m4) = results
        r2, r4, mr = t2 / max(t1, 0.01), t4 / max(t1, 0.01), m4 / max(m1, 1)
        flag = ""
        if (r4 > 8 and t4 > 0.25) or mr > 6:
            flag = "  NOT LINEAR"
            status = 1
        print(f"{name:18} {s1 // 1024:>7}KB {t1:>7.2f} {t2:>7.2f} {t4:>7.2f} {r2:>8.1f} {r4:>8.1f} {m1:>7.0f} {m4:>7.0f} {mr:>8.1f}{flag}")
        worst_time, worst_memory = max(worst_time, (r4, name)), max(worst_memory, (mr, name))
    summary.add("x4", "FAIL" if status else "PASS", "folio check linear in its input",
                f"{len(names)} cases at 4x: time up to {worst_time[0]:.1f}x ({worst_time[1]}), "
                f"memory up to {worst_memory[0]:.1f}x ({worst_memory[1]})", "", "")
    return status


if __name__ == "__main__":
    sys.exit(main())
