"""The built site works wherever it is opened: from disk and from any host, whatever
`base_url` says. `base_url` only gives pages their canonical address and share links."""

import pathlib
import re
import shutil
import tempfile
import unittest

from selenium.webdriver.common.by import By

import browser
from test_site import SAMPLE, pick, questions, wait_for

PUBLISHED = "https://example.org/go-grrrls/"


class AnyAddress(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.folder = pathlib.Path(tempfile.mkdtemp(prefix="folio-address-"))
        content = cls.folder / "Content"
        shutil.copytree(SAMPLE, content)
        settings = content / "folio.yaml"
        settings.write_text(settings.read_text() + f"base_url: {PUBLISHED}\n")
        cls.site = browser.build(content, cls.folder / "Output")

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.folder, ignore_errors=True)

    def test_pages_load_nothing_from_the_published_address_and_name_it_as_canonical(self):
        chapter = (self.site / "chapters" / "who-am-i.html").read_text()
        self.assertIn(f'<link rel="canonical" href="{PUBLISHED}chapters/who-am-i.html">', chapter)
        # A folder's page is named by the folder's address.
        self.assertIn(f'<link rel="canonical" href="{PUBLISHED}">', (self.site / "index.html").read_text())
        self.assertIn(f'<link rel="canonical" href="{PUBLISHED}decks/">', (self.site / "decks" / "index.html").read_text())
        self.assertIn('href="../site.css"', chapter)
        for page in self.site.rglob("*.html"):
            # The canonical link and the other languages' alternates name pages by their
            # published addresses, as search engines ask; nothing is loaded from them.
            text = re.sub(r'<link rel="(?:canonical|alternate)"[^>]*>', "", page.read_text())
            loads = re.findall(r'(?:src|href)="([^"]*)"', text)
            # Share links carry the address as a query value, escaped; nothing is loaded from it.
            self.assertFalse([url for url in loads if url.startswith(PUBLISHED)], f"{page}: an address on the published host")

    def test_the_same_build_works_from_disk_and_from_a_loopback_server(self):
        with browser.serve(self.site) as server:
            for start in (self.site.as_uri() + "/", server.url):
                with self.subTest(start=start.split(":")[0]), browser.chromium(1280, 900) as driver:
                    driver.get(start + "index.html")
                    wait_for(driver, lambda d: d.execute_script("return document.readyState") == "complete")
                    # The stylesheet applied: the browser's own body margin is 8px, site.css makes it 0.
                    self.assertEqual(driver.execute_script("return getComputedStyle(document.body).marginTop"), "0px")
                    driver.find_element(By.CSS_SELECTOR, ".chapter-list a[href='chapters/who-am-i.html']").click()
                    wait_for(driver, lambda d: d.current_url.endswith("chapters/who-am-i.html"))
                    wait_for(driver, lambda d: d.execute_script("return document.readyState") == "complete")
                    self.assertTrue(driver.current_url.startswith(start), driver.current_url)
                    # The quiz's scripts run: a wrong pick shows its hint.
                    first = questions(driver)[0]
                    pick(first, "How popular you are")
                    first.find_element(By.XPATH, ".//button[.='Check']").click()
                    self.assertIn("Hint:", first.find_element(By.CSS_SELECTOR, ".feedback").text)
                    driver.find_element(By.CSS_SELECTOR, ".site-title").click()
                    wait_for(driver, lambda d: d.current_url.endswith("index.html"))
                    self.assertTrue(driver.current_url.startswith(start), driver.current_url)
                    requested = browser.requested_urls(driver)
                    self.assertFalse([url for url in requested if "example.org" in url], requested)


if __name__ == "__main__":
    unittest.main()
