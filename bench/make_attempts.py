#!/usr/bin/env python3
"""Writes N recorded attempts at the sample quiz `who-am-i` as JSON Lines, for timing
`folio grade`. Deterministic. Usage: python3 bench/make_attempts.py N FILE"""
import json
import random
import sys

n, path = int(sys.argv[1]), sys.argv[2]
rng = random.Random(1)
with open(path, "w") as f:
    for i in range(n):
        answers = {
            "what-is-self-esteem": {"choices": [rng.choice(["c1", "c2", "c3"])]},
            "healthy-self-esteem": {"choices": rng.sample(["c1", "c2", "c3", "c4"], rng.randint(1, 3))},
            "identity-can-change": {"answer": rng.random() < 0.8},
            "first-right": {"text": rng.choice(["myself", "Who I am!", "me", "nobody"])},
            "i-am-list": {"number": rng.choice([10, 9, 12])},
        }
        f.write(json.dumps({"seed": i, "answers": answers}) + "\n")
