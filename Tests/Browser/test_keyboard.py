"""The learner site with the keyboard alone, as a keyboard and screen reader user takes
it: real key events through WebDriver, and after every step where the focus is, that it
is seen (its ring drawn and not cut off, on screen, under nothing sticky) and what the
accessibility tree (Chromium's, through CDP) holds in the live regions. A quiz with a
wrong then a right answer, a timed quiz given more time, a deck studied, a learner added
and forgotten; then the pages at 200% text on a phone: nothing cut off, nothing sideways.

Run with `python3 -m unittest Tests/Browser/test_keyboard.py` after building folio."""

import os
import pathlib
import shutil
import tempfile
import time
import unittest

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import browser
from test_site import SPEC_EXAMPLES, SiteTest, quiz_data, wait_for

SCREENSHOTS = os.environ.get("FOLIO_SCREENSHOTS")

# Where the focus is and whether it can be seen: not on <body>; on screen; its ring drawn
# (an outline or a box shadow) and inside every ancestor that clips; and at its corners
# and middle the topmost element is itself, not something sticky or fixed over it.
FOCUS_SEEN = """
var el = document.activeElement;
if (!el || el === document.body || el === document.documentElement) return {problem: 'focus is on the page, not on a control'};
// A control hidden but focused (a file input) shows its ring on its label (site.css).
var seenAs = el.classList.contains('visually-hidden') && el.labels && el.labels.length ? el.labels[0] : el;
var r = seenAs.getBoundingClientRect();
var describe = el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') +
  (typeof el.className === 'string' && el.className ? '.' + el.className.split(' ').join('.') : '');
var info = {tag: el.tagName.toLowerCase(), id: el.id, text: (el.innerText || el.value || '').trim().slice(0, 200),
  label: el.getAttribute('aria-label'), type: el.type || null, describe: describe, focusVisible: el.matches(':focus-visible')};
if (r.width < 1 || r.height < 1) { info.problem = describe + ' has no size'; return info; }
// On screen, to the pixel; what is taller than the window, from its top.
var bottom = r.height > innerHeight ? r.top + 1 : r.bottom;
if (r.top < -1 || bottom > innerHeight + 1 || r.left < -1 || r.right > innerWidth + 1) {
  info.problem = describe + ' is off screen: ' + JSON.stringify(r); return info;
}
var cs = getComputedStyle(el);
// A radio or checkbox shows its ring on its label (site.css).
var ringOwner = seenAs;
if (cs.outlineStyle === 'none' && cs.boxShadow === 'none' && el.closest('label')) ringOwner = el.closest('label');
var rs = getComputedStyle(ringOwner);
var width = rs.outlineStyle === 'none' ? 0 : parseFloat(rs.outlineWidth);
if (!width && rs.boxShadow === 'none') { info.problem = describe + ' shows no focus ring'; return info; }
if (width) {
  var reach = width + parseFloat(rs.outlineOffset);
  var ring = ringOwner.getBoundingClientRect();
  for (var a = ringOwner.parentElement; a && a !== document.documentElement; a = a.parentElement) {
    var as = getComputedStyle(a);
    if (as.overflowX === 'visible' && as.overflowY === 'visible') continue;
    var ar = a.getBoundingClientRect();
    if (ring.left - reach < ar.left - 0.5 || ring.right + reach > ar.right + 0.5 || ring.top - reach < ar.top - 0.5 || ring.bottom + reach > ar.bottom + 0.5) {
      info.problem = describe + "'s focus ring is cut off by " + a.tagName.toLowerCase() + '.' + a.className; return info;
    }
  }
}
// A quarter in from each corner, clear of rounded corners, and the middle.
var shown = Math.min(r.height, innerHeight - r.top);
var points = [[0.25, 0.25], [0.75, 0.25], [0.5, 0.5], [0.25, 0.75], [0.75, 0.75]].map(function (f) {
  return [r.left + f[0] * r.width, r.top + f[1] * shown];
});
for (var i = 0; i < points.length; i++) {
  var top = document.elementFromPoint(points[i][0], points[i][1]);
  var inLabel = el.labels && Array.prototype.some.call(el.labels, function (l) { return l.contains(top); });
  if (top && top !== el && !seenAs.contains(top) && !el.contains(top) && !inLabel) {
    info.problem = describe + ' is covered by ' + top.tagName.toLowerCase() + '.' + top.className; return info;
  }
}
return info;
"""


