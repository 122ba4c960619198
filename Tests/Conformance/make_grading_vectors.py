#!/usr/bin/env python3
"""Writes grading-vectors.json: the grading rules of the authoring spec as cases that
every Folio grader (the Swift engine, the web runner) must pass.

Each case has a quiz in the bundle's format, steps (answers, reveals) and what must be
seen after each step and at the end. Expectations are written here by hand from the
spec, never computed by a grader. Run: python3 Tests/Conformance/make_grading_vectors.py
"""
import json
import os


def rich(text):
    return {"markdown": text, "html": text}


def choice(n, text, correct=False, hint=None, feedback=None):
    c = {"id": f"c{n}", "text": rich(text), "correct": correct}
    if hint:
        c["hint"] = rich(hint)
    if feedback:
        c["feedback"] = rich(feedback)
    return c


def question(qid, kind, prompt="Question?", choices=(), hints=(), explanation=None, points=1, partial=False, **extra):
    q = {"id": qid, "type": kind, "prompt": rich(prompt), "points": points, "partial": partial,
         "choices": list(choices), "hints": [rich(h) for h in hints]}
    if explanation:
        q["explanation"] = rich(explanation)
    q.update(extra)
    return q


def quiz(questions, mode="practice", **extra):
    q = {"id": "quiz", "title": "Quiz", "mode": mode, "shuffle": "none", "questions": questions}
    q.update(extra)
    return q


SINGLE = question("s", "single", choices=[
    choice(1, "Right", True, feedback="Yes!"),
    choice(2, "Wrong A", hint="Hint A"),
    choice(3, "Wrong B"),
], hints=["Q hint 1", "Q hint 2"], explanation="Because.")
MULTI = question("m", "multiple", choices=[
    choice(1, "R1", True, feedback="Good one"),
    choice(2, "R2", True),
    choice(3, "W1", hint="Not W1"),
    choice(4, "W2"),
], hints=["More than one"], explanation="R1 and R2.")
MULTI_PARTIAL = dict(MULTI, id="p", partial=True, points=4)
TF = question("t", "true-false", answer=True, hints=["Think"], explanation="It is true.")
TEXT = question("x", "text", accept=["myself", "who I am", "Café"], hints=["First right"])
NUMBER = question("n", "number", number=9, tolerance=1, hints=["Hours"])
EXACT = question("e", "number", number=2.5, hints=[])


def step(q, response, **expect):
    base = {"correct": False, "hints": [], "feedback": [], "explanation": None, "canRetry": False, "canReveal": False, "points": 0}
    base.update(expect)
    return {"question": q, "response": response, "expect": base}


def reveal(q, expect):
    return {"question": q, "reveal": True, "expect": expect}


def refused(q, response, error, **extra):
    s = {"question": q, "response": response, "error": error}
    s.update(extra)
    return s


cases = []


def case(name, rule, q, steps, result, seed=0, order=None, choice_order=None, retry=None):
    c = {"name": name, "rule": rule, "quiz": q, "seed": seed, "steps": steps, "result": result}
    if retry is not None:
        c["retry"] = retry
    if order:
        c["order"] = order
    if choice_order:
        c["choiceOrder"] = choice_order
    cases.append(c)


def res(score, total, percent, passed=None, outcomes=None, timed_out=False, first_try=None, missed=None, passes=None, review=None):
    r = {"score": score, "total": total, "percent": percent, "timedOut": timed_out, "outcomes": outcomes or {}}
    r["passed"] = passed
    # Optional checks: the questions right on the first try and those missed (in the
    # order asked), and whether the attempt passes its quiz.
    if first_try is not None:
        r["firstTry"] = first_try
    if missed is not None:
        r["missed"] = missed
    if passes is not None:
        r["passesQuiz"] = passes
    # The questions an assessment's review goes over: {"question", answer keys...} or {"question", "hidden": True}.
    if review is not None:
        r["review"] = review
    return r


# --- single choice, practice
case("single right first try shows feedback and explanation", "single; feedback; explanation", quiz([SINGLE]),
     [step("s", {"choices": ["c1"]}, correct=True, feedback=["Yes!"], explanation="Because.", points=1)],
     res(1, 1, 100, outcomes={"s": "correct"}))
case("single wrong choice shows its hint then the first question hint", "choice hint first, then hints", quiz([SINGLE]),
     [step("s", {"choices": ["c2"]}, hints=["Hint A", "Q hint 1"], canRetry=True)],
     res(0, 1, 0, outcomes={"s": "incorrect"}))
case("single wrong choice without hint shows only the question hint", "hints one per wrong try", quiz([SINGLE]),
     [step("s", {"choices": ["c3"]}, hints=["Q hint 1"], canRetry=True)],
     res(0, 1, 0, outcomes={"s": "incorrect"}))
case("second wrong try shows the second question hint", "hints one per wrong try", quiz([SINGLE]),
     [step("s", {"choices": ["c3"]}, hints=["Q hint 1"], canRetry=True),
      step("s", {"choices": ["c2"]}, hints=["Hint A", "Q hint 2"], canRetry=True, canReveal=True)],
     res(0, 1, 0, outcomes={"s": "incorrect"}))
case("third wrong try has no question hint left", "hints run out", quiz([SINGLE]),
     [step("s", {"choices": ["c3"]}, hints=["Q hint 1"], canRetry=True),
      step("s", {"choices": ["c3"]}, hints=["Q hint 2"], canRetry=True, canReveal=True),
      step("s", {"choices": ["c3"]}, hints=[], canRetry=True, canReveal=True)],
     res(0, 1, 0, outcomes={"s": "incorrect"}))
