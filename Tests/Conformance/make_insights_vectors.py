#!/usr/bin/env python3
"""Writes insights-vectors.json: the insights rule of docs/insights.md as cases that the
Swift rule (InsightsRule.swift) and the site's (quiz-engine.js) must both follow.

Expectations are computed here, by a third implementation of the rule written from the
docs (a 53-bit draw below ceil(randomize * 2^53) replaces a bit, the top bit of the next
draw is the coin; SplitMix64 from splitmix.py), never by either of the two it checks.
Run: python3 Tests/Conformance/make_insights_vectors.py
"""
import json
import math
import os

from splitmix import SplitMix

BITS = ["missed", "workedOut", "passed"]


def report(result, randomize, seed):
    g = SplitMix(seed)
    q = result["questions"][(g.next() >> 11) % len(result["questions"])]
    passed = result["passed"] if result["passed"] is not None else all(x["firstTry"] for x in result["questions"])
    truth = {"missed": not q["firstTry"], "workedOut": q["outcome"] == "correct" and not q["firstTry"], "passed": passed}
    threshold = math.ceil(randomize * 2 ** 53)
    sent = {}
    for name in BITS:
        sent[name] = (g.next() >> 63) == 1 if (g.next() >> 11) < threshold else truth[name]
    return {"question": q["question"], **sent}


def outcome(qid, kind):
    first = kind == "first"
    return {"question": qid, "outcome": {"first": "correct", "worked": "correct", "wrong": "incorrect", "shown": "revealed"}[kind],
            "firstTry": first}


RESULTS = [
    ("all right on the first try, no pass mark", [("q1", "first"), ("q2", "first"), ("q3", "first")], None),
    ("one worked out after its hint", [("q1", "first"), ("q2", "worked"), ("q3", "first")], None),
    ("one missed, one shown", [("q1", "wrong"), ("q2", "shown"), ("q3", "first")], None),
    ("a pass mark reached with a miss", [("a", "first"), ("b", "wrong"), ("c", "first"), ("d", "first")], True),
    ("a pass mark not reached", [("a", "wrong"), ("b", "wrong"), ("c", "first"), ("d", "worked")], False),
    ("one question", [("only", "worked")], None),
]
SEEDS = [0, 1, 2, 7, 42, 1234567, 2 ** 32 + 5, 2 ** 63 + 11, 2 ** 64 - 1, 987654321987654321]
SETTINGS = [0.3, 0.05, 0.5, 0.9]


def main():
    cases = []
    for why, questions, passed in RESULTS:
        result = {"quiz": "quiz", "questions": [outcome(q, k) for q, k in questions], "passed": passed}
        for randomize in SETTINGS:
            for seed in SEEDS:
                cases.append({"why": f"{why}; randomize {randomize}; seed {seed}", "result": result, "randomize": randomize,
                              "seed": seed, "report": report(result, randomize, seed)})
    vectors = {
        "format": "folio-insights-vectors",
        "about": "What an opted-in device reports after an attempt (docs/insights.md): from a SplitMix64 generator "
                 "seeded with `seed`, one question drawn as (next >> 11) % count, then for missed, workedOut and "
                 "passed in turn a draw (next >> 11) below ceil(randomize * 2^53) replaces the bit by the top bit of "
                 "the next draw. `result` holds what the rule reads of an attempt: each question's outcome and "
                 "first try, and `passed` (null: passed when every question was right on the first try).",
        "cases": cases,
    }
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "insights-vectors.json")
    with open(path, "w") as f:
        json.dump(vectors, f, indent=1)
        f.write("\n")
    print(f"{len(cases)} cases written to {path}")


if __name__ == "__main__":
    main()