def press(driver, *keys):
    """Real key events to whatever has the focus, as a keyboard does."""
    chain = ActionChains(driver)
    for key in keys:
        chain.send_keys(key)
    chain.perform()


def shift_tab(driver):
    ActionChains(driver).key_down(Keys.SHIFT).send_keys(Keys.TAB).key_up(Keys.SHIFT).perform()


def ax_nodes(driver):
    return driver.execute_cdp_cmd("Accessibility.getFullAXTree", {})["nodes"]


def ax_text(nodes, node):
    """The text under an accessibility node: its static texts, in order."""
    by_id = {n["nodeId"]: n for n in nodes}
    words = []

    def walk(n):
        if n.get("role", {}).get("value") == "StaticText" and not n.get("ignored"):
            words.append(n.get("name", {}).get("value", ""))
            return
        for child in n.get("childIds", []):
            if child in by_id:
                walk(by_id[child])

    walk(node)
    return " ".join(w.strip() for w in words if w.strip())


def properties(node):
    return {p["name"]: p["value"].get("value") for p in node.get("properties", [])}


def ax_node(driver, selector):
    """The accessibility tree's node for the element `selector` finds: None when the tree
    leaves it out, else whether it is ignored, its role, its live setting and its text."""
    document = driver.execute_cdp_cmd("DOM.getDocument", {"depth": 0})["root"]["nodeId"]
    found = driver.execute_cdp_cmd("DOM.querySelector", {"nodeId": document, "selector": selector})["nodeId"]
    if not found:
        raise AssertionError(f"no element {selector}")
    backend = driver.execute_cdp_cmd("DOM.describeNode", {"nodeId": found})["node"]["backendNodeId"]
    nodes = ax_nodes(driver)
    node = next((n for n in nodes if n.get("backendDOMNodeId") == backend), None)
    if node is None:
        return None
    return {"ignored": node.get("ignored", False), "role": node.get("role", {}).get("value"), "live": properties(node).get("live"),
            "text": ax_text(nodes, node)}


def ax_focused(driver):
    """The accessibility tree's focused node (the page aside, which is focused too): its role and its name."""
    for node in ax_nodes(driver):
        if properties(node).get("focused") and node.get("role", {}).get("value") != "RootWebArea":
            return {"role": node.get("role", {}).get("value"), "name": node.get("name", {}).get("value", "")}
    return None


