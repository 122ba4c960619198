"""What learners meet on a phone: her progress first on the progress page, with who is
learning and moving progress below it in buttons like the others; a flashcard turned by
a tap; search snippets that start where a page's text does and keep a card's sides
apart; and a header of two lines whatever the program's title."""

import pathlib
import shutil
import tempfile
import unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import browser
from test_site import SAMPLE, SiteTest, wait_for


class ProgressFirst(SiteTest):
    def test_on_a_phone_the_progress_page_opens_with_her_progress_and_the_learners_below_it(self):
        with browser.chromium(360, 740) as driver:
            self.open(driver, "progress.html")
            headings = [h.text for h in driver.find_elements(By.CSS_SELECTOR, "#progress h2")]
            self.assertEqual(headings[0], "Chapter quizzes")
            self.assertLess(headings.index("Chapter quizzes"), headings.index("Who’s learning?"))
            self.assertLess(headings.index("My thoughts"), headings.index("Move my progress to another device"))
            first_row = driver.find_element(By.CSS_SELECTOR, "tr[data-quiz]")
            bottom = driver.execute_script("return arguments[0].getBoundingClientRect().bottom", first_row)
            self.assertLess(bottom, 740, "the first chapter's result is on the first screen")
            self.assertFalse(driver.find_element(By.ID, "progress-owner").is_displayed(), "no names, no line")
            driver.find_element(By.ID, "learner-name").send_keys("Maya" + Keys.ENTER)
            owner = driver.find_element(By.ID, "progress-owner")
            self.assertEqual(owner.text, "Maya’s progress. Not Maya?")
            self.assertTrue(owner.find_element(By.TAG_NAME, "a").get_attribute("href").endswith("progress.html#learners"))
            self.assertLess(driver.execute_script("return arguments[0].getBoundingClientRect().top", owner),
                            driver.execute_script("return document.querySelector('#progress h2').getBoundingClientRect().top"))
            self.screenshot(driver, "progress-phone", 360)

    def test_adding_progress_from_a_file_is_a_button_like_the_others_and_works_from_the_keyboard(self):
        with browser.chromium(360, 740) as driver:
            self.open(driver, "progress.html")
            picker = driver.find_element(By.CSS_SELECTOR, "label[for='learner-import']")
            save = driver.find_element(By.ID, "learner-export")
            style = lambda element, name: driver.execute_script("return getComputedStyle(arguments[0]).getPropertyValue(arguments[1])", element, name)
            for name in ("border-top-color", "border-top-width", "color", "min-height", "border-radius"):
                self.assertEqual(style(picker, name), style(save, name), name)
            self.assertEqual(picker.text, "Add progress from a file")
            file_input = driver.find_element(By.ID, "learner-import")
            self.assertLessEqual(file_input.size["width"], 1, "the browser's own file box is not shown")
            # Tab from "Save my progress to a file" reaches the file input; its label shows the focus.
            save.send_keys(Keys.TAB)
            self.assertEqual(driver.switch_to.active_element.get_attribute("id"), "learner-import")
            self.assertEqual(style(picker, "outline-style"), "solid")
            name = driver.find_element(By.ID, "learner-name")
            self.assertGreaterEqual(name.size["height"], 44, "the name box is as tall as its button")


class TapACard(SiteTest):
    def test_tapping_a_card_turns_it_and_the_keyboard_still_can(self):
        with browser.chromium(360, 740) as driver:
            self.open(driver, "decks/feelings.html")
            card = driver.find_element(By.CSS_SELECTOR, ".flashcard")
            self.assertEqual(driver.execute_script("return getComputedStyle(arguments[0]).cursor", card), "pointer")
            card.click()
            wait_for(driver, lambda d: "turned" in card.get_attribute("class"))
            sides = lambda: [side.get_attribute("textContent") for side in card.find_elements(By.CSS_SELECTOR, ".side")]
            self.assertEqual(sides(), ["Front", "Back"])
            self.assertEqual(driver.switch_to.active_element.text, "I knew it")
            card.click()  # a second tap leaves the turned card as it is
            self.assertEqual(sides(), ["Front", "Back"])
            driver.find_element(By.XPATH, "//button[.='I knew it']").click()
            turn = driver.find_element(By.XPATH, "//button[.='Turn the card']")
            self.assertEqual(driver.switch_to.active_element, turn)
            turn.send_keys(Keys.ENTER)
            wait_for(driver, lambda d: "turned" in d.find_element(By.CSS_SELECTOR, ".flashcard").get_attribute("class"))
            self.screenshot(driver, "card-tapped-phone", 360)


class Snippets(SiteTest):
    def snippets(self, driver, query):
        self.open(driver, "search.html?q=" + query)
        wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#search-results .snippet"), message=f"a snippet for {query}")
        return {item.find_element(By.TAG_NAME, "a").text: item.find_element(By.CSS_SELECTOR, ".snippet").text
                for item in driver.find_elements(By.CSS_SELECTOR, "#search-results li") if item.find_elements(By.CSS_SELECTOR, ".snippet")}

    def test_a_cards_front_and_back_are_set_apart(self):
        with browser.chromium(360, 740) as driver:
            found = self.snippets(driver, "hormones")
            self.assertEqual(found.get("Body words"), "Hormones — Chemical messengers in your body that tell it when and how to grow.")
            self.screenshot(driver, "search-card-phone", 360)

    def test_a_chapters_snippet_starts_with_its_text_not_its_title(self):
        with browser.chromium(360, 740) as driver:
            found = self.snippets(driver, "friends")
            self.assertEqual(found.get("Good Friends, Real Friends"), "Friends matter a lot at your age.")


class HeaderOfTwoLines(unittest.TestCase):
    TITLE = "Girls Inc. of Springfield Spring Circle 2026"

    @classmethod
    def setUpClass(cls):
        cls.folder = pathlib.Path(tempfile.mkdtemp(prefix="folio-header-"))
        content = cls.folder / "Content"
        shutil.copytree(SAMPLE, content)
        settings = content / "folio.yaml"
        settings.write_text(settings.read_text().replace("title: Go Grrrls", f"title: {cls.TITLE}"))
        cls.site = browser.build(content, cls.folder / "Output")

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.folder, ignore_errors=True)

    def test_a_long_title_keeps_the_phones_header_to_two_lines_on_every_page(self):
        with browser.serve(self.site) as server, browser.chromium(360, 740) as driver:
            for page in ("index.html", "bill-of-rights.html", "decks/index.html", "progress.html", "search.html"):
                driver.get(server.url + page)
                wait_for(driver, lambda d: d.execute_script("return document.readyState") == "complete")
                title = driver.find_element(By.CSS_SELECTOR, ".site-title")
                # Lines: the title's and the shown links' bottoms, those within a few pixels counted once.
                bottoms = sorted(driver.execute_script(
                    "return Array.from(document.querySelectorAll('.site-name, .site-header nav a'))"
                    ".filter(function (e) { return e.getClientRects().length; })"
                    ".map(function (e) { return e.getBoundingClientRect().bottom; })"))
                lines = 1 + sum(1 for above, below in zip(bottoms, bottoms[1:]) if below - above > 8)
                self.assertEqual(lines, 2, page)
                self.assertLess(driver.execute_script("return document.querySelector('.site-header').getBoundingClientRect().height"), 64, page)
                self.assertEqual(title.get_attribute("textContent"), self.TITLE, "the title is whole for screen readers")
                self.assertIn(self.TITLE, driver.find_element(By.CSS_SELECTOR, ".site-footer").text)


if __name__ == "__main__":
    unittest.main()
