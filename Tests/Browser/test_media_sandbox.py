"""A handout in `media/` opened from `folio serve` runs in a sandbox: it has an origin of
its own, so nothing in it can read what the site keeps in the learner's browser, while
its own pictures still show. (A handout with a script does not build at all:
`media-active-content`; the sandbox is the wall behind that check.)"""

import pathlib
import re
import shutil
import subprocess
import tempfile
import time
import unittest

import browser
from test_site import SAMPLE, wait_for

HANDOUT = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Feelings at home</title>
<style>h1 { color: rgb(200, 0, 0) }</style></head>
<body><h1>Feelings at home</h1><img id="sun" src="sun.svg" alt="A sun"></body></html>
"""

SUN = """<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><circle cx="20" cy="20" r="18" fill="gold"/></svg>
"""


class MediaRunInASandbox(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.folder = pathlib.Path(tempfile.mkdtemp(prefix="folio-media-"))
        content = cls.folder / "Content"
        shutil.copytree(SAMPLE, content)
        (content / "media" / "handout.html").write_text(HANDOUT)
        (content / "media" / "sun.svg").write_text(SUN)
        cls.server = subprocess.Popen([str(browser.FOLIO), "serve", str(content), "--port", "0"], stderr=subprocess.PIPE, text=True)
        cls.base = None
        printed = ""
        deadline = time.time() + 60
        while cls.base is None and time.time() < deadline:
            line = cls.server.stderr.readline()
            if not line:
                break
            printed += line
            found = re.search(r"http://127\.0\.0\.1:[0-9]+/", line)
            if found:
                cls.base = found.group(0)
        if cls.base is None:
            cls.tearDownClass()
            raise AssertionError(f"folio serve did not show its address:\n{printed}")

    @classmethod
    def tearDownClass(cls):
        cls.server.terminate()
        cls.server.wait(timeout=20)
        shutil.rmtree(cls.folder, ignore_errors=True)

    def test_a_handout_cannot_reach_the_sites_storage_and_still_shows_its_picture(self):
        with browser.chromium(1280, 900) as driver:
            driver.get(self.base + "index.html")
            self.assertEqual(driver.execute_script("return window.origin"), self.base.rstrip("/"))
            driver.execute_script("localStorage.setItem('folio-test', 'kept by the site')")

            driver.get(self.base + "media/handout.html")
            self.assertEqual(driver.find_element("css selector", "h1").text, "Feelings at home")
            # A sandboxed page's origin is opaque: the site's storage is not its own.
            self.assertEqual(driver.execute_script("return window.origin"), "null")
            reached = driver.execute_script("try { return localStorage.getItem('folio-test') } catch (e) { return 'refused: ' + e.name }")
            self.assertEqual(reached, "refused: SecurityError")
            # Its own picture and styles still load.
            wait_for(driver, lambda d: d.execute_script("var i = document.getElementById('sun'); return i.complete && i.naturalWidth > 0"),
                     message="the handout's picture did not load")
            self.assertEqual(driver.execute_script("return getComputedStyle(document.querySelector('h1')).color"), "rgb(200, 0, 0)")


if __name__ == "__main__":
    unittest.main()