class KeyboardTest(SiteTest):
    def seen(self, driver, where):
        """The focus, asserted to be on a control and seen (once a smooth scroll has
        ended); returns what it is on."""
        deadline = time.monotonic() + 3
        info = driver.execute_script(FOCUS_SEEN)
        while "problem" in info and time.monotonic() < deadline:
            time.sleep(0.1)
            info = driver.execute_script(FOCUS_SEEN)
        self.assertNotIn("problem", info, f"{where}: {info.get('problem')}")
        return info

    def live_region(self, driver, selector, where):
        """A live region, asserted to be in the accessibility tree now, whether or not it says anything yet."""
        node = ax_node(driver, selector)
        self.assertIsNotNone(node, f"{where}: {selector} is not in the accessibility tree")
        self.assertFalse(node["ignored"], f"{where}: {selector} is left out of the accessibility tree")
        self.assertIn(node["live"], ("polite", "assertive"), f"{where}: {selector} is not a live region")
        return node

    def said(self, driver, selector, where):
        """What a live region says once it has said something (the quiz's own waits a moment, to be heard again)."""
        deadline = time.monotonic() + 3
        node = self.live_region(driver, selector, where)
        while not node["text"] and time.monotonic() < deadline:
            time.sleep(0.1)
            node = self.live_region(driver, selector, where)
        return node["text"]

    def shot(self, driver, name):
        if SCREENSHOTS:
            pathlib.Path(SCREENSHOTS).mkdir(parents=True, exist_ok=True)
            driver.save_screenshot(str(pathlib.Path(SCREENSHOTS) / f"{name}.png"))

    def tab_to(self, driver, matches, where, limit=60):
        """Presses Tab until `matches(focus info)`; every control passed on the way is seen."""
        for _ in range(limit):
            press(driver, Keys.TAB)
            info = self.seen(driver, where)
            if matches(info):
                return info
        raise AssertionError(f"{where}: Tab never reached it")

    def choose(self, driver, words, where):
        """In a group of radio buttons with the focus on one: arrows to the choice with
        `words`; for a checkbox, Space on it. Returns the focus."""
        for _ in range(8):
            info = self.seen(driver, where)
            label = driver.execute_script("var l = document.activeElement.closest('label'); return l ? l.innerText : ''")
            if words in label:
                checked = driver.execute_script("return document.activeElement.checked")
                if not checked:
                    press(driver, Keys.SPACE)
                return self.seen(driver, where)
            press(driver, Keys.ARROW_DOWN if info["type"] == "radio" else Keys.TAB)
        raise AssertionError(f"{where}: no choice {words!r}")


