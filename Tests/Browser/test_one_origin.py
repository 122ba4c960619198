"""Programs that share a web address's origin, as two GitHub Pages sites of one account
do (`https://account.github.io/spring/` and `.../fall/`), each keep their own offline
copy: one's service worker never removes the other's cache."""

import pathlib
import shutil
import tempfile
import unittest

from selenium.webdriver.common.by import By

import browser
from test_site import SAMPLE, wait_for

OFFLINE = {"offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}


def program(folder, program_id, title):
    """The sample program under another id and title, built into `folder/site`."""
    content = folder / "Content"
    shutil.copytree(SAMPLE, content)
    settings = content / "folio.yaml"
    text = settings.read_text().replace("id: go-grrrls", f"id: {program_id}").replace("title: Go Grrrls", f"title: {title}")
    settings.write_text(text)
    return browser.build(content, folder / "Output")


class TwoProgramsOnOneOrigin(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.folder = pathlib.Path(tempfile.mkdtemp(prefix="folio-origin-"))
        cls.root = cls.folder / "served"
        cls.root.mkdir()
        for path, program_id, title in (("spring", "spring-circle", "Spring Circle"), ("fall", "fall-circle", "Fall Circle")):
            shutil.copytree(program(cls.folder / path, program_id, title), cls.root / path)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.folder, ignore_errors=True)

    def visit(self, driver, url):
        driver.get(url)
        wait_for(driver, lambda d: d.execute_script("return !!navigator.serviceWorker.controller"), timeout=20,
                 message=f"the service worker of {url} never took control")

    def test_both_programs_still_open_offline_after_both_were_visited(self):
        with browser.serve(self.root) as server, browser.chromium(1280, 900) as driver:
            spring, fall = server.url + "spring/", server.url + "fall/"
            self.visit(driver, spring + "index.html")
            self.visit(driver, fall + "index.html")
            # Spring's worker, updated by a visit after fall's installed, keeps its hands off fall's cache.
            self.visit(driver, spring + "chapters/friendship.html")
            names = driver.execute_script("return caches.keys()")
            self.assertEqual(sorted(name.split(" ")[1] for name in names), ["fall-circle", "spring-circle"], names)
            self.assertEqual(sorted(name.split(" ")[3] for name in names), [fall, spring], names)

            server.offline = True
            driver.execute_cdp_cmd("Network.enable", {})
            driver.execute_cdp_cmd("Network.emulateNetworkConditions", OFFLINE)
            for start, title in ((spring, "Spring Circle"), (fall, "Fall Circle")):
                for page, text in (("index.html", "Chapters"), ("chapters/friendship.html", "Good Friends, Real Friends")):
                    driver.get(start + page)
                    wait_for(driver, lambda d: text in d.find_element(By.TAG_NAME, "main").text, message=f"{start}{page} offline")
                    self.assertEqual(driver.find_element(By.CSS_SELECTOR, ".site-title").text, title)

    def test_a_new_build_of_one_program_replaces_its_own_cache_only(self):
        with browser.serve(self.root) as server, browser.chromium(1280, 900) as driver:
            spring, fall = server.url + "spring/", server.url + "fall/"
            self.visit(driver, spring + "index.html")
            self.visit(driver, fall + "index.html")
            before = set(driver.execute_script("return caches.keys()"))
            # Spring publishes a new build; fall does not.
            content = self.folder / "spring" / "Content"
            (content / "welcome.md").write_text((content / "welcome.md").read_text() + "\nA new paragraph for spring.\n")
            shutil.rmtree(self.root / "spring")
            shutil.copytree(browser.build(content, self.folder / "spring" / "Output"), self.root / "spring")
            driver.get(spring + "index.html")
            wait_for(driver, lambda d: len(set(d.execute_script("return caches.keys()")) - before) == 1
                     and len(d.execute_script("return caches.keys()")) == 2, timeout=20,
                     message="spring's new cache never replaced its old one")
            after = set(driver.execute_script("return caches.keys()"))
            self.assertEqual([name for name in before & after], [name for name in before if " fall-circle " in name])


if __name__ == "__main__":
    unittest.main()
