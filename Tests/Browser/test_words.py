"""The site in the program's language, in a real browser. The pseudo-language walk: the
sample built with `language: en-XA` (English accented and bracketed), every page type
visited and its quiz, deck and progress driven, and every text a learner sees or hears
(text, aria-label, title, placeholder, alt, the page's title) must be pseudo or the
program's own words, taken from its bundle: so any text the site writes without its
catalogue fails. And a Spanish program: a quiz taken with a wrong answer, its hint and
every control in Spanish, no serious or critical axe violation on its pages, and
screenshots of a chapter and its quiz on a phone, light and dark.

Run with `FOLIO_EXECUTABLE=.build/debug/folio python3 -m unittest test_words` from
Tests/Browser; FOLIO_SCREENSHOTS=<folder> keeps the screenshots."""

import html
import json
import os
import pathlib
import re
import shutil
import tempfile
import unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import browser
import test_site
from test_site import SAMPLE, open_page, questions, quiz_data, wait_for

SCREENSHOTS = os.environ.get("FOLIO_SCREENSHOTS")
CATALOGUES = browser.REPOSITORY / "Sources" / "FolioInterface" / "Assets"
# What the walk types in, as a learner would: her words, not the site's.
TYPED = {"I am kind.", "Maya", "Zoe", "friend", "zzzqqq"}
SITE_AREAS = ("site.", "home.", "chapter.", "quiz.", "deck.", "progress-page.", "progress-file.", "search.")

# Every text a learner meets on the page as it is now: visible text (and text only a screen
# reader reads), the labels and hints of elements, and the page's title.
SHOWN_TEXTS = """
var found = [{where: 'title', text: document.title}];
function shown(element) {
  return element.checkVisibility ? element.checkVisibility({visibilityProperty: true}) : !!element.offsetParent;
}
var walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
while (walker.nextNode()) {
  var node = walker.currentNode, parent = node.parentElement;
  if (!parent || parent.closest('script, style, template') || !shown(parent)) continue;
  found.push({where: parent.tagName.toLowerCase() + (parent.className ? '.' + parent.className : ''), text: node.nodeValue});
}
document.querySelectorAll('[aria-label], [title], [placeholder], [alt], [data-label]').forEach(function (element) {
  if (element !== document.documentElement && !shown(element)) return;
  ['aria-label', 'title', 'placeholder', 'alt', 'data-label'].forEach(function (name) {
    if (element.hasAttribute(name)) found.push({where: element.tagName.toLowerCase() + '[' + name + ']', text: element.getAttribute(name)});
  });
});
return found;
"""


def build_in(language, folder):
    """The sample program in one language, `language:` set to `language`, built into
    `folder`; returns (site, bundle). Its translations are left out: its parts are in
    English, its interface in the language."""
    content = folder / "Content"
    shutil.copytree(SAMPLE, content, ignore=shutil.ignore_patterns("*.es.*", "translations"))
    settings = content / "folio.yaml"
    text = re.sub(r"^languages: .*\n", "", settings.read_text(), flags=re.M)
    settings.write_text(re.sub(r"^language: .*$", f"language: {language}", text, flags=re.M))
    site = browser.build(content, folder / "Output")
    return site, folder / "Output" / "bundle"


def answer(fieldset, question, right):
    """Answers a question right or wrong; true or false by its value, whatever the words."""
    if question["type"] == "true-false":
        value = "true" if question["answer"] == right else "false"
        fieldset.find_element(By.CSS_SELECTOR, f"input[value='{value}']").click()
    else:
        (test_site.answer_right if right else test_site.answer_wrong)(fieldset, question)


def is_pseudo(text):
    """As PseudoLanguage.isPseudo: every letter inside brackets."""
    depth = 0
    for character in text:
        if character == "[":
            depth += 1
        elif character == "]":
            depth = max(0, depth - 1)
        elif depth == 0 and character.isalpha():
            return False
    return True