class AQuizByKeyboard(KeyboardTest):
    def test_a_wrong_then_a_right_answer_keeps_the_focus_seen_and_says_the_feedback(self):
        for width, dark in ((360, False), (1280, True)):
            with self.subTest(width=width), browser.chromium(width, 800, dark=dark) as driver:
                self.open(driver, "chapters/who-am-i.html")
                data = {q["id"]: q for q in quiz_data(driver)["questions"]}
                first = "#quiz .quiz-questions > li:nth-child(1)"
                # The quiz is two key presses from the top of the chapter.
                press(driver, Keys.TAB)
                self.assertEqual(self.seen(driver, "first Tab")["text"], "Skip to the content")
                press(driver, Keys.TAB)
                self.assertEqual(self.seen(driver, "second Tab")["text"], "Skip to the quiz")
                press(driver, Keys.ENTER, Keys.TAB)
                info = self.seen(driver, "Tab after the skip link")
                self.assertEqual(info["type"], "radio", "the first answer comes next")
                self.assertTrue(driver.execute_script(f"return document.querySelector('{first}').contains(document.activeElement)"))
                # Every question's feedback is a live region before it says anything.
                for index in range(1, 6):
                    node = self.live_region(driver, f"#quiz .quiz-questions > li:nth-child({index}) .feedback", "before any answer")
                    self.assertEqual(node["text"], "")
                # Five Check buttons, each named by its question in the list of buttons.
                names = [n.get("name", {}).get("value") for n in ax_nodes(driver) if n.get("role", {}).get("value") == "button"
                         and (n.get("name", {}).get("value") or "").startswith("Check")]
                self.assertEqual(names, [f"Check question {n}" for n in range(1, 6)])

                question = data[driver.execute_script(f"return document.querySelector('{first} fieldset').getAttribute('data-question')")]
                wrong = next(c for c in question["choices"] if not c["correct"])["text"]["markdown"]
                right = next(c for c in question["choices"] if c["correct"])["text"]["markdown"]
                self.choose(driver, wrong, "picking a wrong answer")
                press(driver, Keys.TAB)
                self.assertEqual(ax_focused(driver), {"role": "button", "name": "Check question 1"})
                press(driver, Keys.ENTER)
                info = self.seen(driver, "after a wrong Check")
                self.assertEqual(info["text"], "Check again", "focus stays on the button, kept in view below the hint")
                self.assertEqual(ax_focused(driver)["name"], "Check again, question 1")
                said = self.live_region(driver, f"{first} .feedback", "after a wrong Check")["text"]
                self.assertIn("Not quite.", said)
                self.assertIn("Hint:", said)
                self.shot(driver, f"focus-check-again-{width}{'-dark' if dark else ''}")
                self.assertEqual(browser.axe_violations(driver), [], "after a wrong Check")

                shift_tab(driver)
                self.choose(driver, right, "picking the right answer")
                press(driver, Keys.TAB)
                press(driver, Keys.ENTER)
                info = self.seen(driver, "after a right Check")
                self.assertTrue(driver.execute_script(f"return document.activeElement === document.querySelector('{first} .feedback')"),
                                f"focus goes to the feedback, not {info}")
                self.assertIn("Right!", info["text"])
                self.assertTrue(info["focusVisible"], "a keyboard user sees the ring")
                self.assertIn("Right!", self.live_region(driver, f"{first} .feedback", "after a right Check")["text"])
                self.shot(driver, f"focus-feedback-right-{width}{'-dark' if dark else ''}")

                # On to the next question, and through the rest to the result.
                for index in range(2, 6):
                    press(driver, Keys.TAB)
                    self.seen(driver, f"Tab to question {index}")
                    item = f"#quiz .quiz-questions > li:nth-child({index})"
                    self.assertTrue(driver.execute_script(f"return document.querySelector('{item}').contains(document.activeElement)"),
                                    f"Tab goes from the feedback on to question {index}")
                    question = data[driver.execute_script(f"return document.querySelector('{item} fieldset').getAttribute('data-question')")]
                    if question["type"] in ("single", "true-false"):
                        words = next(c for c in question["choices"] if c["correct"])["text"]["markdown"] if question["type"] == "single" \
                            else ("True" if question["answer"] else "False")
                        self.choose(driver, words, f"question {index}")
                        press(driver, Keys.TAB)
                    elif question["type"] == "multiple":
                        for _ in question["choices"]:
                            label = driver.execute_script("return document.activeElement.closest('label').innerText")
                            if any(c["correct"] and c["text"]["markdown"] in label for c in question["choices"]):
                                press(driver, Keys.SPACE)
                            press(driver, Keys.TAB)
                    else:
                        press(driver, question["accept"][0] if question["type"] == "text" else format(question["number"], "g"))
                        press(driver, Keys.TAB)
                    self.assertEqual(ax_focused(driver)["name"], f"Check question {index}")
                    press(driver, Keys.ENTER)
                    info = self.seen(driver, f"after Check on question {index}")
                    if index < 5:
                        self.assertIn("Right!", info["text"])
                result = driver.find_element(By.CSS_SELECTOR, ".quiz-result")
                self.assertTrue(driver.execute_script("return document.activeElement === arguments[0]", result), "the result has the focus")

    def test_show_the_answer_moves_the_focus_to_the_answer(self):
        with browser.chromium(360, 800) as driver:
            self.open(driver, "chapters/who-am-i.html")
            data = {q["id"]: q for q in quiz_data(driver)["questions"]}
            first = "#quiz .quiz-questions > li:nth-child(1)"
            question = data[driver.execute_script(f"return document.querySelector('{first} fieldset').getAttribute('data-question')")]
            wrongs = [c["text"]["markdown"] for c in question["choices"] if not c["correct"]]
            driver.execute_script(f"document.querySelector('{first} input').focus()")
            for attempt in range(2):
                self.choose(driver, wrongs[attempt], "a wrong answer")
                press(driver, Keys.TAB)
                # At the foot of the window, where Tab leaves a control going down the page:
                # the hint comes in above it, and it stays in view.
                driver.execute_script("document.activeElement.scrollIntoView({block: 'end'})")
                press(driver, Keys.ENTER)
                self.assertEqual(self.seen(driver, "after a wrong Check at the foot of the window")["text"], "Check again")
                if attempt == 0:
                    shift_tab(driver)
            press(driver, Keys.TAB)
            self.assertEqual(ax_focused(driver), {"role": "button", "name": "Show the answer to question 1"})
            press(driver, Keys.ENTER)
            info = self.seen(driver, "after Show the answer")
            self.assertTrue(driver.execute_script(f"return document.activeElement === document.querySelector('{first} .feedback')"), info)
            self.assertIn("The answer:", self.live_region(driver, f"{first} .feedback", "after Show the answer")["text"])

    def test_an_assessments_note_of_unanswered_questions_is_said(self):
        with browser.chromium(360, 800) as driver:
            self.open(driver, "chapters/feelings.html")
            note = "#quiz .quiz-app > p.feedback"
            self.assertEqual(self.live_region(driver, note, "before submitting")["text"], "")
            submit = driver.find_element(By.XPATH, "//button[.='Submit my answers']")
            driver.execute_script("arguments[0].focus()", submit)
            press(driver, Keys.ENTER)
            self.assertEqual(self.seen(driver, "after Submit")["text"], "Submit my answers")
            self.assertIn("have no answer yet", self.live_region(driver, note, "after Submit")["text"])

    def test_the_video_place_shows_its_focus_ring_and_the_colours_button_keeps_its_focus(self):
        with browser.chromium(360, 800) as driver:
            self.open(driver, "chapters/who-am-i.html")
            info = self.tab_to(driver, lambda i: "video-facade" in i["describe"], "Tab to the video")
            self.assertIn("Three-minute talk on confidence", info["text"])
            self.shot(driver, "focus-video-360")
            toggle = driver.find_element(By.CSS_SELECTOR, ".theme-toggle")
            driver.execute_script("arguments[0].focus()", toggle)
            press(driver, Keys.ENTER)
            # The window widens: the button moves from the footer to the header, focus with it.
            driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 1280, "height": 800, "deviceScaleFactor": 1, "mobile": False})
            wait_for(driver, lambda d: d.execute_script("return !!document.querySelector('.site-header .theme-toggle')"))
            self.assertTrue(driver.execute_script("return document.activeElement === document.querySelector('.theme-toggle')"),
                            "the colours button keeps the focus when it moves")
            self.seen(driver, "the colours button after it moved")


