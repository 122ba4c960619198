"""Learner progress survives the edits program staff make all year.

For each edit: progress is recorded before it through the terminal runner (the SQLite
progress file), the site in headless Chromium (the browser's storage) and a responses
file for `folio grade`; the program is edited and built again; then every saved item
must map to the same item as before, or be reported as dropped (by `folio build`, and by
`folio progress` or `folio grade`), and never to another item.

The program is Tests/Fixtures/progress-v1/Content with its id pinned, as `folio init`
writes it: a quiz of a true-false question, a pick-one question and a text question
(which states its id), a YAML deck and a TXT deck.
"""

import json
import os
import pathlib
import re
import shutil
import sqlite3
import subprocess
import tempfile
import unittest

import browser
from selenium.webdriver.common.by import By

BASE = browser.REPOSITORY / "Tests" / "Fixtures" / "progress-v1" / "Content"


def folio(*arguments, stdin=None, check=True):
    result = subprocess.run([str(browser.FOLIO), *map(str, arguments)], input=stdin, capture_output=True, text=True)
    if check and result.returncode != 0:
        raise AssertionError(f"folio {' '.join(map(str, arguments))}: exit {result.returncode}\n{result.stdout}{result.stderr}")
    return result


def edit(path, old, new):
    text = path.read_text()
    assert old in text, f"{old!r} is not in {path}"
    path.write_text(text.replace(old, new, 1))


def read_json(path):
    return json.loads(pathlib.Path(path).read_text())


class Program:
    """A copy of the base program, built, with what a learner saved of it."""

    def __init__(self, folder):
        self.folder = folder
        self.content = folder / "Content"
        shutil.copytree(BASE, self.content)
        edit(self.content / "folio.yaml", "title: Go Grrrls\n", "id: go-grrrls\ntitle: Go Grrrls\n")
        self.output = folder / "Output"
        self.progress = folder / "progress.sqlite"
        self.build()
        self.before = self.published()

    def build(self):
        result = folio("build", self.content, "--output", self.output)
        self.warnings = result.stderr
        return result

    def published(self):
        """Every item of the built bundle by its id, with the words it is known by."""
        bundle = self.output / "bundle"
        manifest = read_json(bundle / "manifest.json")
        items = {"program": manifest["program"]["id"], "questions": {}, "choices": {}, "cards": {}}
        for quiz_id in manifest["quizzes"]:
            for question in read_json(bundle / "quizzes" / f"{quiz_id}.json")["questions"]:
                items["questions"][(quiz_id, question["id"])] = question["prompt"]["markdown"]
                for choice in question["choices"]:
                    items["choices"][(quiz_id, question["id"], choice["id"])] = choice["text"]["markdown"]
        for deck in manifest["decks"]:
            for card in read_json(bundle / "decks" / f"{deck['id']}.json")["cards"]:
                items["cards"][(deck["id"], card["id"])] = card["front"]
        return items

    def quiz(self):
        return read_json(self.output / "bundle" / "quizzes" / "who-am-i.json")

    # What a learner saves.

    def record_in_the_terminal(self):
        common = ["--bundle", self.output / "bundle", "--progress", self.progress]
        # The quiz: true, then a wrong pick and the right one, then the text answer.
        folio("quiz", "who-am-i", *common, "--seed", "1", stdin="t\n\n2\n1\n\nmyself\n\n\n")
        # Empathy known, Jealous not yet, Calm known; Puberty not yet, Hormones and Acne known.
        folio("study", "feelings", *common, stdin="\ny\n\nn\n\ny\n")
        folio("study", "body-words", *common, stdin="\nn\n\ny\n\ny\n")

    def terminal_saved(self):
        database = sqlite3.connect(self.progress)
        questions = database.execute(
            "SELECT a.program, a.quiz, q.question FROM attemptQuestion q JOIN attempt a ON a.id = q.attemptId WHERE a.deck IS NULL").fetchall()
        cards = database.execute(
            "SELECT s.program, s.deck, r.cardId, r.known FROM cardReview r JOIN studySession s ON s.id = r.sessionId ORDER BY r.sessionId, r.position").fetchall()
        database.close()
        return questions, cards

    def responses(self):
        """An attempt at the quiz, answered from the bundle: the pick-one question with a
        wrong choice, so that its choice id is graded too."""
        answers = {}
        for question in self.quiz()["questions"]:
            if question["type"] == "true-false":
                answers[question["id"]] = {"answer": True}
            elif question["type"] == "single":
                wrong = next(c for c in question["choices"] if c["text"]["markdown"] == "Keeping it all inside")
                answers[question["id"]] = {"choices": [wrong["id"]]}
            else:
                answers[question["id"]] = {"text": question["accept"][0]}
        path = self.folder / "responses.jsonl"
        path.write_text(json.dumps({"seed": 0, "answers": answers}) + "\n")
        return path

    def grade(self, responses):
        result = folio("grade", "who-am-i", "--responses", responses, "--bundle", self.output / "bundle")
        return json.loads(result.stdout.splitlines()[0])