case("practice retry until right is worked out and earns what the first try did: nothing", "practice retry; worked out; first try",
     quiz([SINGLE]),
     [step("s", {"choices": ["c2"]}, hints=["Hint A", "Q hint 1"], canRetry=True),
      step("s", {"choices": ["c1"]}, correct=True, feedback=["Yes!"], explanation="Because.", points=0)],
     res(0, 1, 0, outcomes={"s": "correct"}, first_try=[], missed=["s"], passes=False))
case("practice right on the first try counts", "first try", quiz([SINGLE]),
     [step("s", {"choices": ["c1"]}, correct=True, feedback=["Yes!"], explanation="Because.", points=1)],
     res(1, 1, 100, outcomes={"s": "correct"}, first_try=["s"], missed=[], passes=True))
case("practice: the pass mark counts first tries only", "first try; worked out; pass mark",
     quiz([SINGLE, dict(TF, id="t2"), dict(EXACT, id="e2")], passPercent=60),
     [step("t2", {"answer": True}, correct=True, explanation="It is true.", points=1),
      step("s", {"choices": ["c3"]}, hints=["Q hint 1"], canRetry=True),
      step("s", {"choices": ["c1"]}, correct=True, feedback=["Yes!"], explanation="Because.", points=0),
      step("e2", {"number": 2.5}, correct=True, points=1)],
     res(2, 3, 66.67, passed=True, outcomes={"s": "correct", "t2": "correct", "e2": "correct"}, first_try=["t2", "e2"], missed=["s"],
         passes=True))
case("practice: worked out after hints is not a pass without a pass mark", "worked out; pass mark optional",
     quiz([SINGLE, dict(TF, id="t2")]),
     [step("t2", {"answer": False}, hints=["Think"], canRetry=True),
      step("t2", {"answer": True}, correct=True, explanation="It is true.", points=0),
      step("s", {"choices": ["c1"]}, correct=True, feedback=["Yes!"], explanation="Because.", points=1)],
     res(1, 2, 50, passed=None, outcomes={"s": "correct", "t2": "correct"}, first_try=["s"], missed=["t2"], passes=False))
case("every question right on the first try passes a quiz without a pass mark", "first try; pass mark optional",
     quiz([SINGLE, dict(TF, id="t2")]),
     [step("s", {"choices": ["c1"]}, correct=True, feedback=["Yes!"], explanation="Because.", points=1),
      step("t2", {"answer": True}, correct=True, explanation="It is true.", points=1)],
     res(2, 2, 100, passed=None, outcomes={"s": "correct", "t2": "correct"}, first_try=["s", "t2"], missed=[], passes=True))
case("reveal after every hint is used records revealed and no points", "reveal", quiz([SINGLE]),
     [step("s", {"choices": ["c3"]}, hints=["Q hint 1"], canRetry=True),
      step("s", {"choices": ["c2"]}, hints=["Hint A", "Q hint 2"], canRetry=True, canReveal=True),
      reveal("s", {"choices": ["c1"], "explanation": "Because."})],
     res(0, 1, 0, outcomes={"s": "revealed"}))
case("reveal before the hints are used is refused", "reveal only after hints", quiz([SINGLE]),
     [step("s", {"choices": ["c3"]}, hints=["Q hint 1"], canRetry=True),
      {"question": "s", "reveal": True, "error": "revealNotAllowed"}],
     res(0, 1, 0, outcomes={"s": "incorrect"}))
case("reveal before any try is refused", "reveal only after hints", quiz([EXACT]),
     [{"question": "e", "reveal": True, "error": "revealNotAllowed"}],
     res(0, 1, 0, outcomes={"e": "unanswered"}))
case("a question without hints may be revealed after two wrong tries, not one", "reveal; reveal after two tries", quiz([EXACT]),
     [step("e", {"number": 3}, canRetry=True), {"question": "e", "reveal": True, "error": "revealNotAllowed"},
      step("e", {"number": 4}, canRetry=True, canReveal=True), reveal("e", {"number": 2.5})],
     res(0, 1, 0, outcomes={"e": "revealed"}, first_try=[], missed=["e"], passes=False))
ONLY_CHOICE_HINTS = question("h", "single", choices=[
    choice(1, "Right", True), choice(2, "Wrong A", hint="Hint A"), choice(3, "Wrong B", hint="Hint B"),
])
case("a question with only choice hints is not revealed after the first wrong pick", "reveal after two tries", quiz([ONLY_CHOICE_HINTS]),
     [step("h", {"choices": ["c2"]}, hints=["Hint A"], canRetry=True), {"question": "h", "reveal": True, "error": "revealNotAllowed"},
      step("h", {"choices": ["c3"]}, hints=["Hint B"], canRetry=True, canReveal=True), reveal("h", {"choices": ["c1"]})],
     res(0, 1, 0, outcomes={"h": "revealed"}))
THREE_HINTS = question("h3", "true-false", answer=False, hints=["One", "Two", "Three"])
case("a question with three hints is revealed only once the third is seen", "reveal after every hint", quiz([THREE_HINTS]),
     [step("h3", {"answer": True}, hints=["One"], canRetry=True),
      step("h3", {"answer": True}, hints=["Two"], canRetry=True),
      {"question": "h3", "reveal": True, "error": "revealNotAllowed"},
      step("h3", {"answer": True}, hints=["Three"], canRetry=True, canReveal=True), reveal("h3", {"answer": False})],
     res(0, 1, 0, outcomes={"h3": "revealed"}))