class ADeckAndALearnerByKeyboard(KeyboardTest):
    def test_a_deck_studied_by_keyboard_says_each_new_cards_front(self):
        with browser.chromium(360, 800) as driver:
            self.open(driver, "decks/feelings.html")
            fronts = driver.execute_script("return Array.prototype.map.call(document.querySelectorAll('ol.cards summary'), "
                                           "function (s) { return s.textContent; })")
            live = ".card-study + p.visually-hidden"
            self.assertEqual(self.live_region(driver, live, "before studying")["text"], "")
            self.tab_to(driver, lambda i: i["text"] == "Turn the card", "Tab to the card")
            press(driver, Keys.ENTER)
            self.assertEqual(self.seen(driver, "after turning")["text"], "I knew it")
            self.assertTrue(self.live_region(driver, live, "after turning")["text"].startswith("Back: "))
            self.shot(driver, "focus-i-knew-it-360")
            press(driver, Keys.ENTER)
            self.assertEqual(self.seen(driver, "after I knew it")["text"], "Turn the card")
            said = self.live_region(driver, live, "after I knew it")["text"]
            self.assertEqual(said, f"Card 2 of {len(fronts)}. Front: {fronts[1]}")
            press(driver, Keys.ENTER)
            press(driver, Keys.TAB, Keys.ENTER)
            self.assertEqual(self.seen(driver, "after Not yet")["text"], "Turn the card")
            self.assertEqual(self.live_region(driver, live, "after Not yet")["text"], f"Card 3 of {len(fronts)}. Front: {fronts[2]}")

    def test_a_learner_added_and_forgotten_by_keyboard_with_the_safe_answer_first(self):
        with browser.chromium(360, 800) as driver:
            self.open(driver, "progress.html")
            self.assertEqual(self.live_region(driver, "#learner-note", "before adding")["text"], "")
            self.tab_to(driver, lambda i: i["id"] == "learner-name", "Tab to the name")
            press(driver, "Maya", Keys.ENTER)
            self.seen(driver, "after adding")
            self.assertEqual(self.live_region(driver, "#learner-note", "after adding")["text"], "Hello Maya! The progress saved so far is yours.")
            self.tab_to(driver, lambda i: i["id"] == "forget", "Tab to Forget me")
            press(driver, Keys.ENTER)
            info = self.seen(driver, "after Forget me")
            self.assertEqual(info["id"], "forget-no", "the question opens on the safe answer")
            self.shot(driver, "focus-keep-it-360")
            press(driver, Keys.ENTER)
            self.assertEqual(self.seen(driver, "after Keep it")["id"], "forget")
            self.assertIn("Maya", driver.find_element(By.ID, "learner-now").text)
            press(driver, Keys.ENTER)
            shift_tab(driver)
            self.assertEqual(self.seen(driver, "Shift+Tab to the forgetting")["id"], "forget-yes")
            press(driver, Keys.ENTER)
            wait_for(driver, lambda d: d.execute_script("return document.activeElement.id") == "learners-title", message="after forgetting")
            self.seen(driver, "after forgetting")
            self.assertEqual(self.live_region(driver, "#learner-note", "after forgetting")["text"],
                             "Maya and her progress are forgotten on this device.")
            self.assertNotIn("Maya", driver.find_element(By.ID, "learner-now").text)


