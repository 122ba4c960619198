"""The site in each of the program's languages, in a real browser: the sample, in English
and Spanish, has its Spanish pages under es/. A Spanish quiz taken with a wrong answer
shows its hint and every control in Spanish; the switcher leads to the same chapter in
the other language; each language's search finds its own words, accents forgiven; a
chapter not translated says so; a quiz passed in Spanish is passed in English; the
Spanish pages open offline; no serious or critical axe violation on the Spanish pages;
screenshots of a Spanish chapter, its quiz and a chapter not translated on a phone, light
and dark.

Run with `FOLIO_EXECUTABLE=.build/debug/folio python3 -m unittest test_languages` from
Tests/Browser; FOLIO_SCREENSHOTS=<folder> keeps the screenshots."""

import os
import pathlib
import shutil
import tempfile
import unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import browser
from test_site import SAMPLE, questions, quiz_data, wait_for
from test_words import SpanishPages, answer, catalogue, patterns

SCREENSHOTS = os.environ.get("FOLIO_SCREENSHOTS")
NOT_TRANSLATED = "Esta parte todavía no está traducida."
OFFLINE = {"offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}


class SiteLanguages(SpanishPages, unittest.TestCase):
    """The sample as it is: `languages: [en, es]`, part of it translated."""

    @classmethod
    def setUpClass(cls):
        cls.folder = pathlib.Path(tempfile.mkdtemp(prefix="folio-languages-"))
        cls.site = browser.build(SAMPLE, cls.folder / "Output")
        cls.serving = browser.serve(cls.site)
        cls.server = cls.serving.__enter__()
        cls.english = patterns(catalogue("en"))
        cls.spanish = patterns(catalogue("es"), words=1)

    @classmethod
    def tearDownClass(cls):
        cls.serving.__exit__(None, None, None)
        shutil.rmtree(cls.folder, ignore_errors=True)

    def pass_quiz(self, driver):
        data = {q["id"]: q for q in quiz_data(driver)["questions"]}
        for fieldset in questions(driver):
            button = fieldset.find_element(By.CSS_SELECTOR, ".actions button.primary")
            if button.is_displayed():
                answer(fieldset, data[fieldset.get_attribute("data-question")], True)
                button.click()
        return wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".quiz-result"), message="the result shows")[0]

    def test_the_spanish_quiz_with_a_wrong_answer_shows_its_hint_and_every_control_in_spanish(self):
        with browser.chromium(360, 740) as driver:
            self.open(driver, "es/chapters/who-am-i.html")
            self.assertEqual(driver.execute_script("return document.documentElement.lang"), "es")
            self.assertEqual(driver.find_element(By.TAG_NAME, "h1").text, "¿Quién soy?")
            self.assertEqual(driver.find_elements(By.CSS_SELECTOR, ".untranslated"), [])
            data = {q["id"]: q for q in quiz_data(driver)["questions"]}
            count = len(data)
            self.assertEqual(driver.find_element(By.CSS_SELECTOR, ".quiz-counter").text, f"0 de {count} respondidas")
            first = questions(driver)[0]
            self.assertEqual(first.find_element(By.CSS_SELECTOR, ".question-number").text, f"Pregunta 1 de {count}")
            check = first.find_element(By.CSS_SELECTOR, ".actions button.primary")
            self.assertEqual(check.text, "Comprobar")
            answer(first, data[first.get_attribute("data-question")], False)
            check.click()
            feedback = first.find_element(By.CSS_SELECTOR, ".feedback")
            wait_for(driver, lambda d: "Pista:" in feedback.text, message="the hint shows")
            self.assertTrue(feedback.text.startswith("Todavía no."), feedback.text)
            self.assertEqual(check.text, "Comprobar otra vez")
            self.assert_no_english(driver, "a wrong answer in Spanish")
            self.shoot(driver, "quiz-wrong-answer", first)
            result = self.pass_quiz(driver)
            self.assertEqual(result.find_element(By.TAG_NAME, "h3").text, "Tu resultado")
            self.assert_no_english(driver, "the result in Spanish")

    def test_the_switcher_leads_to_the_same_chapter_in_the_other_language(self):
        with browser.chromium(1280, 900) as driver:
            self.open(driver, "chapters/who-am-i.html")
            switcher = driver.find_element(By.CSS_SELECTOR, "nav.languages")
            self.assertEqual(switcher.get_attribute("aria-label"), "Language")
            current = switcher.find_element(By.CSS_SELECTOR, "a[aria-current='page']")
            self.assertEqual((current.text, current.get_attribute("hreflang")), ("English", "en"))
            switcher.find_element(By.CSS_SELECTOR, "a[hreflang='es']").click()
            wait_for(driver, lambda d: d.current_url.endswith("/es/chapters/who-am-i.html"), message="the Spanish chapter")
            self.assertEqual(driver.find_element(By.TAG_NAME, "h1").text, "¿Quién soy?")
            switcher = driver.find_element(By.CSS_SELECTOR, "nav.languages")
            self.assertEqual(switcher.get_attribute("aria-label"), "Idioma")
            self.assertEqual(switcher.find_element(By.CSS_SELECTOR, "a[aria-current='page']").get_attribute("lang"), "es")
            switcher.find_element(By.CSS_SELECTOR, "a[hreflang='en']").click()
            wait_for(driver, lambda d: d.current_url.endswith("/chapters/who-am-i.html") and "/es/" not in d.current_url, message="back in English")
            self.assertEqual(driver.find_element(By.TAG_NAME, "h1").text, "Who Am I?")

    def test_each_language_searches_its_own_words_accents_forgiven(self):
        with browser.chromium(1280, 900) as driver:
            for query in ("estrés", "estres"):
                self.open(driver, "es/search.html")
                box = driver.find_element(By.ID, "search-input")
                box.send_keys(query + Keys.ENTER)
                status = driver.find_element(By.ID, "search-status")
                wait_for(driver, lambda d: status.text, message="the search's status")
                self.assertRegex(status.text, r"^\d+ resultados? para «" + query + r"»\.$")
                links = [a.get_attribute("href") for a in driver.find_elements(By.CSS_SELECTOR, "#search-results a")]
                self.assertTrue(any(link.endswith("/es/chapters/feelings.html") or "/es/chapters/feelings.html#" in link for link in links), links)
            self.open(driver, "search.html")
            box = driver.find_element(By.ID, "search-input")
            # A word of the Spanish chapter alone, and nothing like an English word.
            box.send_keys("mezcla" + Keys.ENTER)
            wait_for(driver, lambda d: driver.find_element(By.ID, "search-status").text)
            self.assertEqual(driver.find_elements(By.CSS_SELECTOR, "#search-results a"), [], "no Spanish in the English index")
            self.open(driver, "es/search.html")
            driver.find_element(By.ID, "search-input").send_keys("mezcla" + Keys.ENTER)
            wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#search-results a"), message="the same word in Spanish")
            self.open(driver, "search.html")
            driver.find_element(By.ID, "search-input").send_keys("stress" + Keys.ENTER)
            wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#search-results a"), message="English words in English")

    def test_a_chapter_not_translated_says_so_and_is_marked_english(self):
        with browser.chromium(1280, 900) as driver:
            self.open(driver, "es/chapters/friendship.html")
            note = driver.find_element(By.CSS_SELECTOR, ".untranslated")
            self.assertTrue(note.is_displayed())
            self.assertEqual(note.text, NOT_TRANSLATED)
            self.assertEqual(driver.find_element(By.TAG_NAME, "h1").get_attribute("lang"), "en")
            self.assertEqual(driver.find_element(By.TAG_NAME, "h1").text, "Good Friends, Real Friends")
            self.assertEqual(driver.find_element(By.CSS_SELECTOR, ".eyebrow").get_attribute("textContent"), "Capítulo 2")
            self.assertEqual(driver.execute_script("return document.querySelector('#quiz').closest('[lang]').lang"), "en")

    def test_a_quiz_passed_in_spanish_is_passed_in_english_and_spanish_pages_open_offline(self):
        with browser.chromium(1280, 900) as driver:
            self.open(driver, "es/chapters/who-am-i.html")
            result = self.pass_quiz(driver)
            self.assertIn("¡Has aprobado!", result.text)
            self.open(driver, "index.html")
            item = driver.find_element(By.CSS_SELECTOR, ".chapter-list li[data-chapter='who-am-i']")
            self.assertIn("Quiz passed", item.text)
            self.open(driver, "es/progress.html")
            row = driver.find_element(By.CSS_SELECTOR, "tr[data-chapter='who-am-i']")
            self.assertEqual(row.find_elements(By.CSS_SELECTOR, "td")[0].text, "Superado")
            self.open(driver, "es/index.html")
            wait_for(driver, lambda d: d.execute_script("return !!navigator.serviceWorker.controller"), timeout=20, message="the worker")
            self.server.offline = True
            try:
                driver.execute_cdp_cmd("Network.enable", {})
                driver.execute_cdp_cmd("Network.emulateNetworkConditions", OFFLINE)
                driver.get(self.server.url + "es/chapters/friendship.html")
                wait_for(driver, lambda d: NOT_TRANSLATED in d.find_element(By.TAG_NAME, "main").text, message="a Spanish page offline")
                self.assertEqual(driver.execute_script("return window.FolioWords && window.FolioWords['quiz.check']"), "Comprobar")
            finally:
                self.server.offline = False
                driver.execute_cdp_cmd("Network.emulateNetworkConditions", {**OFFLINE, "offline": False})

    def test_the_spanish_pages_pass_axe(self):
        for dark in (False, True):
            with browser.chromium(1280, 900, dark=dark) as driver:
                for page in ("es/index.html", "es/bill-of-rights.html", "es/chapters/who-am-i.html", "es/chapters/friendship.html",
                             "es/decks/index.html", "es/decks/feelings.html", "es/decks/body-words.html", "es/progress.html",
                             "es/search.html?q=amiga"):
                    self.open(driver, page)
                    self.assertEqual(browser.axe_violations(driver), [], f"{page} ({'dark' if dark else 'light'})")

    def test_screenshots_on_a_phone_light_and_dark(self):
        for dark in (False, True):
            look = "dark" if dark else "light"
            with browser.chromium(360, 740, dark=dark) as driver:
                self.open(driver, "es/chapters/who-am-i.html")
                self.shoot(driver, "chapter-" + look)
                self.shoot(driver, "quiz-" + look, driver.find_element(By.ID, "quiz"))
                self.assertEqual(browser.axe_violations(driver), [], "the Spanish chapter at 360 px, " + look)
                self.open(driver, "es/chapters/friendship.html")
                self.shoot(driver, "untranslated-" + look)
                self.assertEqual(browser.axe_violations(driver), [], "the note at 360 px, " + look)

    def shoot(self, driver, name, element=None):
        if not SCREENSHOTS:
            return
        if element is not None:
            driver.execute_script("arguments[0].scrollIntoView({block: 'start'})", element)
        pathlib.Path(SCREENSHOTS).mkdir(parents=True, exist_ok=True)
        driver.save_screenshot(str(pathlib.Path(SCREENSHOTS) / f"languages-es-{name}-360.png"))


if __name__ == "__main__":
    unittest.main()