case("an answered question takes no more tries", "question closed", quiz([SINGLE]),
     [step("s", {"choices": ["c1"]}, correct=True, feedback=["Yes!"], explanation="Because.", points=1),
      refused("s", {"choices": ["c2"]}, "questionClosed")],
     res(1, 1, 100, outcomes={"s": "correct"}))
case("single with two choices is refused", "bad response", quiz([SINGLE]),
     [refused("s", {"choices": ["c1", "c2"]}, "oneChoiceOnly")], res(0, 1, 0, outcomes={"s": "unanswered"}))
case("single with no choice is refused", "bad response", quiz([SINGLE]),
     [refused("s", {"choices": []}, "oneChoiceOnly")], res(0, 1, 0, outcomes={"s": "unanswered"}))
case("unknown choice is refused", "bad response", quiz([SINGLE]),
     [refused("s", {"choices": ["c9"]}, "unknownChoice")], res(0, 1, 0, outcomes={"s": "unanswered"}))
case("wrong response type is refused", "bad response", quiz([SINGLE]),
     [refused("s", {"text": "Right"}, "wrongResponseType")], res(0, 1, 0, outcomes={"s": "unanswered"}))
case("unknown question is refused", "bad response", quiz([SINGLE]),
     [refused("zz", {"choices": ["c1"]}, "unknownQuestion")], res(0, 1, 0, outcomes={"s": "unanswered"}))

case("an unknown choice is reported before the number of choices", "bad response", quiz([SINGLE]),
     [refused("s", {"choices": ["c1", "c9"]}, "unknownChoice")], res(0, 1, 0, outcomes={"s": "unanswered"}))
case("the first key of a response decides its form: choices before text", "bad response", quiz([TEXT]),
     [refused("x", {"choices": [], "text": "myself"}, "wrongResponseType")], res(0, 1, 0, outcomes={"x": "unanswered"}))
case("a number question needs a number, not text", "bad response", quiz([NUMBER]),
     [refused("n", {"text": "9"}, "wrongResponseType")], res(0, 1, 0, outcomes={"n": "unanswered"}))
case("a refused response costs no try", "bad response; hints one per wrong try", quiz([SINGLE]),
     [refused("s", {"choices": ["c9"]}, "unknownChoice"),
      step("s", {"choices": ["c3"]}, hints=["Q hint 1"], canRetry=True)],
     res(0, 1, 0, outcomes={"s": "incorrect"}))
case("a revealed question cannot be revealed again", "reveal", quiz([EXACT]),
     [step("e", {"number": 3}, canRetry=True), step("e", {"number": 3}, canRetry=True, canReveal=True), reveal("e", {"number": 2.5}),
      {"question": "e", "reveal": True, "error": "revealNotAllowed"}],
     res(0, 1, 0, outcomes={"e": "revealed"}))
case("a revealed question takes no more tries", "reveal; question closed", quiz([EXACT]),
     [step("e", {"number": 3}, canRetry=True), step("e", {"number": 1}, canRetry=True, canReveal=True), reveal("e", {"number": 2.5}),
      refused("e", {"number": 2.5}, "questionClosed")],
     res(0, 1, 0, outcomes={"e": "revealed"}))
case("a question answered right cannot be revealed", "reveal", quiz([EXACT]),
     [step("e", {"number": 2.5}, correct=True, points=1), {"question": "e", "reveal": True, "error": "revealNotAllowed"}],
     res(1, 1, 100, outcomes={"e": "correct"}))
case("revealing an unknown question is refused", "reveal; bad response", quiz([EXACT]),
     [{"question": "zz", "reveal": True, "error": "unknownQuestion"}], res(0, 1, 0, outcomes={"e": "unanswered"}))
case("text reveal gives the accepted answers", "reveal", quiz([TEXT]),
     [step("x", {"text": "me"}, hints=["First right"], canRetry=True),
      step("x", {"text": "you"}, canRetry=True, canReveal=True),
      reveal("x", {"accept": ["myself", "who I am", "Café"]})],
     res(0, 1, 0, outcomes={"x": "revealed"}))

# --- multiple
case("multiple all right", "multiple all-or-nothing", quiz([MULTI]),
     [step("m", {"choices": ["c2", "c1"]}, correct=True, feedback=["Good one"], explanation="R1 and R2.", points=1)],
     res(1, 1, 100, outcomes={"m": "correct"}))
case("multiple missing one right choice is wrong", "multiple all-or-nothing", quiz([MULTI]),
     [step("m", {"choices": ["c1"]}, hints=["More than one"], canRetry=True)],
     res(0, 1, 0, outcomes={"m": "incorrect"}))
case("multiple with a wrong choice shows that choice's hint", "choice hint first", quiz([MULTI]),
     [step("m", {"choices": ["c1", "c2", "c3"]}, hints=["Not W1", "More than one"], canRetry=True)],
     res(0, 1, 0, outcomes={"m": "incorrect"}))
case("multiple with two wrong choices shows the hints in choice order", "choice hint first", quiz([MULTI]),
     [step("m", {"choices": ["c4", "c3"]}, hints=["Not W1", "More than one"], canRetry=True)],
     res(0, 1, 0, outcomes={"m": "incorrect"}))
case("multiple duplicate ids count once", "multiple", quiz([MULTI]),
     [step("m", {"choices": ["c1", "c1", "c2"]}, correct=True, feedback=["Good one"], explanation="R1 and R2.", points=1)],
     res(1, 1, 100, outcomes={"m": "correct"}))
case("multiple with no choice is wrong", "multiple", quiz([MULTI]),
     [step("m", {"choices": []}, hints=["More than one"], canRetry=True)],
     res(0, 1, 0, outcomes={"m": "incorrect"}))