class MoreTimeByKeyboard(KeyboardTest):
    """A copy of the spec's example with a time limit of 4 seconds, in practice and as an assessment."""

    LIMIT = 4

    @classmethod
    def setUpClass(cls):
        cls.folder = pathlib.Path(tempfile.mkdtemp(prefix="folio-more-time-"))
        content = cls.folder / "Content"
        shutil.copytree(SPEC_EXAMPLES, content)
        quiz = (content / "quizzes" / "who-am-i.yaml").read_text()
        quiz = quiz.replace("time_limit: 10m", f"time_limit: {cls.LIMIT}s")
        (content / "quizzes" / "who-am-i.yaml").write_text(quiz)
        shutil.copytree(content, cls.folder / "Assessment")
        (cls.folder / "Assessment" / "quizzes" / "who-am-i.yaml").write_text(quiz.replace("mode: practice", "mode: assessment"))
        cls.site = browser.build(content, cls.folder / "Output")
        browser.build(cls.folder / "Assessment", cls.folder / "AssessmentOutput")
        cls.serving = browser.serve(cls.folder)
        cls.server = cls.serving.__enter__()

    def start(self, driver, site, choice):
        self.open(driver, f"{site}/site/chapters/who-am-i.html")
        self.live_region(driver, "#quiz > p.visually-hidden", "before starting")
        self.assertEqual(browser.axe_violations(driver), [], "a timed quiz's start")
        self.tab_to(driver, lambda i: i["text"] == "Skip to the quiz", "Tab to the skip link")
        press(driver, Keys.ENTER)
        info = self.tab_to(driver, lambda i: i["text"].startswith(choice), f"Tab to {choice}")
        press(driver, Keys.ENTER)
        return info

    def clock_covers_nothing(self, driver, where):
        """Shift+Tab back through every control of the quiz: none is under the clock."""
        driver.execute_script("window.scrollTo(0, document.documentElement.scrollHeight)")
        driver.execute_script("document.querySelector('.quiz-app .quiz-questions > li:last-child input').focus()")
        for _ in range(25):
            shift_tab(driver)
            info = self.seen(driver, where)
            if "quiz-clock" in driver.execute_script("return document.activeElement.parentElement.className"):
                return
        raise AssertionError(f"{where}: Shift+Tab never reached the clock")

    def test_more_time_before_the_clock_starts_then_the_limit_turned_off_in_practice(self):
        with browser.chromium(360, 800) as driver:
            start = self.start(driver, "Output", "Start with more time")
            self.assertEqual(start["text"], f"Start with more time ({self.LIMIT * 10} s)")
            info = self.seen(driver, "after starting")
            self.assertEqual(info["type"], "radio", "the first answer has the focus")
            self.assertRegex(driver.find_element(By.CSS_SELECTOR, ".quiz-timer").text, r"^Time left: 0:(3[5-9]|40)$")
            self.assertEqual(driver.find_element(By.XPATH, "//button[.='More time']").is_displayed(), False, "taken already")
            time.sleep(self.LIMIT + 1)
            self.assertEqual(driver.find_elements(By.CSS_SELECTOR, ".quiz-result"), [], "the quiz runs on past its set limit")
            self.assertEqual(browser.axe_violations(driver), [], "a timed quiz running")
            self.clock_covers_nothing(driver, "going back through the quiz")
            self.assertEqual(self.seen(driver, "on the clock")["text"], "No time limit")
            self.shot(driver, "focus-no-time-limit-360")
            press(driver, Keys.ENTER)
            info = self.seen(driver, "after No time limit")
            self.assertEqual(info["text"], "No time limit.", "the clock has the focus once its buttons are gone")
            self.assertIn("The time limit is off.", self.said(driver, "#quiz > p.visually-hidden", "after No time limit"))
            clock = driver.find_element(By.CSS_SELECTOR, ".quiz-clock")
            self.assertEqual(clock.value_of_css_property("position"), "static", "without a limit the clock no longer sticks")

    def test_an_assessment_given_more_time_while_the_clock_runs_says_so_and_the_attempt_records_it(self):
        with browser.chromium(360, 800) as driver:
            self.start(driver, "AssessmentOutput", "Start the quiz")
            self.assertEqual(driver.find_elements(By.XPATH, "//button[.='No time limit']"), [], "an assessment keeps a limit")
            self.clock_covers_nothing(driver, "going back through the assessment")
            self.assertEqual(self.seen(driver, "on the clock")["text"], "More time")
            self.assertEqual(ax_focused(driver)["name"], f"More time: {self.LIMIT * 10} s in all")
            press(driver, Keys.ENTER)
            info = self.seen(driver, "after More time")
            self.assertTrue(info["text"].startswith("Time left: 0:"), info)
            said = self.said(driver, "#quiz > p.visually-hidden", "after More time")
            self.assertTrue(said.startswith(f"You have more time: {self.LIMIT * 10} s in all. Time left: 0:"), said)
            time.sleep(self.LIMIT + 1)
            self.assertEqual(driver.find_elements(By.CSS_SELECTOR, ".quiz-result"), [], "the assessment runs on")
            submit = driver.find_element(By.XPATH, "//button[.='Submit my answers']")
            driver.execute_script("arguments[0].focus()", submit)
            press(driver, Keys.ENTER)
            driver.execute_script("document.querySelector('.quiz-app p.feedback button').focus()")
            press(driver, Keys.ENTER)
            result = driver.find_element(By.CSS_SELECTOR, ".quiz-result")
            self.assertTrue(driver.execute_script("return document.activeElement === arguments[0]", result))
            self.seen(driver, "on the result")
            self.assertEqual(browser.axe_violations(driver), [], "the result of a timed assessment")
            self.assertIn(f"with more time ({self.LIMIT * 10} s in all)", result.text)
            clock = driver.find_element(By.CSS_SELECTOR, ".quiz-clock")
            self.assertEqual(clock.value_of_css_property("position"), "static", "the clock no longer sticks over the result")
            self.assertTrue(driver.find_element(By.CSS_SELECTOR, ".quiz-timer").text.startswith("Finished with 0:"))
            attempts = driver.execute_script("return Folio.progress().attempts")
            self.assertEqual([a.get("timeLimit") for a in attempts], ["extended"])