def authored_words(bundle):
    """Every text of the program's own, from its bundle's JSON: as written, and with its
    HTML's tags taken out and its entities read."""
    texts = []

    def collect(value):
        if isinstance(value, str):
            texts.append(value)
            if "<" in value or "&" in value:
                texts.append(html.unescape(re.sub(r"<[^>]*>", "", value)))
        elif isinstance(value, list):
            for item in value:
                collect(item)
        elif isinstance(value, dict):
            for item in value.values():
                collect(item)

    for path in sorted(bundle.rglob("*.json")):
        # The schema, and the interface's words (interface/<tag>.json), are not the program's.
        if path.name != "schema.json" and path.relative_to(bundle).parts[0] != "interface":
            collect(json.loads(path.read_text(encoding="utf-8")))
    return "\n".join(" ".join(text.split()) for text in texts)


def catalogue(language):
    """The site's messages of a shipped catalogue, by key: a text, or plural forms (a dict)."""
    def value(text):
        return json.loads(text) if text.startswith('"') else text

    messages, key = {}, None
    for line in (CATALOGUES / f"{language}.yaml").read_text(encoding="utf-8").splitlines():
        entry = re.match(r"^  ([A-Za-z0-9_.-]+):(?: (.+))?$", line)
        form = re.match(r"^    ([a-z]+): (.+)$", line)
        if entry:
            key = entry.group(1)
            messages[key] = value(entry.group(2)) if entry.group(2) else {}
        elif form and isinstance(messages.get(key), dict):
            messages[key][form.group(1)] = value(form.group(2))
    return {k: v for k, v in messages.items() if k.startswith(SITE_AREAS)}


def patterns(messages, words=2):
    """Each text of `messages` with at least `words` words of its own, as a pattern that
    matches it whatever fills its placeholders."""
    found = []
    for key, message in messages.items():
        for text in (message.values() if isinstance(message, dict) else [message]):
            if len(re.sub(r"\{[A-Za-z0-9_-]+\}", "", text).split()) >= words:
                pattern = "".join("(.+)" if part.startswith("{") else re.escape(part) for part in re.split(r"(\{[A-Za-z0-9_-]+\})", text))
                found.append((key, re.compile(pattern)))
    return found


class SpanishPages:
    """What a test of pages in Spanish does with them, served at `self.server`, with the
    English and Spanish messages' patterns in `self.english` and `self.spanish`."""

    def open(self, driver, page):
        open_page(driver, self.server.url + page)

    def assert_no_english(self, driver, moment):
        """No text of the page is one of the site's English messages (of two words or more)."""
        english = []
        for found in driver.execute_script(SHOWN_TEXTS):
            text = " ".join(found["text"].split())
            for key, pattern in self.english:
                if pattern.fullmatch(text) and not any(p.fullmatch(text) for _, p in self.spanish):
                    english.append(f"{found['where']}: {text!r} ({key})")
        self.assertEqual(english, [], moment)