case("assessment multiple all-or-nothing gives 0 for half right", "all-or-nothing", quiz([MULTI], mode="assessment"),
     [step("m", {"choices": ["c1"]}, hints=["More than one"])], res(0, 1, 0, outcomes={"m": "incorrect"}))
case("assessment partial: one of two right is half", "partial", quiz([MULTI_PARTIAL], mode="assessment"),
     [step("p", {"choices": ["c1"]}, hints=["More than one"], points=2)], res(2, 4, 50, outcomes={"p": "incorrect"}))
case("assessment partial: a wrong pick cancels a right one", "partial", quiz([MULTI_PARTIAL], mode="assessment"),
     [step("p", {"choices": ["c1", "c3"]}, hints=["Not W1", "More than one"], points=0)], res(0, 4, 0, outcomes={"p": "incorrect"}))
case("assessment partial: never below zero", "partial", quiz([MULTI_PARTIAL], mode="assessment"),
     [step("p", {"choices": ["c3", "c4"]}, hints=["Not W1", "More than one"], points=0)], res(0, 4, 0, outcomes={"p": "incorrect"}))
case("assessment partial: all right is full points", "partial", quiz([MULTI_PARTIAL], mode="assessment"),
     [step("p", {"choices": ["c1", "c2"]}, correct=True, feedback=["Good one"], explanation="R1 and R2.", points=4)],
     res(4, 4, 100, outcomes={"p": "correct"}))
case("assessment partial: both right and one wrong is half", "partial", quiz([MULTI_PARTIAL], mode="assessment"),
     [step("p", {"choices": ["c1", "c2", "c4"]}, hints=["More than one"], points=2)], res(2, 4, 50, outcomes={"p": "incorrect"}))

TRIPLE = question("r", "multiple", choices=[
    choice(1, "R1", True), choice(2, "R2", True), choice(3, "R3", True), choice(4, "W", hint="Not W"),
], hints=["Three are right"], partial=True)
case("assessment partial: one of three right is a third", "partial; points", quiz([TRIPLE], mode="assessment"),
     [step("r", {"choices": ["c1"]}, hints=["Three are right"], points=1 / 3)],
     res(1 / 3, 1, 33.33, outcomes={"r": "incorrect"}))
case("assessment partial: two right and one wrong is a third", "partial", quiz([TRIPLE], mode="assessment"),
     [step("r", {"choices": ["c4", "c2", "c1"]}, hints=["Not W", "Three are right"], points=1 / 3)],
     res(1 / 3, 1, 33.33, outcomes={"r": "incorrect"}))
case("assessment partial: half of three points", "partial; points", quiz([dict(MULTI_PARTIAL, points=3)], mode="assessment"),
     [step("p", {"choices": ["c2"]}, hints=["More than one"], points=1.5)], res(1.5, 3, 50, outcomes={"p": "incorrect"}))
case("practice: a partial question keeps the share its first try earned", "partial; practice retry; first try",
     quiz([MULTI_PARTIAL]),
     [step("p", {"choices": ["c1"]}, hints=["More than one"], canRetry=True, points=2),
      step("p", {"choices": ["c1", "c2"]}, correct=True, feedback=["Good one"], explanation="R1 and R2.", points=2)],
     res(2, 4, 50, outcomes={"p": "correct"}, first_try=[], missed=["p"]))
case("practice: a partial question partly right then revealed keeps its first share", "partial; reveal; first try",
     quiz([MULTI_PARTIAL]),
     [step("p", {"choices": ["c2"]}, hints=["More than one"], canRetry=True, points=2),
      step("p", {"choices": ["c2", "c4"]}, canRetry=True, canReveal=True, points=2),
      reveal("p", {"choices": ["c1", "c2"], "explanation": "R1 and R2."})],
     res(2, 4, 50, outcomes={"p": "revealed"}, first_try=[], missed=["p"]))

# --- true-false, text, number
case("true-false right", "true-false", quiz([TF]),
     [step("t", {"answer": True}, correct=True, explanation="It is true.", points=1)], res(1, 1, 100, outcomes={"t": "correct"}))
case("true-false wrong shows its hint", "true-false hint", quiz([TF]),
     [step("t", {"answer": False}, hints=["Think"], canRetry=True)], res(0, 1, 0, outcomes={"t": "incorrect"}))
case("true-false reveal gives the answer", "reveal", quiz([TF]),
     [step("t", {"answer": False}, hints=["Think"], canRetry=True), step("t", {"answer": False}, canRetry=True, canReveal=True),
      reveal("t", {"answer": True, "explanation": "It is true."})],
     res(0, 1, 0, outcomes={"t": "revealed"}))
case("true-false needs a boolean", "bad response", quiz([TF]),
     [refused("t", {"text": "true"}, "wrongResponseType")], res(0, 1, 0, outcomes={"t": "unanswered"}))
for name, given, ok in [
    ("exact", "myself", True), ("upper case", "MYSELF", True), ("spaces around", "  myself  ", True),
    ("inner spacing", "who   I  am", True), ("punctuation", "Who I am!", True), ("accents ignored", "cafe", True),
    ("accents in answer", "CAFÉ", True), ("apostrophe dropped", "who I 'am'", True), ("wrong word", "yourself", False),
    ("empty", "", False), ("only punctuation", "!!!", False), ("extra word", "who I am really", False),
]:
    if ok:
        s = step("x", {"text": given}, correct=True, points=1)
        r = res(1, 1, 100, outcomes={"x": "correct"})
    else:
        s = step("x", {"text": given}, hints=["First right"], canRetry=True)
        r = res(0, 1, 0, outcomes={"x": "incorrect"})
    case(f"text: {name}", "text compared ignoring case, spacing, punctuation, accents", quiz([TEXT]), [s], r)
