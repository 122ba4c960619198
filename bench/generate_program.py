#!/usr/bin/env python3
"""Writes a synthetic Folio program of N chapters and N quizzes for benchmarks.

Usage: python3 bench/generate_program.py N OUT_DIR [--hugo HUGO_DIR] [--translate es]

Each chapter is about 6 KB of CommonMark (headings, paragraphs, emphasis, lists, a
quote, a link to the previous chapter and a YouTube video); each quiz has five
questions, one of each type. With --hugo, the same chapters (and their quizzes, as
front-matter data rendered by the layout) are written as a Hugo site, so that both
tools do comparable work. With --translate es, the program is in English and Spanish:
every chapter and quiz has a translation beside it (`.es.md`, `.es.yaml`) of the same
size and structure, its words swapped for Spanish ones (mark it current with `folio
translate mark-current es` before timing, as bench/language_bench.sh does). Output is
deterministic: the same N gives the same files.
"""
import re
import os
import random
import sys

WORDS = ("friend school change brave kind listen growing feelings courage learn question "
         "future team voice music science story body sleep healthy together respect "
         "choice curious honest patient strong calm practice notice help").split()
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-"


# The words' Spanish, for translations: a swap keeps each chapter's size and structure.
SPANISH = dict(zip(WORDS, ("amiga escuela cambio valiente amable escuchar crecer sentimientos valentía aprender "
                          "pregunta futuro equipo voz música ciencia historia cuerpo dormir sana juntas respeto "
                          "elección curiosa honesta paciente fuerte calma práctica notar ayuda").split()))
SPANISH_WORD = re.compile(r"\b(" + "|".join(WORDS) + r")\b", re.IGNORECASE)


def in_spanish(text):
    """`text` with every generated word swapped for its Spanish; lines with a video keep
    their address, which a translation must not change."""
    def swap(match):
        word = SPANISH[match.group(1).lower()]
        return word.capitalize() if match.group(1)[0].isupper() else word
    return "\n".join(line if "youtube" in line else SPANISH_WORD.sub(swap, line) for line in text.split("\n"))


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


def quiz_yaml_es(k):
    return f"""title: Cuestionario {k}
questions:
  - prompt: ¿Qué palabra es el tema del capítulo {k}?
    choices:
      - text: Valentía
        correct: true
        feedback: Sí, la valentía es el tema.
      - text: Silencio
        hint: Piensa en lo que el capítulo te pide hacer.
      - text: Suerte
        hint: El capítulo habla de práctica, no de suerte.
  - prompt: ¿Cuáles de estas ayudan?
    type: multiple
    choices:
      - {{ text: Hablar, correct: true }}
      - {{ text: Caminar, correct: true }}
      - {{ text: Esconderse }}
    hints: [Hay más de una correcta., Piensa en el cuerpo y la mente.]
  - prompt: El capítulo {k} es parte de este programa.
    type: true-false
    answer: true
    hint: Mira el título.
  - prompt: Escribe la palabra del tema del programa.
    type: text
    accept: [valentía, coraje]
    hint: Empieza con v.
  - prompt: ¿Cuántas horas de sueño necesitan las adolescentes?
    type: number
    answer: 9
    tolerance: 1
    hint: Más que las personas adultas.
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
    language = argv[argv.index("--translate") + 1] if "--translate" in argv else None
    if language not in (None, "es"):
        print("--translate takes es, the one language the generator knows", file=sys.stderr)
        return 2
    languages = "language: en\nlanguages: [en, es]\n" if language else ""
    write(os.path.join(out, "folio.yaml"), "id: benchmark-program\ntitle: Benchmark program\n" + languages)
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
        if language:
            front_es = f"---\ntitle: Capítulo {k}\nsummary: Resumen del capítulo {k}\nquiz: chapter-{k}\n---\n\n"
            write(os.path.join(out, "chapters", f"{k:05d}-chapter-{k}.es.md"), front_es + in_spanish(body))
            write(os.path.join(out, "quizzes", f"chapter-{k}.es.yaml"), quiz_yaml_es(k))
        if hugo:
            write(os.path.join(hugo, "content", "chapters", f"chapter-{k}.md"), hugo_front_matter(k) + "\n" + body)
    print(f"{n} chapters, {total // max(n, 1)} bytes of Markdown each on average")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
