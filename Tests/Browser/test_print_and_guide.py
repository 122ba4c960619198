"""The sample program on paper and at the front of the room: the workbook and a chapter
printed to PDF by headless Chromium (`--print-to-pdf`), turned into pictures by pdftoppm
(Debian poppler-utils) and their QR codes read back by zbarimg (zbar-tools); the
facilitator's guide checked against the bundle's quizzes, with axe, and presented by
keyboard alone."""

import html.parser
import json
import pathlib
import shutil
import subprocess
import tempfile
import unittest

import browser
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from test_site import SAMPLE, open_page, wait_for


def print_to_pdf(page, pdf):
    """`page` printed by Chromium as a person's "Save as PDF" would, without the browser's
    own header and footer (the page numbers are the site's)."""
    result = subprocess.run(
        [browser.CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer", f"--print-to-pdf={pdf}", page.as_uri()],
        capture_output=True, text=True, timeout=120)
    if not pdf.is_file():
        raise AssertionError(f"chromium printed nothing:\n{result.stderr}")


def page_texts(pdf):
    """The text of each page, by pdftotext (poppler-utils)."""
    count = int(next(line.split()[-1] for line in subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout.splitlines()
                     if line.startswith("Pages:")))
    return [subprocess.run(["pdftotext", "-layout", "-f", str(n), "-l", str(n), str(pdf), "-"], capture_output=True, text=True, check=True).stdout
            for n in range(1, count + 1)]


def decoded_codes(pdf, folder):
    """Every QR code on the pages of `pdf`, pictured at 150 dpi and read by zbarimg."""
    subprocess.run(["pdftoppm", "-r", "150", "-png", str(pdf), str(folder / "page")], check=True)
    pictures = sorted(folder.glob("page-*.png"))
    assert pictures, "pdftoppm made no pictures"
    result = subprocess.run(["zbarimg", "--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", *map(str, pictures)], capture_output=True, text=True)
    return set(result.stdout.split())


def video_addresses(bundle, chapters):
    """The address a phone opens for each video of `chapters` (YouTube's short one)."""
    addresses = set()
    for chapter in chapters:
        for video in json.loads((bundle / "chapters" / f"{chapter}.json").read_text())["videos"]:
            start = f"?t={video['start']}" if video.get("start") else ""
            addresses.add(f"https://youtu.be/{video['youtubeID']}{start}")
    return addresses


class PrintTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.folder = pathlib.Path(tempfile.mkdtemp(prefix="folio-print-"))
        cls.site = browser.build(SAMPLE, cls.folder / "Output")
        cls.bundle = cls.folder / "Output" / "bundle"
        cls.guide = cls.folder / "Output" / "facilitator"
        cls.manifest = json.loads((cls.bundle / "manifest.json").read_text())

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.folder, ignore_errors=True)

    def chapters(self):
        return [chapter["id"] for chapter in self.manifest["chapters"]]