class EditScenarios(unittest.TestCase):
    """One test per edit; each records, edits, rebuilds and checks all three records."""

    maxDiff = None

    def setUp(self):
        self.folder = pathlib.Path(tempfile.mkdtemp(prefix="folio-edits-"))
        self.program = Program(self.folder)

    def tearDown(self):
        shutil.rmtree(self.folder, ignore_errors=True)

    def reported(self):
        """The ids the rebuild named in its warnings that progress would be dropped."""
        lines = [line for line in self.program.warnings.splitlines() if line.endswith("[progress-dropped]")]
        return {token for line in lines for token in re.findall(r"`([^`]+)`", line)}

    def site_record(self, site_url_storage=None):
        """Takes the quiz and studies both decks in the site; returns the browser's storage."""
        with browser.serve(self.program.output / "site") as server, browser.chromium(1280, 900) as driver:
            driver.get(server.url + "chapters/who-am-i.html")
            data = json.loads(driver.find_element(By.ID, "quiz-data").get_attribute("textContent"))
            shown = {q["id"]: q for q in data["questions"]}
            for fieldset in driver.find_elements(By.CSS_SELECTOR, ".quiz-app fieldset.question"):
                question = shown[fieldset.get_attribute("data-question")]
                labels = fieldset.find_elements(By.CSS_SELECTOR, "label")
                if question["type"] == "single":
                    right = next(c for c in question["choices"] if c["correct"])["text"]["markdown"]
                    next(label for label in labels if right in label.text).click()
                elif question["type"] == "true-false":
                    next(label for label in labels if label.text.strip() == "True").click()
                else:
                    fieldset.find_element(By.CSS_SELECTOR, "input[type=text]").send_keys(question["accept"][0])
                fieldset.find_element(By.XPATH, ".//button[.='Check']").click()
            driver.find_element(By.CSS_SELECTOR, ".quiz-result")
            for deck, buttons in {"feelings": ["I knew it", "Not yet", "I knew it"], "body-words": ["Not yet", "I knew it", "I knew it"]}.items():
                driver.get(server.url + f"decks/{deck}.html")
                browser_wait(driver, ".card-study")
                for button in buttons:
                    driver.find_element(By.XPATH, "//button[.='Turn the card']").click()
                    driver.find_element(By.XPATH, f"//button[.='{button}']").click()
            return storage(driver)

    def site_after(self, saved):
        """The new site, opened with the storage saved before: the record it reads, and
        what its progress page shows."""
        with browser.serve(self.program.output / "site") as server, browser.chromium(1280, 900) as driver:
            driver.get(server.url + "index.html")
            for key, value in saved.items():
                driver.execute_script("localStorage.setItem(arguments[0], arguments[1])", key, value)
            driver.get(server.url + "progress.html")
            browser_wait(driver, "#total-time")
            shown = {row.get_attribute("data-deck"): row.find_element(By.CSS_SELECTOR, "[data-cell='known']").text
                     for row in driver.find_elements(By.CSS_SELECTOR, "tr[data-deck]")}
            quiz = driver.find_element(By.CSS_SELECTOR, "tr[data-quiz='who-am-i'] [data-cell='status']").text
            notes = driver.find_elements(By.ID, "dropped-cards")
            self.dropped_note = notes[0].text if notes and notes[0].is_displayed() else ""
            return storage(driver), shown, quiz

    def run_scenario(self, change, same=None, gone=()):
        """Records, applies `change`, rebuilds and checks. `same` maps words of the
        bundle before to their words after, for an item that keeps its id while its
        words are edited; `gone` lists the words of items the edit removes or re-identifies,
        whose progress must be reported as dropped."""
        same = same or {}
        program = self.program
        program.record_in_the_terminal()
        responses = program.responses()
        graded_before = program.grade(responses)
        site_saved = self.site_record()
        before = program.before

        change(program.content)
        program.build()
        after = program.published()
        reported = self.reported()

        def check(kind, key, words):
            """A saved item maps to the same item, or is reported as dropped."""
            if key in after[kind]:
                self.assertEqual(after[kind][key], same.get(words, words), f"{kind} {key} names another item now")
                self.assertNotIn(words, gone, f"{kind} {key} was meant to be dropped")
            else:
                self.assertIn(words, gone, f"{kind} {key} ({words!r}) disappeared unexpectedly")
                self.assertIn(key[-1], reported, f"{kind} {key} is dropped without a warning:\n{program.warnings}")

        # The terminal's progress file.
        questions, cards = program.terminal_saved()
        self.assertTrue(questions and cards)
        for _, quiz, question in questions:
            check("questions", (quiz, question), before["questions"][(quiz, question)])
        for _, deck, card, _ in cards:
            check("cards", (deck, card), before["cards"][(deck, card)])
        summary = json.loads(folio("progress", "--bundle", program.output / "bundle", "--progress", program.progress, "--format", "json").stdout)
        if summary["programID"] == before["program"]:
            known = {deck: {c for _, d, c, k in cards if d == deck and k} for deck in ("feelings", "body-words")}
            for deck in summary["decks"]:
                still = {c for c in known[deck["deck"]] if (deck["deck"], c) in after["cards"]}
                self.assertEqual(deck["cardsKnown"], len(still), f"{deck['deck']}: only marks of cards still there count")
            dropped_cards = {f"{d}/{c}" for _, d, c, _ in cards if (d, c) not in after["cards"]}
            self.assertEqual(set(summary["dropped"]["cards"]), dropped_cards, "folio progress names every dropped card")
            dropped_questions = {f"{q}/{i}" for _, q, i in questions if (q, i) not in after["questions"]}
            self.assertEqual(set(summary["dropped"]["questions"]), dropped_questions, "folio progress names every dropped question")
        else:
            self.assertIn(before["program"], reported, "a new program id is warned about")

        # The browser's storage, read by the new site.
        storage_after, shown, quiz_status = self.site_after(site_saved)
        key = f"folio:2:{after['program']}"
        if after["program"] == before["program"]:
            record = json.loads(storage_after[key])
            for deck, marks in record["cards"].items():
                for card in marks:
                    check("cards", (deck, card), before["cards"][(deck, card)])
                count = sum(1 for card, known in marks.items() if known and (deck, card) in after["cards"])
                total = sum(1 for d, _ in after["cards"] if d == deck)
                self.assertEqual(shown[deck], f"{count} of {total}", f"the progress page counts {deck}'s marks of cards still there")
            gone_marks = sum(1 for deck, marks in record["cards"].items() for card in marks if (deck, card) not in after["cards"])
            if gone_marks:
                self.assertIn(f"{gone_marks} card{' you marked is' if gone_marks == 1 else 's you marked are'} no longer in the program", self.dropped_note)
            else:
                self.assertEqual(self.dropped_note, "")
            self.assertEqual(quiz_status, "Passed", "the quiz result stays with the quiz")
        else:
            self.assertNotIn(key, storage_after, "progress under another program id is never taken for this one")

        # The responses file, graded again.
        graded_after = program.grade(responses)
        correct_before = {q["question"]: q["correct"] for q in graded_before["questions"]}
        correct_after = {q["question"]: q["correct"] for q in graded_after["questions"]}
        for question_id, correct in correct_before.items():
            words = before["questions"][("who-am-i", question_id)]
            if ("who-am-i", question_id) in after["questions"] and question_id in correct_after:
                self.assertEqual(after["questions"][("who-am-i", question_id)], same.get(words, words))
                self.assertEqual(correct_after[question_id], correct, f"{question_id} is graded as before")
            else:
                self.assertTrue(
                    any(question_id in error and "no longer exists" in error for error in graded_after["errors"]),
                    f"{question_id}: {graded_after}")
        return graded_after

    # The edits.

    def test_reorder_questions(self):
        def change(content):
            quiz = content / "quizzes" / "who-am-i.yaml"
            text = quiz.read_text()
            head, rest = text.split("questions:\n")
            items = re.split(r"(?m)^(?=  - )", rest)[1:]
            quiz.write_text(head + "questions:\n" + "".join(reversed(items)))
        self.run_scenario(change)
        self.assertNotIn("[progress-dropped]", self.program.warnings)

    def test_reorder_choices(self):
        def change(content):
            edit(content / "quizzes" / "who-am-i.yaml",
                 "      - text: Talking to a friend\n        correct: true\n      - text: Keeping it all inside\n",
                 "      - text: Keeping it all inside\n")
            edit(content / "quizzes" / "who-am-i.yaml",
                 "        hint: Would that make either of you feel better?\n",
                 "        hint: Would that make either of you feel better?\n      - text: Talking to a friend\n        correct: true\n")
        graded = self.run_scenario(change)
        self.assertEqual(graded["errors"], [], "the recorded wrong choice is still that choice")

    def test_fix_a_typo_in_a_prompt_that_states_its_id(self):
        self.run_scenario(
            lambda content: edit(content / "quizzes" / "who-am-i.yaml", "Finish the first right", "Finish the first right of the Bill of Rights"),
            same={'Finish the first right, "I have the right to be ..."': 'Finish the first right of the Bill of Rights, "I have the right to be ..."'})

    def test_fix_a_typo_in_a_prompt_without_an_id_is_reported(self):
        self.run_scenario(
            lambda content: edit(content / "quizzes" / "who-am-i.yaml", "Everyone feels nervous sometimes.", "Everyone feels nervous at times."),
            gone={"Everyone feels nervous sometimes."})
        self.assertIn("add `id: everyone-feels-nervous-sometimes-a08d` to it", self.program.warnings)

    def test_fix_a_typo_in_a_choice(self):
        # Without an id the choice is a new one: the recorded answer naming it is reported.
        def change(content):
            edit(content / "quizzes" / "who-am-i.yaml", "Keeping it all inside", "Keeping everything inside")
        graded = self.run_scenario(change)
        self.assertTrue(any("has no choice `keeping-it-all-inside-9cc7`" in e and "no longer exists" in e for e in graded["errors"]), graded)
        self.assertIn("add `id: keeping-it-all-inside-9cc7` to it", self.program.warnings)

    def test_fix_a_typo_in_a_choice_that_states_its_id(self):
        def change(content):
            edit(content / "quizzes" / "who-am-i.yaml", "      - text: Keeping it all inside", "      - id: keeping-it-all-inside-9cc7\n        text: Keeping everything inside")
        graded = self.run_scenario(change)
        self.assertEqual(graded["errors"], [])
        self.assertEqual([q["correct"] for q in graded["questions"]], [True, False, True])

    def test_insert_a_card_at_the_top_of_a_yaml_deck(self):
        self.run_scenario(lambda content: edit(content / "decks" / "feelings.yaml", "cards:\n", "cards:\n  - front: Proud\n    back: Glad of what you did.\n"))

    def test_insert_a_card_at_the_top_of_a_txt_deck(self):
        self.run_scenario(lambda content: edit(content / "decks" / "body-words.txt", "Body words\n", "Body words\nGrowth spurt\nGrowing fast.\n\n"))

    def test_rename_the_programs_title(self):
        self.run_scenario(lambda content: edit(content / "folio.yaml", "title: Go Grrrls\n", "title: Go Grrrls Spring\n"))
        self.assertNotIn("[progress-dropped]", self.program.warnings)

    def test_rename_the_programs_title_without_an_id_is_reported(self):
        edit(self.program.content / "folio.yaml", "id: go-grrrls\n", "")
        self.program.build()
        self.program.before = self.program.published()
        self.run_scenario(lambda content: edit(content / "folio.yaml", "title: Go Grrrls\n", "title: Go Grrrls Spring\n"))
        self.assertIn("add a line `id: go-grrrls` to `folio.yaml`", self.program.warnings)

    def test_rename_a_chapters_file(self):
        def change(content):
            (content / "chapters" / "01-who-am-i.md").rename(content / "chapters" / "01-all-about-me.md")
        self.run_scenario(change)

    def test_delete_a_question(self):
        def change(content):
            edit(content / "quizzes" / "who-am-i.yaml",
                 "  - prompt: Everyone feels nervous sometimes.\n    type: true-false\n    answer: true\n    hint: Even adults on stage get butterflies.\n", "")
        self.run_scenario(change, gone={"Everyone feels nervous sometimes."})

    def test_delete_a_card(self):
        def change(content):
            edit(content / "decks" / "feelings.yaml", "  - front: Jealous\n    back: Wanting something that someone else has.\n", "")
        self.run_scenario(change, gone={"Jealous"})


