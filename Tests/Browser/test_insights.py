"""Anonymous insights in a real browser (docs/insights.md): nothing is sent or kept for a
learner who has not said yes; a learner who has sends each report to the program's
address and nowhere else, keeps it while offline and sends it once online; the page's
policy blocks every other address; turning it off forgets what waits; and without an
address, the report is saved as a file `folio insights report` reads. The address is a
real `folio insights collect` on loopback."""

import json
import pathlib
import shutil
import socket
import sqlite3
import subprocess
import tempfile
import time
import unittest

from selenium.webdriver.common.by import By

import browser
from test_site import SAMPLE, SiteTest, answer_right, open_page, questions, quiz_data, wait_for

OFFLINE = {"offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}
ONLINE = {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def stored_reports(database):
    if not pathlib.Path(database).exists():
        return []
    with sqlite3.connect(database) as db:
        db.row_factory = sqlite3.Row
        return [dict(row) for row in db.execute("SELECT * FROM report ORDER BY id")]


def with_insights(content, settings):
    """Gives the copy of the sample at `content` these `insights:` settings instead of its own."""
    path = content / "folio.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text[:text.index("insights:")] + settings, encoding="utf-8")


def take_the_quiz(driver):
    """Answers every question of the chapter's quiz right, and waits for the result."""
    shown = {q["id"]: q for q in quiz_data(driver)["questions"]}
    for fieldset in questions(driver):
        answer_right(fieldset, shown[fieldset.get_attribute("data-question")])
        fieldset.find_element(By.XPATH, ".//button[.='Check']").click()
    wait_for(driver, lambda d: d.find_element(By.CSS_SELECTOR, ".quiz-result"))


def waiting(driver):
    """The reports waiting in this browser for the current learner, or None when nothing is kept."""
    return driver.execute_script(
        "var keys = Object.keys(localStorage).filter(function (k) { return /:insights$/.test(k); });"
        "return keys.length ? JSON.parse(localStorage.getItem(keys[0])) : null;")


class InsightsWithACollector(unittest.TestCase):
    """The sample with `insights: {url: ...}` pointing at a collector on loopback."""

    @classmethod
    def setUpClass(cls):
        cls.folder = pathlib.Path(tempfile.mkdtemp(prefix="folio-insights-"))
        content = cls.folder / "Content"
        shutil.copytree(SAMPLE, content)
        cls.port = free_port()
        cls.collector_url = f"http://127.0.0.1:{cls.port}/reports"
        with_insights(content, f"insights:\n  randomize: 0.3\n  url: {cls.collector_url}\n")
        cls.site = browser.build(content, cls.folder / "Output")
        cls.serving = browser.serve(cls.site)
        cls.server = cls.serving.__enter__()

    @classmethod
    def tearDownClass(cls):
        cls.serving.__exit__(None, None, None)
        shutil.rmtree(cls.folder, ignore_errors=True)

    def setUp(self):
        self.database = self.folder / f"{self._testMethodName}.sqlite"
        self.collector = subprocess.Popen(
            [str(browser.FOLIO), "insights", "collect", "--database", str(self.database), "--port", str(self.port), "--program", "go-grrrls"],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        # Listening once it says so.
        line = self.collector.stderr.readline().decode()
        self.assertIn(f":{self.port}", line)

    def tearDown(self):
        self.collector.kill()
        self.collector.wait()
        self.collector.stderr.close()

    def open(self, driver, page):
        open_page(driver, self.server.url + page)

    def opt_in(self, driver):
        self.open(driver, "progress.html")
        box = driver.find_element(By.ID, "insights-share")
        self.assertFalse(box.is_selected(), "off until she says yes")
        driver.find_element(By.CSS_SELECTOR, "label[for='insights-share'], #insights label").click()
        self.assertTrue(box.is_selected())

    def test_nothing_is_sent_or_kept_for_a_learner_who_has_not_said_yes(self):
        with browser.chromium() as driver:
            self.open(driver, "progress.html")
            section = driver.find_element(By.ID, "insights")
            self.assertIn("your device sometimes answers at random", section.text.lower())
            self.assertIn("ε = 5.2", section.text)
            self.open(driver, "chapters/who-am-i.html")
            take_the_quiz(driver)
            time.sleep(1)
            requests = browser.http_requests(driver)
            self.assertTrue(requests, "the log holds the pages' requests")
            self.assertEqual([url for url in requests if not url.startswith(self.server.url)], [], "no request leaves the site")
            self.assertIsNone(waiting(driver), "nothing is kept")
            self.assertEqual(stored_reports(self.database), [])

    def test_a_learner_who_said_yes_sends_each_report_to_the_program_address_only(self):
        with browser.chromium() as driver:
            self.opt_in(driver)
            browser.http_requests(driver)
            self.open(driver, "chapters/who-am-i.html")
            take_the_quiz(driver)
            wait_for(driver, lambda d: len(stored_reports(self.database)) == 1, message="the report reaches the collector")
            elsewhere = [url for url in browser.http_requests(driver) if not url.startswith(self.server.url)]
            self.assertEqual(elsewhere, [self.collector_url], "one request, to the program's address")
            report = stored_reports(self.database)[0]
            self.assertEqual(report["program"], "go-grrrls")
            self.assertEqual(report["quiz"], "who-am-i")
            self.assertIn(report["question"], [q["id"] for q in quiz_data(driver)["questions"]])
            self.assertEqual(report["day"], driver.execute_script("return Folio.day()"))
            self.assertEqual(report["randomize"], 0.3)
            wait_for(driver, lambda d: waiting(d)["queue"] == [], message="what was sent no longer waits")
            self.assertTrue(waiting(driver)["share"])

    def test_a_report_made_offline_waits_and_is_sent_once_online(self):
        with browser.chromium() as driver:
            self.opt_in(driver)
            self.open(driver, "chapters/who-am-i.html")
            driver.execute_cdp_cmd("Network.enable", {})
            driver.execute_cdp_cmd("Network.emulateNetworkConditions", OFFLINE)
            take_the_quiz(driver)
            time.sleep(1)
            self.assertEqual(len(waiting(driver)["queue"]), 1, "kept in this browser")
            self.assertEqual(stored_reports(self.database), [], "not sent while offline")
            driver.execute_cdp_cmd("Network.emulateNetworkConditions", ONLINE)
            wait_for(driver, lambda d: len(stored_reports(self.database)) == 1, message="sent once online")
            wait_for(driver, lambda d: waiting(d)["queue"] == [])

    def test_the_page_policy_blocks_every_other_address(self):
        other = free_port()
        with socket.socket() as listener, browser.chromium() as driver:
            listener.bind(("127.0.0.1", other))
            listener.listen()
            listener.settimeout(0.5)
            self.opt_in(driver)
            self.open(driver, "chapters/who-am-i.html")
            outcome = driver.execute_async_script(
                "var done = arguments[arguments.length - 1], blocked = [];"
                "document.addEventListener('securitypolicyviolation', function (e) { blocked.push(e.blockedURI + ' ' + e.effectiveDirective); });"
                "fetch(arguments[0], {method: 'POST', body: 'x'}).then(function () { done({sent: true, blocked: blocked}); },"
                "  function () { setTimeout(function () { done({sent: false, blocked: blocked}); }, 100); });",
                f"http://127.0.0.1:{other}/reports")
            self.assertFalse(outcome["sent"])
            self.assertEqual(outcome["blocked"], [f"http://127.0.0.1:{other}/reports connect-src"])
            with self.assertRaises(socket.timeout, msg="the other address never hears from the page"):
                listener.accept()
            policy = driver.find_element(By.CSS_SELECTOR, "meta[http-equiv='Content-Security-Policy']").get_attribute("content")
            self.assertIn(f"connect-src 'self' {self.collector_url};", policy)

    def test_turning_it_off_forgets_what_waits_at_once(self):
        with browser.chromium() as driver:
            self.opt_in(driver)
            self.open(driver, "chapters/who-am-i.html")
            driver.execute_cdp_cmd("Network.enable", {})
            driver.execute_cdp_cmd("Network.emulateNetworkConditions", OFFLINE)
            take_the_quiz(driver)
            self.assertEqual(len(waiting(driver)["queue"]), 1)
            self.open(driver, "progress.html")
            status = driver.find_element(By.ID, "insights-waiting")
            self.assertEqual(status.text, "1 report will be sent when this device is online.")
            driver.find_element(By.CSS_SELECTOR, "#insights label").click()
            self.assertIsNone(waiting(driver), "nothing is kept once she says no")
            driver.execute_cdp_cmd("Network.emulateNetworkConditions", ONLINE)
            time.sleep(1)
            self.assertEqual(stored_reports(self.database), [], "what waited is never sent")


class InsightsAsAFile(SiteTest):
    """The sample with `insights: true` (as it is, without an address): the learner shares a file."""

    @classmethod
    def setUpClass(cls):
        cls.folder = pathlib.Path(tempfile.mkdtemp(prefix="folio-insights-file-"))
        cls.content = cls.folder / "Content"
        shutil.copytree(SAMPLE, cls.content)
        with_insights(cls.content, "insights: true\n")
        cls.site = browser.build(cls.content, cls.folder / "Output")
        cls.serving = browser.serve(cls.site)
        cls.server = cls.serving.__enter__()

    def test_the_report_is_saved_as_a_file_the_report_command_reads(self):
        downloads = self.folder / "downloads"
        downloads.mkdir()
        with browser.chromium() as driver:
            driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(downloads)})
            self.open(driver, "progress.html")
            self.assertFalse(driver.find_element(By.ID, "insights-file").is_displayed(), "nothing to share before she says yes")
            driver.find_element(By.CSS_SELECTOR, "#insights label").click()
            self.open(driver, "chapters/who-am-i.html")
            take_the_quiz(driver)
            self.open(driver, "progress.html")
            self.assertEqual(driver.find_element(By.ID, "insights-waiting").text,
                             "1 report is waiting. Save it as a file and give it to your group leader.")
            self.screenshot(driver, "insights-progress", 1280)
            button = driver.find_element(By.ID, "insights-file")
            self.assertEqual(button.text, "Share my anonymous report")
            button.click()
            wait_for(driver, lambda d: list(downloads.glob("folio-insights-*.json")), message="the file is saved")
            self.assertEqual(waiting(driver)["queue"], [], "given, it no longer waits")
            self.assertEqual(driver.find_element(By.ID, "insights-waiting").text, "No report is waiting.")
            self.assertEqual([url for url in browser.http_requests(driver) if not url.startswith(self.server.url)], [])
        saved = next(downloads.glob("folio-insights-*.json"))
        self.assertEqual(set(json.loads(saved.read_text())["reports"][0]), {"program", "quiz", "question", "day", "randomize", "missed", "workedOut", "passed"})
        summary = subprocess.run([str(browser.FOLIO), "insights", "report", str(saved), "--content", str(self.content), "--format", "json"],
                                 capture_output=True, text=True)
        self.assertEqual(summary.returncode, 0, summary.stderr)
        self.assertEqual(json.loads(summary.stdout)["reports"], 1)


if __name__ == "__main__":
    unittest.main()