for name, given, ok in [("exact", 9, True), ("within tolerance below", 8, True), ("within tolerance above", 10, True),
                        ("just outside", 10.5, False), ("far", 3, False), ("decimal inside", 8.25, True)]:
    if ok:
        s = step("n", {"number": given}, correct=True, points=1)
        r = res(1, 1, 100, outcomes={"n": "correct"})
    else:
        s = step("n", {"number": given}, hints=["Hours"], canRetry=True)
        r = res(0, 1, 0, outcomes={"n": "incorrect"})
    case(f"number: {name}", "number within tolerance", quiz([NUMBER]), [s], r)
case("number without tolerance must be exact", "number", quiz([EXACT]),
     [step("e", {"number": 2.5}, correct=True, points=1)], res(1, 1, 100, outcomes={"e": "correct"}))
case("number without tolerance: close is wrong", "number", quiz([EXACT]),
     [step("e", {"number": 2.51}, canRetry=True)], res(0, 1, 0, outcomes={"e": "incorrect"}))

TEXT_WORLD = question("w", "text", accept=["Straße", "İstanbul", "ΟΔΟΣ", "São Paulo", "42", "final", "œuvre", "Łódź",
                                           "don't", "Ὀδυσσεύς", "Ærø"],
                      hints=["Look again"])
# Typed answers: NFKD, upper then lower case, NFKD, marks (Mn, Me) dropped, the letters
# ł ø æ œ đ ð þ ħ ŧ ß ς spelled l o ae oe d d th h t ss σ, then words of letters, numbers
# and spacing marks split at White_Space, anything else dropped (docs/commands.md, "Grading").
for q, name, given, ok in [
    (TEXT, "a combining accent is ignored", "cafe\u0301", True),
    (TEXT, "no-break space and tab are spaces", "who\u00a0I\tam", True),
    (TEXT, "a hyphen joins words", "who-I-am", False),
    (TEXT, "only an emoji", "\U0001F44D", False),
    (TEXT_WORLD, "sharp s is ss", "STRASSE", True),
    (TEXT_WORLD, "capital sharp s is ss", "STRA\u1e9eE", True),
    (TEXT_WORLD, "dotted capital I is i", "istanbul", True),
    (TEXT_WORLD, "dotless i is i", "\u0131stanbul", True),
    (TEXT_WORLD, "Greek final sigma is sigma", "\u03bf\u03b4\u03bf\u03c2", True),
    (TEXT_WORLD, "accents in the accepted answer", "sao paulo", True),
    (TEXT_WORLD, "a no-break space separates words", "SAO\u00a0PAULO", True),
    (TEXT_WORLD, "a space inside a word splits it", "sao pau lo", False),
    (TEXT_WORLD, "full-width digits", "\uff14\uff12", True),
    (TEXT_WORLD, "full-width letters", "\uff26\uff29\uff2e\uff21\uff2c", True),
    (TEXT_WORLD, "ligature fi is f and i", "\ufb01nal", True),
    (TEXT_WORLD, "a zero-width joiner is dropped", "fi\u200dnal", True),
    (TEXT_WORLD, "oe is o and e", "oeuvre", True),
    (TEXT_WORLD, "capital OE is o and e", "\u0152UVRE", True),
    (TEXT_WORLD, "l with stroke is l", "lodz", True),
    (TEXT_WORLD, "capital L with stroke and accents", "\u0141\u00d3D\u0179", True),
    (TEXT_WORLD, "ae is a and e, o with stroke is o", "AERO", True),
    (TEXT_WORLD, "an apostrophe is dropped without splitting", "dont", True),
    (TEXT_WORLD, "a typographic apostrophe is dropped too", "DON\u2019T", True),
    (TEXT_WORLD, "a space where the apostrophe was splits", "don t", False),
    (TEXT_WORLD, "Greek without accents", "\u03bf\u03b4\u03c5\u03c3\u03c3\u03b5\u03c5\u03c2", True),
    (TEXT_WORLD, "Greek in capitals", "\u039f\u0394\u03a5\u03a3\u03a3\u0395\u03a5\u03a3", True),
    (TEXT_WORLD, "no transliteration between scripts", "odysseus", False),
    (TEXT_WORLD, "an emoji beside the answer is dropped", "42 \U0001F44D", True),
    (TEXT_WORLD, "an extra letter", "finals", False),
]:
    if ok:
        s = step(q["id"], {"text": given}, correct=True, points=1)
        r = res(1, 1, 100, outcomes={q["id"]: "correct"})
    else:
        s = step(q["id"], {"text": given}, hints=[h["markdown"] for h in q["hints"]], canRetry=True)
        r = res(0, 1, 0, outcomes={q["id"]: "incorrect"})
    case(f"text: {name}", "text compared ignoring case, spacing, punctuation, accents", quiz([q]), [s], r)
case("number: a rounding error at the tolerance edge is forgiven", "number within tolerance",
     quiz([question("f", "number", number=0.3, tolerance=0.1)]),
     [step("f", {"number": 0.4}, correct=True, points=1)], res(1, 1, 100, outcomes={"f": "correct"}))
case("number: a millionth outside the tolerance is wrong", "number within tolerance", quiz([NUMBER]),
     [step("n", {"number": 10.000001}, hints=["Hours"], canRetry=True)], res(0, 1, 0, outcomes={"n": "incorrect"}))

