#!/usr/bin/env python3
"""Writes N recorded attempts at the sample quiz `who-am-i` as JSON Lines, for timing
`folio grade`. Deterministic. The choices are the quiz's own, read from the built
bundle, so the attempts are graded rather than refused as naming choices that do not
exist. Usage: python3 bench/make_attempts.py N FILE BUNDLE_FOLDER"""
import json
import random
import sys

n, path, bundle = int(sys.argv[1]), sys.argv[2], sys.argv[3]
with open(f"{bundle}/quizzes/who-am-i.json") as f:
    quiz = json.load(f)
choices = {q["id"]: [c["id"] for c in q.get("choices", [])] for q in quiz["questions"]}
single, multiple = choices["what-is-self-esteem"], choices["healthy-self-esteem"]
rng = random.Random(1)
with open(path, "w") as f:
    for i in range(n):
        answers = {
            "what-is-self-esteem": {"choices": [rng.choice(single)]},
            "healthy-self-esteem": {"choices": rng.sample(multiple, rng.randint(1, 3))},
            "identity-can-change": {"answer": rng.random() < 0.8},
            "first-right": {"text": rng.choice(["myself", "Who I am!", "me", "nobody"])},
            "i-am-list": {"number": rng.choice([10, 9, 12])},
        }
        f.write(json.dumps({"seed": i, "answers": answers}) + "\n")
