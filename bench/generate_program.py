#!/usr/bin/env python3
"""Writes a synthetic Folio program of N chapters and N quizzes for benchmarks.

Usage: python3 bench/generate_program.py N OUT_DIR [--hugo HUGO_DIR]

Each chapter is about 6 KB of CommonMark (headings, paragraphs, emphasis, lists, a
quote, a link to the previous chapter and a YouTube video); each quiz has five
questions, one of each type. With --hugo, the same chapters (and their quizzes, as
front-matter data rendered by the layout) are written as a Hugo site, so that both
tools do comparable work. Output is deterministic: the same N gives the same files.
"""
import os
import random
import sys

WORDS = ("friend school change brave kind listen growing feelings courage learn question "
         "future team voice music science story body sleep healthy together respect "
         "choice curious honest patient strong calm practice notice help").split()
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-"


def sentence(rng):
    words = [rng.choice(WORDS) for _ in range(rng.randint(8, 16))]
    words[rng.randrange(len(words))] = "*" + rng.choice(WORDS) + "*"
    if rng.random() < 0.3:
        words[rng.randrange(len(words))] = "**" + rng.choice(WORDS) + "**"
    return " ".join(words).capitalize() + "."


def paragraph(rng):
    return " ".join(sentence(rng) for _ in range(rng.randint(4, 7)))


def chapter_body(k, rng):
    video = "".join(rng.choice(ALPHABET) for _ in range(11))
    parts = [paragraph(rng), f"## Part one of chapter {k}", paragraph(rng), paragraph(rng)]
    parts.append("\n".join(f"- {sentence(rng)}" for _ in range(5)))
    parts.append(f"![Video for chapter {k}](https://www.youtube.com/watch?v={video}&t=30)")
    parts.append(f"## Part two of chapter {k}")
    parts += [paragraph(rng), "> " + sentence(rng), paragraph(rng)]
    parts.append("\n".join(f"{i}. {sentence(rng)}" for i in range(1, 5)))
    if k > 1:
        parts.append(f"Go back to [the previous chapter]({k - 1:05d}-chapter-{k - 1}.md) any time.")
    parts += [f"### Try this", paragraph(rng), paragraph(rng)]
    body = "\n\n".join(parts) + "\n"
    while len(body.encode()) < 5800:
        body += "\n" + paragraph(rng) + "\n"
    return body


def quiz_yaml(k):
    return f"""title: Quiz {k}
questions:
  - prompt: Which word is the theme of chapter {k}?
    choices:
      - text: Courage
        correct: true
        feedback: Yes, courage is the theme.
      - text: Silence
        hint: Think about what the chapter asks you to do.
      - text: Luck
        hint: The chapter talks about practice, not luck.
  - prompt: Which of these help?
    type: multiple
    choices:
      - {{ text: Talking, correct: true }}
      - {{ text: Walking, correct: true }}
      - {{ text: Hiding }}
    hints: [More than one is right., Think about body and mind.]
  - prompt: Chapter {k} is part of this program.
    type: true-false
    answer: true
    hint: Look at the title.
  - prompt: Name the program's theme word.
    type: text
    accept: [courage, bravery]
    hint: It starts with c.
  - prompt: How many hours of sleep do teens need?
    type: number
    answer: 9
    tolerance: 1
    hint: More than adults.
"""


HUGO_CONFIG = """baseURL = "/"
title = "Bench"
disableKinds = ["taxonomy", "term", "RSS", "sitemap", "robotsTXT", "404"]
[markup.goldmark.renderer]
unsafe = false
"""

HUGO_SINGLE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{{ .Title }}</title></head>
<body><main><h1>{{ .Title }}</h1>
{{ .Content }}
<section class="quiz"><h2>Test your knowledge</h2>
{{ range .Params.questions }}<fieldset><legend>{{ .prompt }}</legend>
<ul>{{ range .choices }}<li>{{ .text }}{{ with .hint }} <span class="hint">{{ . }}</span>{{ end }}</li>{{ end }}</ul>
{{ range .hints }}<p class="hint">{{ . }}</p>{{ end }}</fieldset>{{ end }}
</section></main></body></html>
"""

HUGO_LIST = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{{ .Title }}</title></head>
<body><main><h1>{{ .Title }}</h1><ol>{{ range .Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ol></main></body></html>
"""


def hugo_front_matter(k):
    return f"""---
title: "Chapter {k}"
summary: "Summary of chapter {k}"
questions:
  - prompt: "Which word is the theme of chapter {k}?"
    choices:
      - {{ text: Courage }}
      - {{ text: Silence, hint: "Think about what the chapter asks you to do." }}
      - {{ text: Luck, hint: "The chapter talks about practice, not luck." }}
  - prompt: "Which of these help?"
    choices: [{{ text: Talking }}, {{ text: Walking }}, {{ text: Hiding }}]
    hints: ["More than one is right.", "Think about body and mind."]
  - prompt: "Chapter {k} is part of this program."
    hints: ["Look at the title."]
  - prompt: "Name the program's theme word."
    hints: ["It starts with c."]
  - prompt: "How many hours of sleep do teens need?"
    hints: ["More than adults."]
---
"""


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def main(argv):
    if len(argv) < 3:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    n, out = int(argv[1]), argv[2]
    hugo = argv[argv.index("--hugo") + 1] if "--hugo" in argv else None
    write(os.path.join(out, "folio.yaml"), "id: benchmark-program\ntitle: Benchmark program\n")
    write(os.path.join(out, "welcome.md"), "---\ntitle: Welcome\n---\n\nA generated program for benchmarks.\n")
    if hugo:
        write(os.path.join(hugo, "hugo.toml"), HUGO_CONFIG)
        write(os.path.join(hugo, "layouts", "_default", "single.html"), HUGO_SINGLE)
        write(os.path.join(hugo, "layouts", "_default", "list.html"), HUGO_LIST)
        write(os.path.join(hugo, "layouts", "index.html"), HUGO_LIST)
        write(os.path.join(hugo, "content", "_index.md"), "---\ntitle: Welcome\n---\n")
    total = 0
    for k in range(1, n + 1):
        rng = random.Random(k)
        body = chapter_body(k, rng)
        total += len(body.encode())
        front = f"---\ntitle: Chapter {k}\nsummary: Summary of chapter {k}\nquiz: chapter-{k}\n---\n\n"
        write(os.path.join(out, "chapters", f"{k:05d}-chapter-{k}.md"), front + body)
        write(os.path.join(out, "quizzes", f"chapter-{k}.yaml"), quiz_yaml(k))
        if hugo:
            write(os.path.join(hugo, "content", "chapters", f"chapter-{k}.md"), hugo_front_matter(k) + "\n" + body)
    print(f"{n} chapters, {total // max(n, 1)} bytes of Markdown each on average")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