# --- assessment, points, pass mark
ASSESS = quiz([SINGLE, dict(TF, points=2), NUMBER], mode="assessment", passPercent=70)
case("assessment: one submission per question", "assessment one submission", ASSESS,
     [step("s", {"choices": ["c2"]}, hints=["Hint A", "Q hint 1"]), refused("s", {"choices": ["c1"]}, "questionClosed")],
     res(0, 4, 0, passed=False, outcomes={"s": "incorrect", "t": "unanswered", "n": "unanswered"}))
case("assessment: no reveal", "assessment", ASSESS,
     [step("s", {"choices": ["c3"]}, hints=["Q hint 1"]), {"question": "s", "reveal": True, "error": "revealNotAllowed"}],
     res(0, 4, 0, passed=False, outcomes={"s": "incorrect", "t": "unanswered", "n": "unanswered"}))
case("assessment: weighted points and a pass", "points; pass mark", ASSESS,
     [step("s", {"choices": ["c2"]}, hints=["Hint A", "Q hint 1"]),
      step("t", {"answer": True}, correct=True, explanation="It is true.", points=2),
      step("n", {"number": 9}, correct=True, points=1)],
     res(3, 4, 75, passed=True, outcomes={"s": "incorrect", "t": "correct", "n": "correct"}))
case("assessment: just below the pass mark fails", "pass mark", ASSESS,
     [step("s", {"choices": ["c1"]}, correct=True, feedback=["Yes!"], explanation="Because.", points=1),
      step("t", {"answer": False}, hints=["Think"]),
      step("n", {"number": 9}, correct=True, points=1)],
     res(2, 4, 50, passed=False, outcomes={"s": "correct", "t": "incorrect", "n": "correct"}))
case("exactly the pass mark passes", "pass mark", quiz([SINGLE, dict(TF, id="t2")], passPercent=50),
     [step("s", {"choices": ["c1"]}, correct=True, feedback=["Yes!"], explanation="Because.", points=1)],
     res(1, 2, 50, passed=True, outcomes={"s": "correct", "t2": "unanswered"}))
case("no pass mark means no pass or fail", "pass mark optional", quiz([SINGLE]),
     [step("s", {"choices": ["c1"]}, correct=True, feedback=["Yes!"], explanation="Because.", points=1)],
     res(1, 1, 100, passed=None, outcomes={"s": "correct"}))
case("percent is rounded to two decimals", "points", quiz([SINGLE, dict(TF, id="t2"), dict(EXACT, id="e2")]),
     [step("s", {"choices": ["c1"]}, correct=True, feedback=["Yes!"], explanation="Because.", points=1)],
     res(1, 3, 33.33, outcomes={"s": "correct", "t2": "unanswered", "e2": "unanswered"}))
case("pass mark 0 passes with nothing right", "pass mark", quiz([SINGLE], passPercent=0),
     [], res(0, 1, 0, passed=True, outcomes={"s": "unanswered"}))
case("practice: a revealed question does not count toward the pass", "reveal; pass mark", quiz([EXACT, dict(TF, id="t2")], passPercent=50),
     [step("e", {"number": 1}, canRetry=True), step("e", {"number": 2}, canRetry=True, canReveal=True), reveal("e", {"number": 2.5})],
     res(0, 2, 0, passed=False, outcomes={"e": "revealed", "t2": "unanswered"}))

THIRDS = [SINGLE, dict(TF, id="t2"), dict(EXACT, id="e2")]
RIGHT_S = step("s", {"choices": ["c1"]}, correct=True, feedback=["Yes!"], explanation="Because.", points=1)
case("the pass mark is compared with the rounded percent: 33.33 is below 33.333", "pass mark", quiz(THIRDS, passPercent=33.333),
     [RIGHT_S], res(1, 3, 33.33, passed=False, outcomes={"s": "correct", "t2": "unanswered", "e2": "unanswered"}))
case("the pass mark is compared with the rounded percent: 33.33 passes 33.33", "pass mark", quiz(THIRDS, passPercent=33.33),
     [RIGHT_S], res(1, 3, 33.33, passed=True, outcomes={"s": "correct", "t2": "unanswered", "e2": "unanswered"}))
case("half a hundredth of a percent rounds up", "points", quiz([SINGLE, dict(TF, id="t2", points=31)]),
     [RIGHT_S], res(1, 32, 3.13, outcomes={"s": "correct", "t2": "unanswered"}))

# --- time limit
TIMED = quiz([SINGLE, TF], timeLimitSeconds=60)
case("an answer inside the time limit counts", "time_limit", TIMED,
     [dict(step("s", {"choices": ["c1"]}, correct=True, feedback=["Yes!"], explanation="Because.", points=1), elapsed=59)],
     res(1, 2, 50, outcomes={"s": "correct", "t": "unanswered"}))
case("an answer after the time limit is refused", "time_limit", TIMED,
     [refused("s", {"choices": ["c1"]}, "timeUp", elapsed=61)],
     dict(res(0, 2, 0, outcomes={"s": "unanswered", "t": "unanswered"}, timed_out=True), elapsed=61))
case("finishing after the limit is reported as timed out", "time_limit", TIMED,
     [dict(step("s", {"choices": ["c1"]}, correct=True, feedback=["Yes!"], explanation="Because.", points=1), elapsed=10)],
     dict(res(1, 2, 50, outcomes={"s": "correct", "t": "unanswered"}, timed_out=True), elapsed=75))

case("an answer exactly at the time limit counts", "time_limit", TIMED,
     [dict(step("s", {"choices": ["c1"]}, correct=True, feedback=["Yes!"], explanation="Because.", points=1), elapsed=60)],
     dict(res(1, 2, 50, outcomes={"s": "correct", "t": "unanswered"}), elapsed=60))