class PseudoLanguageWalk(unittest.TestCase):
    """The sample in en-XA: every word the site itself shows is pseudo."""

    @classmethod
    def setUpClass(cls):
        cls.folder = pathlib.Path(tempfile.mkdtemp(prefix="folio-words-"))
        cls.site, bundle = build_in("en-XA", cls.folder)
        cls.authored = authored_words(bundle)
        cls.serving = browser.serve(cls.site)
        cls.server = cls.serving.__enter__()

    @classmethod
    def tearDownClass(cls):
        cls.serving.__exit__(None, None, None)
        shutil.rmtree(cls.folder, ignore_errors=True)

    def open(self, driver, page):
        open_page(driver, self.server.url + page)

    def assert_all_pseudo(self, driver, moment):
        """Fails on a text that is neither pseudo nor the program's own words."""
        strays = []
        for found in driver.execute_script(SHOWN_TEXTS):
            text = " ".join(found["text"].split())
            if not any(c.isalpha() for c in text) or is_pseudo(text) or text in self.authored or text in TYPED:
                continue
            # Durations are numbers with the SI symbols h, min and s, in every language.
            if re.fullmatch(r"(\d+ (h|min|s) ?)+", text):
                continue
            strays.append(f"{found['where']}: {text!r}")
        self.assertEqual(strays, [], f"{moment}: text that is not from the catalogue")
        self.checked += 1

    def test_every_page_and_interaction_shows_only_pseudo_words_and_the_programs_own(self):
        self.checked = 0
        self.maxDiff = None
        with browser.chromium(1280, 900) as driver:
            self.open(driver, "index.html")
            self.assertEqual(driver.execute_script("return document.documentElement.lang"), "en-XA")
            self.assertEqual(driver.execute_script("return Folio.t('quiz.check')"), "[Çĥéçķ]", "the words' file is loaded")
            self.assert_all_pseudo(driver, "the welcome page")

            # The quiz: a wrong answer and its hint, then every answer right, then the result.
            self.open(driver, "chapters/who-am-i.html")
            self.assert_all_pseudo(driver, "a chapter")
            data = {q["id"]: q for q in quiz_data(driver)["questions"]}
            first = questions(driver)[0]
            answer(first, data[first.get_attribute("data-question")], False)
            first.find_element(By.CSS_SELECTOR, ".actions button.primary").click()
            feedback = first.find_element(By.CSS_SELECTOR, ".feedback")
            wait_for(driver, lambda d: "hint" in feedback.get_attribute("innerHTML"), message="the hint shows")
            self.assertIn("[Ĥíñţ:]", feedback.text)
            self.assert_all_pseudo(driver, "a wrong answer with its hint")
            # Check with nothing picked says what to do first.
            for fieldset in questions(driver)[1:2]:
                fieldset.find_element(By.CSS_SELECTOR, ".actions button.primary").click()
            self.assert_all_pseudo(driver, "a question checked with no answer")
            for fieldset in questions(driver):
                question = data[fieldset.get_attribute("data-question")]
                if not fieldset.find_element(By.CSS_SELECTOR, ".actions button.primary").is_displayed():
                    continue
                answer(fieldset, question, True)
                fieldset.find_element(By.CSS_SELECTOR, ".actions button.primary").click()
            wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".quiz-result"), message="the result shows")
            self.assert_all_pseudo(driver, "the quiz's result")
            keep = driver.find_elements(By.CSS_SELECTOR, ".reflection .actions button")
            if keep:
                keep[0].click()
                driver.find_element(By.CSS_SELECTOR, ".reflection textarea").send_keys("I am kind.")
                keep[0].click()
                self.assert_all_pseudo(driver, "a thought kept")

            # The deck: turned, marked, due counts; then its own quiz.
            self.open(driver, "decks/feelings.html")
            self.assert_all_pseudo(driver, "a deck")
            driver.find_element(By.XPATH, "//div[contains(@class,'deck-tools')]/button[2]").click()
            self.assert_all_pseudo(driver, "a deck with the back first")
            for turn in range(40):
                study = driver.find_element(By.CSS_SELECTOR, ".card-study")
                if study.find_elements(By.CSS_SELECTOR, "h2"):
                    break
                study.find_element(By.CSS_SELECTOR, ".actions button.primary").click()
                if turn == 0:
                    self.assert_all_pseudo(driver, "a card turned")
                buttons = study.find_elements(By.CSS_SELECTOR, ".actions button")
                buttons[0 if turn % 2 else 1].click()
            self.assert_all_pseudo(driver, "a deck studied, with due counts")
            quiz_start = driver.find_elements(By.CSS_SELECTOR, "section.quiz > button.primary")
            if quiz_start:
                quiz_start[0].click()
                wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".quiz-app fieldset"), message="the deck's quiz starts")
                self.assert_all_pseudo(driver, "a deck's quiz")

            for page in ("decks/index.html", "bill-of-rights.html", "chapters/friendship.html"):
                self.open(driver, page)
                self.assert_all_pseudo(driver, page)

            self.open(driver, "index.html")
            wait_for(driver, lambda d: d.find_element(By.ID, "progress-summary").is_displayed(), message="the summary shows")
            self.assert_all_pseudo(driver, "the welcome page with progress")

            self.open(driver, "search.html")
            self.assert_all_pseudo(driver, "search")
            box = driver.find_element(By.ID, "search-input")
            box.send_keys("friend")
            wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#search-results li"), message="results show")
            self.assert_all_pseudo(driver, "search results")
            box.clear()
            box.send_keys("zzzqqq" + Keys.ENTER)
            self.assert_all_pseudo(driver, "nothing found")

            # Progress: its tables and calendar, a learner, moving progress, forgetting it.
            self.open(driver, "progress.html")
            self.assert_all_pseudo(driver, "the progress page")
            driver.find_element(By.ID, "learner-add").submit()
            self.assert_all_pseudo(driver, "a learner added without a name")
            driver.find_element(By.ID, "learner-name").send_keys("Maya" + Keys.ENTER)
            driver.find_element(By.ID, "learner-name").send_keys("Zoe" + Keys.ENTER)
            self.assert_all_pseudo(driver, "two learners")
            driver.find_element(By.ID, "learner-export").click()
            self.assert_all_pseudo(driver, "progress saved to a file")
            files = pathlib.Path(tempfile.mkdtemp(prefix="folio-words-files-", dir=self.folder))
            saved = json.loads(driver.execute_script("return Folio.progressFile()"))
            saved["progress"]["attempts"].append({"quiz": "Not An Id", "day": "2024-01-01", "at": 1, "percent": 50, "passed": False})
            for name, text in (("not-json.json", "{"), ("file.json", json.dumps(saved))):
                (files / name).write_text(text)
                driver.find_element(By.ID, "learner-import").send_keys(str(files / name))
                wait_for(driver, lambda d: d.find_element(By.ID, "move-note").text, message="the file is read")
                self.assert_all_pseudo(driver, f"progress added from {name}")
            driver.find_element(By.ID, "forget").click()
            self.assertTrue(driver.find_element(By.ID, "forget-confirm").is_displayed())
            self.assert_all_pseudo(driver, "forgetting, asked")
            driver.find_element(By.ID, "forget-no").click()
            driver.find_element(By.ID, "forget").click()
            driver.find_element(By.ID, "forget-yes").click()
            wait_for(driver, lambda d: d.execute_script("return document.readyState") == "complete")
            self.assert_all_pseudo(driver, "a learner forgotten")
        self.assertGreaterEqual(self.checked, 25)


