"""Records what a release of Folio saved for a learner of Content/, for the tests that
carry it over: run with FOLIO_EXECUTABLE set to that release's `folio`, from the
repository. Writes progress.sqlite (the terminal runner's file), local-storage.json (the
site's browser storage) and bundle/ (the JSON of the bundle it published, which a build
over it reads), all kept in the repository as that release wrote them.

  FOLIO_EXECUTABLE=/path/to/old/folio python3 Tests/Fixtures/progress-v1/record.py
"""

import json
import os
import pathlib
import shutil
import sqlite3
import subprocess
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1] / "Browser"))
import browser  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402

FOLIO = os.environ["FOLIO_EXECUTABLE"]


def run(arguments, answers):
    result = subprocess.run([FOLIO, *arguments], input=answers, capture_output=True, text=True)
    if result.returncode != 0:
        raise SystemExit(f"{arguments}: {result.stdout}{result.stderr}")


def main():
    out = pathlib.Path(tempfile.mkdtemp(prefix="folio-v1-"))
    site = browser.build(HERE / "Content", out)
    bundle = str(out / "bundle")
    kept = HERE / "bundle"
    shutil.rmtree(kept, ignore_errors=True)
    for path in sorted((out / "bundle").rglob("*.json")):
        target = kept / path.relative_to(out / "bundle")
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, target)
    database = HERE / "progress.sqlite"
    database.unlink(missing_ok=True)
    common = ["--bundle", bundle, "--progress", str(database)]
    # The quiz, all right; each deck: Empathy known, Jealous not yet, Calm known;
    # Puberty not yet, Hormones and Acne known; then the feelings deck as a typed quiz.
    run(["quiz", "who-am-i", *common, "--seed", "1"], "t\n\n1\n\nmyself\n\n\n")
    run(["study", "feelings", *common], "\ny\n\nn\n\ny\n")
    run(["study", "body-words", *common], "\nn\n\ny\n\ny\n")
    run(["study", "feelings", "--quiz", "typed", *common, "--seed", "3"],
        "Understanding how someone else feels.\n\nFeeling peaceful inside.\n\nWanting something that someone else has.\n\n\n")
    connection = sqlite3.connect(database)
    connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    connection.execute("PRAGMA journal_mode=DELETE")
    connection.close()

    marks = {"feelings": ["I knew it", "Not yet", "I knew it"], "body-words": ["Not yet", "I knew it", "I knew it"]}
    with browser.serve(site) as server, browser.chromium(1280, 900) as driver:
        # The quiz, all right.
        driver.get(server.url + "chapters/who-am-i.html")
        data = json.loads(driver.find_element(By.ID, "quiz-data").get_attribute("textContent"))
        shown = {q["id"]: q for q in data["questions"]}
        for fieldset in driver.find_elements(By.CSS_SELECTOR, ".quiz-app fieldset.question"):
            question = shown[fieldset.get_attribute("data-question")]
            if question["type"] == "single":
                right = next(c for c in question["choices"] if c["correct"])["text"]["markdown"]
                next(label for label in fieldset.find_elements(By.CSS_SELECTOR, "label") if right in label.text).click()
            elif question["type"] == "true-false":
                next(label for label in fieldset.find_elements(By.CSS_SELECTOR, "label") if label.text.strip() == "True").click()
            else:
                fieldset.find_element(By.CSS_SELECTOR, "input[type=text]").send_keys(question["accept"][0])
            fieldset.find_element(By.XPATH, ".//button[.='Check']").click()
        driver.find_element(By.CSS_SELECTOR, ".quiz-result")
        for deck, buttons in marks.items():
            driver.get(server.url + f"decks/{deck}.html")
            for button in buttons:
                driver.find_element(By.XPATH, "//button[.='Turn the card']").click()
                driver.find_element(By.XPATH, f"//button[.='{button}']").click()
        storage = driver.execute_script(
            "var all = {}; for (var i = 0; i < localStorage.length; i++) { var k = localStorage.key(i); all[k] = localStorage.getItem(k); } return all;")
    (HERE / "local-storage.json").write_text(json.dumps(storage, indent=2, sort_keys=True) + "\n")
    print(json.dumps(storage, indent=2))


main()
