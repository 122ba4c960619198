""""Add progress from a file" in a real browser (headless Chromium): a file is checked
record by record against progress-file.schema.json's rules before anything of it is
added; no key of it reaches Object.prototype; a record of the wrong type is left out and
said so, and nothing shows as NaN or Infinity; the file's records never push out the
learner's own, and the page says what was added and what was left out, and why.

Run with `FOLIO_EXECUTABLE=.build/debug/folio python3 -m unittest Tests/Browser/test_progress_import.py`."""

import json
import pathlib
import shutil
import tempfile
import unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

import browser

SAMPLE = browser.REPOSITORY / "Content"


def wait_for(driver, condition, timeout=10, message=""):
    return WebDriverWait(driver, timeout).until(lambda d: condition(d), message)


class ProgressImport(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.folder = pathlib.Path(tempfile.mkdtemp(prefix="folio-progress-import-"))
        cls.site = browser.build(SAMPLE, cls.folder / "Output")
        cls.serving = browser.serve(cls.site)
        cls.server = cls.serving.__enter__()

    @classmethod
    def tearDownClass(cls):
        cls.serving.__exit__(None, None, None)
        shutil.rmtree(cls.folder, ignore_errors=True)

    def open_progress(self, driver):
        driver.get(self.server.url + "progress.html")
        wait_for(driver, lambda d: d.execute_script("return document.readyState") == "complete")
        self.program = driver.execute_script("return document.documentElement.getAttribute('data-program')")
        self.quiz = driver.find_element(By.CSS_SELECTOR, "tr[data-quiz]").get_attribute("data-quiz")

    def add_file(self, driver, text):
        """Adds a file of `text` as she would, and returns what the page says."""
        file = self.folder / f"progress-{len(list(self.folder.glob('progress-*.json')))}.json"
        file.write_text(text)
        note = driver.find_element(By.ID, "move-note")
        driver.execute_script("arguments[0].textContent = ''", note)
        driver.find_element(By.ID, "learner-import").send_keys(str(file))
        wait_for(driver, lambda d: note.text != "", message="the file is read")
        return note.text

    def file(self, progress):
        return json.dumps({"format": "folio-progress", "version": 1, "program": self.program, "saved": "2026-11-20", "progress": progress})

    def attempt(self, at, **fields):
        record = {"quiz": self.quiz, "chapter": None, "day": "2026-11-20", "at": at, "seconds": 60, "score": 4, "total": 5, "percent": 80,
                  "passed": True}
        record.update(fields)
        return record

    def test_a_file_with_proto_keys_pollutes_nothing(self):
        with browser.chromium() as driver:
            self.open_progress(driver)
            text = ('{"format": "folio-progress", "version": 1, "program": "%s", "progress": {'
                    '"cards": {"__proto__": {"polluted": true}, "feelings": {"constructor": true}},'
                    '"read": {"__proto__": "2026-11-20"},'
                    '"attempts": [{"__proto__": {"polluted": true}, "quiz": "%s", "day": "2026-11-20", "at": 1, "percent": 5, "passed": false}]}}'
                    % (self.program, self.quiz))
            said = self.add_file(driver, text)
            self.assertTrue(driver.execute_script("return ({}).polluted === undefined && Object.prototype.polluted === undefined"),
                            "Object.prototype is as it was")
            self.assertIn("Left out 4 records not in the form this site saves", said)
            # After a reload, from what was saved.
            self.open_progress(driver)
            self.assertTrue(driver.execute_script("return ({}).polluted === undefined"))
            self.assertEqual(driver.execute_script("return Folio.progress().attempts.length"), 0)

    def test_records_of_the_wrong_type_are_left_out_and_said_so(self):
        with browser.chromium() as driver:
            self.open_progress(driver)
            good = self.attempt(1795000000000)
            wrong = [self.attempt(1795000000001, percent="abc"), self.attempt(1795000000002, seconds="an hour"),
                     self.attempt(1795000000003, day="yesterday"), self.attempt(1795000000004, percent="INFINITE")]
            # 1e400 is valid JSON that JSON.parse reads as Infinity.
            text = self.file({"attempts": [good] + wrong}).replace('"INFINITE"', "1e400")
            said = self.add_file(driver, text)
            self.assertTrue(said.startswith("Added 1 quiz result, 0 flashcard sessions and 0 thoughts."), said)
            self.assertIn("Left out 4 records not in the form this site saves: quiz result 2: its percent is not a number from 0 to 100;", said)
            page = driver.find_element(By.ID, "progress").text
            for word in ("NaN", "Infinity", "undefined"):
                self.assertNotIn(word, page)
            row = driver.find_element(By.CSS_SELECTOR, f"tr[data-quiz='{self.quiz}']")
            self.assertEqual(row.find_element(By.CSS_SELECTOR, "td[data-cell='best']").text, "80%")
            self.assertEqual(row.find_element(By.CSS_SELECTOR, "td[data-cell='time']").text, "1 min")

    def test_five_hundred_newer_results_never_push_out_her_own(self):
        with browser.chromium() as driver:
            self.open_progress(driver)
            mine = [self.attempt(1700000000000 + i, seconds=30) for i in range(3)]
            driver.execute_script("var data = Folio.progress(); data.attempts = arguments[0]; Folio.saveProgress(data);", mine)
            newer = [self.attempt(1795000000000 + i) for i in range(500)]
            said = self.add_file(driver, self.file({"attempts": newer}))
            self.assertTrue(said.startswith("Added 497 quiz results, 0 flashcard sessions and 0 thoughts."), said)
            self.assertIn("Left out 3 older records of the file: this browser keeps 500 quiz results", said)
            self.assertIn("your own come first", said)
            kept = driver.execute_script("return Folio.progress().attempts.map(function (a) { return a.at; })")
            self.assertEqual(len(kept), 500)
            self.assertEqual([at for at in kept if at < 1795000000000], [m["at"] for m in mine], "every one of hers is kept")
            self.assertEqual(min(at for at in kept if at >= 1795000000000), 1795000000003, "the file's oldest are left out")


if __name__ == "__main__":
    unittest.main()