class SpanishProgram(SpanishPages, unittest.TestCase):
    """The sample with `language: es`: its site speaks Spanish."""

    @classmethod
    def setUpClass(cls):
        cls.english = patterns(catalogue("en"))
        cls.spanish = patterns(catalogue("es"), words=1)
        cls.folder = pathlib.Path(tempfile.mkdtemp(prefix="folio-words-es-"))
        cls.site, _ = build_in("es", cls.folder)
        cls.serving = browser.serve(cls.site)
        cls.server = cls.serving.__enter__()

    @classmethod
    def tearDownClass(cls):
        cls.serving.__exit__(None, None, None)
        shutil.rmtree(cls.folder, ignore_errors=True)

    def test_a_quiz_with_a_wrong_answer_shows_its_hint_and_every_control_in_spanish(self):
        with browser.chromium(360, 740) as driver:
            self.open(driver, "chapters/who-am-i.html")
            self.assertEqual(driver.execute_script("return document.documentElement.lang"), "es")
            self.assertEqual(driver.find_element(By.CSS_SELECTOR, ".quiz-counter").text, "0 de 5 respondidas")
            data = {q["id"]: q for q in quiz_data(driver)["questions"]}
            first = questions(driver)[0]
            self.assertEqual(first.find_element(By.CSS_SELECTOR, ".question-number").text, "Pregunta 1 de 5")
            check = first.find_element(By.CSS_SELECTOR, ".actions button.primary")
            self.assertEqual(check.text, "Comprobar")
            self.assertEqual(check.get_attribute("aria-label"), "Comprobar la pregunta 1")
            check.click()
            self.assertIn(first.find_element(By.CSS_SELECTOR, ".feedback").text, ("Primero elige una respuesta.", "Primero escribe tu respuesta."))
            answer(first, data[first.get_attribute("data-question")], False)
            check.click()
            feedback = first.find_element(By.CSS_SELECTOR, ".feedback")
            wait_for(driver, lambda d: "Pista:" in feedback.text, message="the hint shows")
            self.assertTrue(feedback.text.startswith("Todavía no."), feedback.text)
            self.assertEqual(check.text, "Comprobar otra vez")
            self.assertEqual(check.get_attribute("aria-label"), "Comprobar otra vez la pregunta 1")
            self.assert_no_english(driver, "a wrong answer")
            self.shoot(driver, "quiz-wrong-answer", first)
            for fieldset in questions(driver):
                button = fieldset.find_element(By.CSS_SELECTOR, ".actions button.primary")
                if button.is_displayed():
                    answer(fieldset, data[fieldset.get_attribute("data-question")], True)
                    button.click()
            result = wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".quiz-result"), message="the result shows")[0]
            self.assertEqual(result.find_element(By.TAG_NAME, "h3").text, "Tu resultado")
            self.assertIn("Puntuación:", result.text)
            self.assertIn("Hacer todo el cuestionario otra vez", result.text)
            self.assertIn("Has resuelto 1 con pistas, y así es como se aprende.", result.text)
            self.assertEqual(driver.find_element(By.CSS_SELECTOR, ".quiz-counter").text, "5 de 5 respondidas")
            self.assert_no_english(driver, "the result")
            self.assertEqual(browser.axe_violations(driver), [], "the chapter after its quiz")

    def test_the_pages_are_in_spanish_pass_axe_and_count_in_spanish_plurals(self):
        with browser.chromium(1280, 900) as driver:
            for page in ("index.html", "bill-of-rights.html", "decks/index.html", "decks/feelings.html", "progress.html", "search.html?q=amiga"):
                self.open(driver, page)
                self.assert_no_english(driver, page)
                self.assertEqual(browser.axe_violations(driver), [], page)
            self.open(driver, "decks/feelings.html")
            due = driver.find_element(By.ID, "deck-due")
            count = len(driver.find_elements(By.CSS_SELECTOR, "ol.cards li"))
            self.assertEqual(due.text, f"Hoy te toca repasar {count} tarjetas.")
            study = driver.find_element(By.CSS_SELECTOR, ".card-study")
            self.assertEqual(study.find_element(By.CSS_SELECTOR, "p.muted").text, f"Tarjeta 1 de {count}")
            study.find_element(By.CSS_SELECTOR, ".actions button.primary").click()
            self.assertEqual([b.text for b in study.find_elements(By.CSS_SELECTOR, ".actions button")][:2], ["Me la sabía", "Todavía no"])
            study.find_elements(By.CSS_SELECTOR, ".actions button")[1].click()
            for _ in range(count - 2):
                study.find_element(By.CSS_SELECTOR, ".card-moves button:last-child").click()
            # One card left to go, marked "not yet" once: the plural's other form and its one form.
            self.assertIn("Hoy te toca repasar", due.text)
            study.find_element(By.CSS_SELECTOR, ".card-moves button:last-child").click()
            heading = wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".card-study h2"))[0]
            self.assertEqual(heading.text, "Has repasado 1 tarjeta")
            self.assertIn("Repasar otra vez la tarjeta que todavía no sabes", study.text)
            self.assert_no_english(driver, "a deck studied")
            self.open(driver, "search.html")
            box = driver.find_element(By.ID, "search-input")
            box.send_keys("friend" + Keys.ENTER)
            status = driver.find_element(By.ID, "search-status")
            self.assertRegex(status.text, r"^\d+ resultados? para «friend»\.$")

    def test_screenshots_of_a_chapter_and_its_quiz_on_a_phone_light_and_dark(self):
        for dark in (False, True):
            with browser.chromium(360, 740, dark=dark) as driver:
                self.open(driver, "chapters/who-am-i.html")
                self.shoot(driver, "chapter-" + ("dark" if dark else "light"))
                quiz = driver.find_element(By.ID, "quiz")
                self.shoot(driver, "quiz-" + ("dark" if dark else "light"), quiz)
                self.assertEqual(browser.axe_violations(driver), [], "dark" if dark else "light")

    def shoot(self, driver, name, element=None):
        if not SCREENSHOTS:
            return
        if element is not None:
            driver.execute_script("arguments[0].scrollIntoView({block: 'start'})", element)
        pathlib.Path(SCREENSHOTS).mkdir(parents=True, exist_ok=True)
        driver.save_screenshot(str(pathlib.Path(SCREENSHOTS) / f"es-{name}-360.png"))


if __name__ == "__main__":
    unittest.main()