class TheWorkbookOnPaper(PrintTest):
    def test_each_chapter_starts_a_page_every_question_and_video_is_there_and_nothing_to_click(self):
        pdf = self.folder / "workbook.pdf"
        print_to_pdf(self.site / "workbook.html", pdf)
        pages = page_texts(pdf)
        chapters = self.manifest["chapters"]
        # Each chapter's first page starts with its number and title; pages are numbered.
        for number, chapter in enumerate(chapters, start=1):
            starts = [i for i, text in enumerate(pages) if text.strip().startswith(f"CHAPTER {number}")]
            self.assertEqual(len(starts), 1, f"chapter {number} starts one page")
            self.assertIn(chapter["title"], pages[starts[0]].splitlines()[2] + pages[starts[0]].splitlines()[1] + pages[starts[0]])
        for number, text in enumerate(pages, start=1):
            self.assertEqual(text.strip().splitlines()[-1].strip(), str(number), f"page {number} shows its number at its foot")
        whole = "\n".join(pages)
        for navigation in ("My progress", "Search", "Flashcards", "Skip to the content", "Play the video", "Check my answers"):
            self.assertNotIn(navigation, whole, "no navigation or button on paper")
        # Every question of every chapter's quiz, with its choices.
        for chapter in chapters:
            if not chapter.get("quiz"):
                continue
            quiz = json.loads((self.bundle / "quizzes" / f"{chapter['quiz']}.json").read_text())
            for question in quiz["questions"]:
                prompt = plain(question["prompt"])
                self.assertIn(" ".join(prompt.split()[:4]), " ".join(whole.split()), f"{quiz['id']}: {prompt}")
        pictures = self.folder / "workbook-pictures"
        pictures.mkdir()
        self.assertLessEqual(video_addresses(self.bundle, self.chapters()), decoded_codes(pdf, pictures), "every video's code reads as its address")

    def test_every_question_of_the_worksheet_has_boxes_to_tick_or_a_line_to_write_on(self):
        with browser.chromium(1280, 900) as driver:
            open_page(driver, (self.site / "workbook.html").as_uri())
            driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
            questions = driver.execute_script("""
                return Array.from(document.querySelectorAll('.worksheet-question')).map(function (q) {
                  var boxes = Array.from(q.querySelectorAll('.tick-boxes li')).map(function (li) {
                    var box = getComputedStyle(li, '::before');
                    return box.borderTopStyle !== 'none' && parseFloat(box.width) > 8 ? 1 : 0; });
                  var lines = Array.from(q.querySelectorAll('.write-line')).filter(function (l) {
                    return getComputedStyle(l).borderBottomStyle !== 'none' && l.getBoundingClientRect().width > 60; });
                  return {boxes: boxes.length, drawn: boxes.reduce(function (a, b) { return a + b; }, 0), lines: lines.length,
                          text: q.querySelector('.worksheet-prompt').textContent};
                });""")
        expected = sum(len(json.loads((self.bundle / "quizzes" / f"{c['quiz']}.json").read_text())["questions"])
                       for c in self.manifest["chapters"] if c.get("quiz"))
        self.assertEqual(len(questions), expected)
        for question in questions:
            self.assertTrue(question["lines"] == 1 or (question["boxes"] >= 2 and question["drawn"] == question["boxes"]), question)


class AChapterOnPaper(PrintTest):
    def test_a_chapter_prints_its_text_its_worksheet_and_its_videos_codes_without_navigation(self):
        pdf = self.folder / "chapter.pdf"
        print_to_pdf(self.site / "chapters" / "feelings.html", pdf)
        pages = page_texts(pdf)
        whole = " ".join("\n".join(pages).split())
        self.assertIn("Name it to tame it", whole)
        self.assertIn("Why can naming a feeling help?", whole)
        self.assertIn("Your answer", whole, "the typed question has a line to write on")
        for hidden in ("Check my answers", "Skip to the content", "My progress", "Not quite", "Need a hint?"):
            self.assertNotIn(hidden, whole)
        pictures = self.folder / "chapter-pictures"
        pictures.mkdir()
        self.assertEqual(video_addresses(self.bundle, ["feelings"]), decoded_codes(pdf, pictures))


class HintCollector(html.parser.HTMLParser):
    """The guide's questions: for each, its choices marked right or wrong with the hint shown."""

    def __init__(self):
        super().__init__()
        self.questions = {}
        self.question = None
        self.choice = None
        self.in_hint = 0
        self.depth = 0

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "li" and "data-question" in attrs and "guide-question" in attrs.get("class", ""):
            self.question = self.questions.setdefault(attrs["data-question"], {})
        elif tag == "li" and "data-choice" in attrs and self.question is not None:
            self.choice = self.question.setdefault(attrs["data-choice"], {"right": attrs.get("class") == "right", "hint": ""})
        elif tag == "p" and attrs.get("class") == "guide-hint" and self.choice is not None:
            self.in_hint = 1
        elif self.in_hint and tag == "strong":
            self.in_hint = 2

    def handle_endtag(self, tag):
        if tag == "strong" and self.in_hint == 2:
            self.in_hint = 3
        elif tag == "p" and self.in_hint:
            self.in_hint = 0
            self.choice["hint"] = " ".join(self.choice["hint"].split())
        elif tag == "li" and self.choice is not None:
            self.choice = None

    def handle_data(self, data):
        if self.in_hint == 3:
            self.choice["hint"] += data


