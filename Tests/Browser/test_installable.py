"""The site as an app: its web app manifest, read by Chromium with no error and nothing
stopping its installation, names the program, starts and stays in the site's folder
wherever it is served, and its icons are kept offline with the pages."""

import pathlib
import shutil
import struct
import tempfile
import unittest

import browser
from test_site import SAMPLE, SCREENSHOTS, wait_for

OFFLINE = {"offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}


def png_size(path):
    """A PNG file's width and height, from its header."""
    data = pathlib.Path(path).read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG file"
    return struct.unpack(">II", data[16:24])


class Installable(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        # Served under a sub-path, as a GitHub Pages site of an account is.
        cls.folder = pathlib.Path(tempfile.mkdtemp(prefix="folio-app-"))
        site = browser.build(SAMPLE, cls.folder / "Output")
        cls.root = cls.folder / "served"
        shutil.copytree(site, cls.root / "spring")

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.folder, ignore_errors=True)

    def test_chromium_reads_the_manifest_without_errors_and_can_install_the_app_under_a_sub_path(self):
        with browser.serve(self.root) as server, browser.chromium(360, 740) as driver:
            start = server.url + "spring/"
            driver.get(start + "chapters/who-am-i.html")
            wait_for(driver, lambda d: d.execute_script("return !!navigator.serviceWorker.controller"), timeout=20,
                     message="the service worker never took control")
            manifest = driver.execute_cdp_cmd("Page.getAppManifest", {})
            self.assertEqual(manifest["url"], start + "manifest.webmanifest")
            self.assertEqual(manifest["errors"], [])
            # The manifest as Chromium understood it: every address inside the site's folder.
            parsed = manifest["manifest"]
            self.assertEqual((parsed["name"], parsed["display"]), ("Go Grrrls", "kStandalone"))
            # Its id is its start address, so programs sharing an origin are apps apart.
            self.assertEqual((parsed["id"], parsed["startUrl"], parsed["scope"]), (start + "index.html", start + "index.html", start))
            self.assertEqual({icon["url"] for icon in parsed["icons"]}, {start + "icon-192.png", start + "icon-512.png"})
            installability = wait_for(driver, lambda d: d.execute_cdp_cmd("Page.getInstallabilityErrors", {}), timeout=20)
            self.assertEqual(installability["installabilityErrors"], [])
            if SCREENSHOTS:
                pathlib.Path(SCREENSHOTS).mkdir(parents=True, exist_ok=True)
                driver.save_screenshot(str(pathlib.Path(SCREENSHOTS) / "installable-phone.png"))

    def test_the_manifest_names_the_program_and_its_icons_and_the_app_opens_offline(self):
        import json

        site = self.root / "spring"
        manifest = json.loads((site / "manifest.webmanifest").read_text())
        self.assertEqual(manifest["name"], "Go Grrrls")
        self.assertEqual((manifest["start_url"], manifest["scope"], manifest["display"]), ("index.html", "./", "standalone"))
        self.assertEqual(manifest["theme_color"], "#722a96")
        sizes = {icon["sizes"] for icon in manifest["icons"]}
        self.assertEqual(sizes, {"192x192", "512x512"})
        for icon in manifest["icons"]:
            width, height = png_size(site / icon["src"])
            self.assertEqual(f"{width}x{height}", icon["sizes"])
        for page in ("index.html", "chapters/who-am-i.html", "decks/feelings.html"):
            self.assertIn('<link rel="manifest" href="', (site / page).read_text(), page)
        with browser.serve(self.root) as server, browser.chromium(360, 740) as driver:
            start = server.url + "spring/"
            driver.get(start + "index.html")
            wait_for(driver, lambda d: d.execute_script("return !!navigator.serviceWorker.controller"), timeout=20)
            server.offline = True
            driver.execute_cdp_cmd("Network.enable", {})
            driver.execute_cdp_cmd("Network.emulateNetworkConditions", OFFLINE)
            for file in ("manifest.webmanifest", "icon-192.png", "icon-512.png"):
                status = driver.execute_async_script(
                    "var done = arguments[arguments.length - 1]; fetch(arguments[0]).then(function (r) { done(r.status); })"
                    ".catch(function (e) { done(String(e)); });", start + file)
                self.assertEqual(status, 200, f"{file} offline")
            driver.get(start + manifest["start_url"])
            wait_for(driver, lambda d: "Chapters" in d.find_element("tag name", "main").text, message="the app's start page offline")


if __name__ == "__main__":
    unittest.main()