case("half a second after the limit is too late", "time_limit", TIMED,
     [refused("s", {"choices": ["c1"]}, "timeUp", elapsed=60.5)],
     dict(res(0, 2, 0, outcomes={"s": "unanswered", "t": "unanswered"}, timed_out=True), elapsed=60.5))
case("after the limit an answered question is refused for the time", "time_limit; question closed", TIMED,
     [dict(step("s", {"choices": ["c1"]}, correct=True, feedback=["Yes!"], explanation="Because.", points=1), elapsed=5),
      refused("s", {"choices": ["c2"]}, "timeUp", elapsed=61)],
     dict(res(1, 2, 50, outcomes={"s": "correct", "t": "unanswered"}, timed_out=True), elapsed=61))
case("an unknown question is refused as unknown even after the limit", "time_limit; bad response", TIMED,
     [refused("zz", {"choices": ["c1"]}, "unknownQuestion", elapsed=61)],
     dict(res(0, 2, 0, outcomes={"s": "unanswered", "t": "unanswered"}, timed_out=True), elapsed=61))
case("assessment with a time limit: an answer in time counts, a late one is refused", "time_limit; assessment",
     quiz([SINGLE, TF], mode="assessment", timeLimitSeconds=30, passPercent=50),
     [dict(step("t", {"answer": True}, correct=True, explanation="It is true.", points=1), elapsed=30),
      refused("s", {"choices": ["c1"]}, "timeUp", elapsed=31)],
     dict(res(1, 2, 50, passed=True, outcomes={"s": "unanswered", "t": "correct"}, timed_out=True), elapsed=31))

# --- shuffle and draw, by seed (SplitMix64; Fisher-Yates from the end; value % n of next() >> 11)
FIVE = [question(f"q{i}", "true-false", answer=True) for i in range(1, 6)]
case("no shuffle keeps the written order", "shuffle none", quiz(FIVE), [], res(0, 5, 0, outcomes={f"q{i}": "unanswered" for i in range(1, 6)}),
     seed=42, order=["q1", "q2", "q3", "q4", "q5"])
open_path = os.path.join(os.path.dirname(__file__), "grading-vectors.json")

# Shuffled and drawn orders are recorded from a reference implementation of the
# generator (splitmix.py), which the Swift and web graders must reproduce.
from splitmix import SplitMix  # noqa: E402


def expected_order(q, seed):
    g = SplitMix(seed)
    pool = list(q["questions"])
    if q.get("draw") and q["draw"] < len(pool):
        picked = set(g.shuffled(range(len(pool)))[: q["draw"]])
        pool = [pool[i] for i in range(len(pool)) if i in picked]
    if q["shuffle"] in ("questions", "both"):
        pool = g.shuffled(pool)
    choice_order = {}
    if q["shuffle"] in ("choices", "both"):
        for p in pool:
            if p["choices"]:
                choice_order[p["id"]] = [c["id"] for c in g.shuffled(p["choices"])]
    return [p["id"] for p in pool], choice_order


for seed in (1, 7, 2024):
    q = quiz(FIVE, shuffle="questions")
    order, _ = expected_order(q, seed)
    case(f"shuffle questions with seed {seed}", "shuffle by seed", q, [], res(0, 5, 0, outcomes={i: "unanswered" for i in order}), seed=seed, order=order)
for seed in (3, 99):
    q = quiz(FIVE, shuffle="none", draw=3)
    order, _ = expected_order(q, seed)
    case(f"draw 3 of 5 with seed {seed} keeps written order", "draw by seed", q, [], res(0, 3, 0, outcomes={i: "unanswered" for i in order}), seed=seed, order=order)
for seed in (5, 11):
    q = quiz([SINGLE, MULTI, TF], shuffle="both", draw=2)
    order, choice_order = expected_order(q, seed)
    total = sum(p["points"] for p in q["questions"] if p["id"] in order)
    case(f"shuffle both and draw 2 with seed {seed}", "shuffle; draw", q, [], res(0, total, 0, outcomes={i: "unanswered" for i in order}), seed=seed, order=order, choice_order=choice_order)
q = quiz([SINGLE], shuffle="choices")
order, choice_order = expected_order(q, 8)
case("shuffle choices keeps choice ids, so answers still grade", "shuffle choices", q,
     [step("s", {"choices": ["c1"]}, correct=True, feedback=["Yes!"], explanation="Because.", points=1)],
     res(1, 1, 100, outcomes={"s": "correct"}), seed=8, order=order, choice_order=choice_order)

for seed in (4, 2 ** 64 - 1):
    q = quiz(FIVE, shuffle="questions", draw=3)
    order, _ = expected_order(q, seed)
    case(f"draw 3 of 5 and shuffle questions with seed {seed}", "draw; shuffle by seed", q, [],
         res(0, 3, 0, outcomes={i: "unanswered" for i in order}), seed=seed, order=order)
q = quiz(FIVE, shuffle="questions", draw=5)
order, _ = expected_order(q, 7)
case("drawing as many questions as there are draws nothing", "draw; shuffle by seed", q, [],
     res(0, 5, 0, outcomes={i: "unanswered" for i in order}), seed=7, order=order)