def first_visit(driver, server, saved):
    """The site visited with the browser storage `saved`: the record it keeps once its
    card marks are carried over."""
    from selenium.webdriver.support.ui import WebDriverWait
    driver.get(server.url + "index.html")
    for key, value in saved.items():
        driver.execute_script("localStorage.setItem(arguments[0], arguments[1])", key, value)
    driver.get(server.url + "progress.html")
    pending = "return localStorage.getItem('folio:2:go-grrrls')"
    WebDriverWait(driver, 10).until(lambda d: "pendingCards" not in (d.execute_script(pending) or "pendingCards"))
    return json.loads(storage(driver)["folio:2:go-grrrls"])


def wait_until(driver, condition):
    from selenium.webdriver.support.ui import WebDriverWait
    WebDriverWait(driver, 10).until(condition)


def browser_wait(driver, selector):
    from selenium.webdriver.support.ui import WebDriverWait
    WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, selector))


def storage(driver):
    return driver.execute_script(
        "var all = {}; for (var i = 0; i < localStorage.length; i++) { var k = localStorage.key(i); all[k] = localStorage.getItem(k); } return all;")


if __name__ == "__main__":
    unittest.main()


class CarryOverFromVersionOne(unittest.TestCase):
    """The site's storage as version 1 left it (Tests/Fixtures/progress-v1/local-storage.json,
    recorded by record.py there): on the first visit to the new site it is carried over,
    card marks from places to ids."""

    def test_version_ones_storage_is_carried_over_on_the_first_visit(self):
        folder = pathlib.Path(tempfile.mkdtemp(prefix="folio-carry-"))
        try:
            site = browser.build(BASE, folder / "Output")
            bundle = folder / "Output" / "bundle"
            fronts = {deck: [card["front"] for card in read_json(bundle / "decks" / f"{deck}.json")["cards"]] for deck in ("feelings", "body-words")}
            ids = {deck: [card["id"] for card in read_json(bundle / "decks" / f"{deck}.json")["cards"]] for deck in ("feelings", "body-words")}
            saved = read_json(BASE.parent / "local-storage.json")
            legacy = json.loads(saved["folio:go-grrrls"])
            with browser.serve(site) as server, browser.chromium(1280, 900) as driver:
                record = first_visit(driver, server, saved)
                for deck, marks in legacy["cards"].items():
                    expected = {ids[deck][int(place)]: known for place, known in marks.items()}
                    self.assertEqual(record["cards"][deck], expected, f"{deck}: each mark is on the card at its place ({fronts[deck]})")
                self.assertEqual(record["attempts"], legacy["attempts"])
                self.assertEqual(record["sessions"], legacy["sessions"])
                row = driver.find_element(By.CSS_SELECTOR, "tr[data-deck='feelings'] [data-cell='known']")
                wait_until(driver, lambda d: row.text == "2 of 3")
                self.assertEqual(driver.find_element(By.CSS_SELECTOR, "tr[data-quiz='who-am-i'] [data-cell='status']").text, "Passed")
                self.assertIn("folio:go-grrrls", storage(driver), "version 1's record is left as it was")
        finally:
            shutil.rmtree(folder, ignore_errors=True)

    def test_a_deck_edited_with_the_upgrade_still_gets_each_mark_on_its_card(self):
        """The first build over version 1's bundle, with the deck edited in the same go
        (a card added at the top, Jealous removed): each mark goes to the card it was
        made on, found by its front in the bundle version 1 published, and Jealous's
        mark goes nowhere."""
        folder = pathlib.Path(tempfile.mkdtemp(prefix="folio-carry-"))
        try:
            content = folder / "Content"
            shutil.copytree(BASE, content)
            # The output of version 1: built once, its bundle as version 1 wrote it.
            browser.build(content, folder / "Output")
            shutil.rmtree(folder / "Output" / "bundle")
            shutil.copytree(BASE.parent / "bundle", folder / "Output" / "bundle")
            shutil.rmtree(folder / "Output" / "site")
            edit(content / "decks" / "feelings.yaml", "cards:\n", "cards:\n  - front: Proud\n    back: Glad of what you did.\n")
            edit(content / "decks" / "feelings.yaml", "  - front: Jealous\n    back: Wanting something that someone else has.\n", "")
            site = browser.build(content, folder / "Output")
            places = read_json(site / "card-ids.json")["version1Places"]
            self.assertEqual(places["feelings"], ["empathy-9fa5", None, "calm-864b"])
            saved = read_json(BASE.parent / "local-storage.json")
            with browser.serve(site) as server, browser.chromium(1280, 900) as driver:
                record = first_visit(driver, server, saved)
                self.assertEqual(record["cards"]["feelings"], {"empathy-9fa5": True, "calm-864b": True}, "nothing on Proud, Jealous's mark dropped")
                row = driver.find_element(By.CSS_SELECTOR, "tr[data-deck='feelings'] [data-cell='known']")
                wait_until(driver, lambda d: row.text == "2 of 3")
        finally:
            shutil.rmtree(folder, ignore_errors=True)