# Text that is cut or scrolls sideways at 200%: anything clipping or scrolling what it
# holds, but code (which scrolls, as the reflow rule allows) and what is shortened on
# purpose with an ellipsis (the site's name on a phone, whole in the footer).
CLIPPED = """
var found = [];
var page = document.documentElement;
if (page.scrollWidth > page.clientWidth) found.push('the page scrolls sideways: ' + page.scrollWidth);
Array.prototype.forEach.call(document.querySelectorAll('body *'), function (e) {
  var cs = getComputedStyle(e);
  if (cs.display === 'none' || e.closest('.visually-hidden, .skip, pre, [hidden]')) return;
  // Hidden but spoken (a stacked table's heading row): clipped to nothing on purpose.
  for (var a = e; a; a = a.parentElement) if (getComputedStyle(a).clip !== 'auto') return;
  if (cs.textOverflow === 'ellipsis') return;
  var name = e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') +
    (typeof e.className === 'string' && e.className ? '.' + e.className.split(' ').join('.') : '');
  if (e.tagName === 'INPUT' || e.tagName === 'TEXTAREA') {
    if (e.getBoundingClientRect().right > document.documentElement.clientWidth) found.push(name + ' reaches past the page');
    return;
  }
  var clipsX = cs.overflowX !== 'visible', clipsY = cs.overflowY !== 'visible';
  if (clipsX && e.scrollWidth > e.clientWidth + 1) found.push(name + ' cuts its content sideways');
  if (clipsY && e.scrollHeight > e.clientHeight + 1) found.push(name + ' cuts its content below');
  var r = e.getBoundingClientRect();
  if (r.width && r.right > document.documentElement.clientWidth + 1) found.push(name + ' reaches past the page');
});
return found;
"""