# Seed 5 shows the five choices as c5 c4 c2 c3 c1: hints and the revealed answer follow that order.
FIVE_CHOICES = question("h", "multiple", choices=[
    choice(1, "R1", True), choice(2, "R2", True),
    choice(3, "W1", hint="Not W1"), choice(4, "W2", hint="Not W2"), choice(5, "W3", hint="Not W3"),
], hints=["Two are right"])
q = quiz([FIVE_CHOICES], shuffle="choices")
order, choice_order = expected_order(q, 5)
assert choice_order == {"h": ["c5", "c4", "c2", "c3", "c1"]}, choice_order
case("choice hints and the revealed choices follow the order shown", "choice hint first; reveal; shuffle choices", q,
     [step("h", {"choices": ["c3", "c4", "c5"]}, hints=["Not W3", "Not W2", "Not W1", "Two are right"], canRetry=True),
      step("h", {"choices": ["c4", "c2"]}, hints=["Not W2"], canRetry=True, canReveal=True),
      reveal("h", {"choices": ["c2", "c1"]})],
     res(0, 1, 0, outcomes={"h": "revealed"}), seed=5, order=order, choice_order=choice_order)

# --- the review after an assessment: every question not right, in the order asked, with
# its right answer and explanation, unless the quiz says showAnswers: false.
case("review: an assessment goes over what was missed with the answers", "review; assessment", ASSESS,
     [step("s", {"choices": ["c2"]}, hints=["Hint A", "Q hint 1"]),
      step("t", {"answer": True}, correct=True, explanation="It is true.", points=2)],
     res(2, 4, 50, passed=False, outcomes={"s": "incorrect", "t": "correct", "n": "unanswered"}, first_try=["t"], missed=["s", "n"],
         review=[{"question": "s", "choices": ["c1"], "explanation": "Because."}, {"question": "n", "number": 9}]))
case("review: a partly right question is gone over too", "review; partial", quiz([MULTI_PARTIAL, TEXT], mode="assessment"),
     [step("p", {"choices": ["c1"]}, hints=["More than one"], points=2),
      step("x", {"text": "me"}, hints=["First right"])],
     res(2, 5, 40, outcomes={"p": "incorrect", "x": "incorrect"}, first_try=[], missed=["p", "x"],
         review=[{"question": "p", "choices": ["c1", "c2"], "explanation": "R1 and R2."},
                 {"question": "x", "accept": ["myself", "who I am", "Café"]}]))
case("review: showAnswers false names the questions missed without their answers", "review", dict(ASSESS, showAnswers=False),
     [step("s", {"choices": ["c2"]}, hints=["Hint A", "Q hint 1"]),
      step("t", {"answer": True}, correct=True, explanation="It is true.", points=2),
      step("n", {"number": 9}, correct=True, points=1)],
     res(3, 4, 75, passed=True, outcomes={"s": "incorrect", "t": "correct", "n": "correct"}, review=[{"question": "s", "hidden": True}]))
case("review: a practice quiz has none", "review; practice retry", quiz([SINGLE]),
     [step("s", {"choices": ["c2"]}, hints=["Hint A", "Q hint 1"], canRetry=True)],
     res(0, 1, 0, outcomes={"s": "incorrect"}, missed=["s"], review=[]))

# --- reflection questions are never graded: they are not questions of the attempt
case("reflections are not part of the attempt or its score", "reflections not graded",
     quiz([SINGLE], reflections=[{"id": "calm", "prompt": rich("What helps you feel calm?"), "discussion": rich("Ask a friend.")}]),
     [step("s", {"choices": ["c1"]}, correct=True, feedback=["Yes!"], explanation="Because.", points=1),
      refused("calm", {"text": "Breathing"}, "unknownQuestion")],
     res(1, 1, 100, outcomes={"s": "correct"}, first_try=["s"], missed=[], passes=True), order=["s"])

# --- "try the ones I missed": the quiz again with only those questions, in the order
# given; its mode and choice shuffling, but no draw, question shuffling, time limit or pass mark.
def retried(q, ids):
    r = dict(q, questions=[next(x for x in q["questions"] if x["id"] == i) for i in ids if any(x["id"] == i for x in q["questions"])])
    r["shuffle"] = "choices" if q["shuffle"] in ("choices", "both") else "none"
    for key in ("draw", "timeLimitSeconds", "passPercent"):
        r.pop(key, None)
    return r


q = quiz([SINGLE, MULTI, TF, NUMBER], mode="assessment", shuffle="both", draw=3, timeLimitSeconds=60, passPercent=80)
order, choice_order = expected_order(retried(q, ["t", "s"]), 11)
assert order == ["t", "s"], order
case("retry missed: only those questions, in the order given, choices shuffled by seed, no pass mark or time limit",
     "retry missed; assessment", q,
     [dict(step("t", {"answer": True}, correct=True, explanation="It is true.", points=1), elapsed=500),
      step("s", {"choices": ["c2"]}, hints=["Hint A", "Q hint 1"]), refused("s", {"choices": ["c1"]}, "questionClosed")],
     dict(res(1, 2, 50, passed=None, outcomes={"t": "correct", "s": "incorrect"}, first_try=["t"], missed=["s"], passes=False),
          elapsed=500),
     seed=11, order=order, choice_order=choice_order, retry=["t", "s"])
q = quiz([SINGLE, TF, NUMBER], shuffle="questions")
case("retry missed in practice keeps hints and retries, and skips ids the quiz does not have", "retry missed; practice retry", q,
     [step("n", {"number": 3}, hints=["Hours"], canRetry=True),
      step("n", {"number": 9}, correct=True, points=0)],
     res(0, 1, 0, outcomes={"n": "correct"}, first_try=[], missed=["n"], passes=False),
     seed=3, order=["n"], retry=["gone", "n"])

with open(open_path, "w", encoding="utf-8") as f:
    json.dump({"format": "folio-grading-vectors", "version": 1, "cases": cases}, f, indent=1, sort_keys=True, ensure_ascii=False)
    f.write("\n")
print(f"{len(cases)} cases written to {open_path}")