class TextOf(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.text = ""

    def handle_data(self, data):
        self.text += data


def plain(rich):
    """The words a rich text of the bundle shows (its HTML without tags), spaces folded."""
    if not rich:
        return ""
    reader = TextOf()
    reader.feed(rich["html"])
    return " ".join(reader.text.split())


class TheWholeGuideOnPaper(PrintTest):
    def test_each_chapter_starts_a_page_with_its_answers_and_nothing_to_click(self):
        pdf = self.folder / "guide.pdf"
        print_to_pdf(self.guide / "guide.html", pdf)
        pages = page_texts(pdf)
        for number in range(1, len(self.manifest["chapters"]) + 1):
            self.assertEqual(len([text for text in pages if text.strip().startswith(f"CHAPTER {number}")]), 1, f"chapter {number} starts one page")
        whole = " ".join("\n".join(pages).split())
        self.assertIn("RIGHT ANSWER", whole)
        self.assertIn("Hint she sees: Feelings come and go.", whole)
        for hidden in ("Present the quiz", "Show the answer", "Print"):
            self.assertNotIn(hidden, whole)


class TheFacilitatorsGuide(PrintTest):
    def guide_questions(self, chapter):
        collector = HintCollector()
        collector.feed((self.guide / "chapters" / f"{chapter}.html").read_text())
        return collector.questions

    def test_every_wrong_choice_shows_the_hint_the_learner_sees_item_by_item_with_the_bundle(self):
        for guide, bundle, manifest in ((self.guide, self.bundle, self.manifest),) + tuple(self.fixture_guides()):
            for chapter in manifest["chapters"]:
                if not chapter.get("quiz"):
                    continue
                quiz = json.loads((bundle / "quizzes" / f"{chapter['quiz']}.json").read_text())
                collector = HintCollector()
                collector.feed((guide / "chapters" / f"{chapter['id']}.html").read_text())
                shown = collector.questions
                self.assertEqual(sorted(shown), sorted(q["id"] for q in quiz["questions"]), chapter["id"])
                for question in quiz["questions"]:
                    first_hint = plain(question["hints"][0]) if question.get("hints") else ""
                    if question["type"] in ("single", "multiple"):
                        self.assertEqual(sorted(shown[question["id"]]), sorted(c["id"] for c in question["choices"]))
                        for choice in question["choices"]:
                            seen = shown[question["id"]][choice["id"]]
                            self.assertEqual(seen["right"], choice["correct"], (question["id"], choice["id"]))
                            expected = "" if choice["correct"] else (plain(choice.get("hint")) or first_hint)
                            self.assertEqual(seen["hint"], expected, (chapter["id"], question["id"], choice["id"]))
                    elif question["type"] == "true-false":
                        wrong = str(not question["answer"]).lower()
                        self.assertFalse(shown[question["id"]][wrong]["right"])
                        self.assertEqual(shown[question["id"]][wrong]["hint"], first_hint)

    def fixture_guides(self):
        """The guides of the test fixtures that are whole programs."""
        fixtures = browser.REPOSITORY / "Tests" / "Fixtures"
        for name in ("translated", "spec-examples"):
            output = self.folder / f"fixture-{name}"
            browser.build(fixtures / name, output)
            yield output / "facilitator", output / "bundle", json.loads((output / "bundle" / "manifest.json").read_text())

    def test_no_learner_page_links_to_the_guide_and_no_facilitator_text_reaches_a_learner(self):
        for page in self.site.rglob("*"):
            if page.is_file() and page.suffix in (".html", ".js", ".json", ".webmanifest"):
                text = page.read_text(errors="replace")
                self.assertNotIn("facilitator", text.lower(), page)
                self.assertNotIn("safeguarding", text, page)

    def test_the_guide_and_the_workbook_are_accessible_in_light_and_dark(self):
        for dark in (False, True):
            with browser.chromium(1280, 900, dark=dark) as driver:
                for page in (self.guide / "index.html", self.guide / "guide.html", self.guide / "chapters" / "feelings.html", self.site / "workbook.html",
                             self.site / "es" / "workbook.html"):
                    open_page(driver, page.as_uri())
                    self.assertEqual(browser.axe_violations(driver), [], f"{page} dark={dark}")

    def test_the_quiz_is_presented_a_question_at_a_time_by_keyboard_alone(self):
        with browser.chromium(1280, 800) as driver:
            open_page(driver, (self.guide / "chapters" / "feelings.html").as_uri())
            opener = driver.find_element(By.CSS_SELECTOR, "[data-present]")
            wait_for(driver, lambda d: opener.is_displayed())
            # Tab to the button, as a person without a mouse does.
            body = driver.find_element(By.TAG_NAME, "body")
            for _ in range(10):
                ActionChains(driver).send_keys(Keys.TAB).perform()
                if driver.switch_to.active_element == opener:
                    break
            self.assertEqual(driver.switch_to.active_element, opener, "the button is reached by Tab")
            ActionChains(driver).send_keys(Keys.ENTER).perform()
            dialog = driver.find_element(By.ID, "present")
            wait_for(driver, lambda d: dialog.get_attribute("open") is not None)
            slides = driver.find_elements(By.CSS_SELECTOR, "#present .slide")
            self.assertEqual(len(slides), 5, "a slide for each question of the quiz")

            def visible():
                return [i for i, slide in enumerate(slides) if slide.is_displayed()]

            def answer_shown():
                return slides[visible()[0]].find_element(By.CSS_SELECTOR, ".slide-answer").is_displayed()

            self.assertEqual(visible(), [0])
            self.assertFalse(answer_shown(), "the answer waits until asked for")
            ActionChains(driver).send_keys("a").perform()
            self.assertTrue(answer_shown())
            self.assertIn("It can make the feeling less overwhelming", slides[0].text)
            ActionChains(driver).send_keys(Keys.ARROW_RIGHT).perform()
            self.assertEqual(visible(), [1])
            self.assertFalse(answer_shown(), "a new question starts with its answer hidden")
            ActionChains(driver).send_keys(Keys.ARROW_LEFT).perform()
            self.assertEqual(visible(), [0])
            # The last question is typed: its slide shows no choices, and its answer the texts accepted.
            for _ in range(len(slides)):
                ActionChains(driver).send_keys(Keys.ARROW_RIGHT).perform()
            self.assertEqual(visible(), [len(slides) - 1], "→ stops at the last question")
            self.assertEqual(slides[-1].find_elements(By.CSS_SELECTOR, ".slide-choices"), [])
            ActionChains(driver).send_keys("A").perform()
            self.assertIn("stomach", slides[-1].find_element(By.CSS_SELECTOR, ".slide-answer").text)
            ActionChains(driver).send_keys(Keys.HOME).perform()
            for _ in range(len(slides)):
                ActionChains(driver).send_keys(Keys.PAGE_UP).perform()
            self.assertEqual(visible(), [0])
            self.assertEqual(browser.axe_violations(driver), [], "the slides are accessible")
            ActionChains(driver).send_keys(Keys.ESCAPE).perform()
            wait_for(driver, lambda d: dialog.get_attribute("open") is None)
            self.assertEqual(driver.switch_to.active_element, opener, "focus goes back to the button")


if __name__ == "__main__":
    unittest.main()