class LargeText(KeyboardTest):
    PAGES = ["index.html", "bill-of-rights.html", "chapters/who-am-i.html", "chapters/feelings.html", "decks/index.html",
             "decks/feelings.html", "progress.html", "search.html?q=friend"]

    def test_at_200_percent_text_on_a_phone_nothing_is_cut_off_and_nothing_scrolls_sideways(self):
        with browser.chromium(360, 800) as driver:
            for page in self.PAGES:
                self.open(driver, page)
                driver.execute_script("document.documentElement.style.fontSize = '200%'")
                if page == "progress.html":
                    driver.find_element(By.ID, "learner-name").send_keys("Maximiliana-Josephine")
                self.assertEqual(driver.execute_script(CLIPPED), [], page)
                self.assertEqual(browser.axe_violations(driver), [], f"{page} at 200%")
                if page == "chapters/who-am-i.html" and SCREENSHOTS:
                    driver.execute_script("document.querySelector('.video-facade').scrollIntoView()")
                    self.shot(driver, "video-200-percent-360")

    def test_every_page_has_one_main_heading_even_when_the_welcome_text_has_a_heading_of_level_one(self):
        folder = pathlib.Path(tempfile.mkdtemp(prefix="folio-headings-"))
        try:
            content = folder / "Content"
            shutil.copytree(SPEC_EXAMPLES, content)
            welcome = (content / "welcome.md").read_text()
            (content / "welcome.md").write_text(welcome + "\n# Before you start\n\nRead the chapters in order.\n")
            site = browser.build(content, folder / "Output")
            with browser.serve(site) as server, browser.chromium(1280, 900) as driver:
                for page in ["index.html", "chapters/who-am-i.html", "decks/index.html", "progress.html"]:
                    driver.get(server.url + page)
                    wait_for(driver, lambda d: d.execute_script("return document.readyState") == "complete")
                    self.assertEqual(len(driver.find_elements(By.TAG_NAME, "h1")), 1, page)
                driver.get(server.url + "index.html")
                self.assertEqual(driver.find_element(By.XPATH, "//h2[.='Before you start']").tag_name, "h2")
        finally:
            shutil.rmtree(folder, ignore_errors=True)
