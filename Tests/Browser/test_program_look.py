"""A program's own look: `accent` and `logo` in `folio.yaml` reach every page, light and
dark, with WCAG AA's contrast (axe-core's colour-contrast rule among the others), the
logo in the header and the app's icon."""

import pathlib
import shutil
import tempfile
import unittest

from selenium.webdriver.common.by import By

import browser
from test_site import SAMPLE, SCREENSHOTS, open_page, wait_for

LOGO = browser.REPOSITORY / "Tests" / "Fixtures" / "look" / "logo.svg"
GREEN = "rgb(10, 125, 90)"
PURPLE = "rgb(114, 42, 150)"
PAGES = ["index.html", "bill-of-rights.html", "chapters/who-am-i.html", "decks/feelings.html", "progress.html", "search.html?q=friend"]


def luminance(rgb):
    def linear(channel):
        value = channel / 255
        return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4
    red, green, blue = rgb
    return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)


def contrast(first, second):
    light, dark = sorted((luminance(first), luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def channels(css):
    return tuple(int(part) for part in css[css.index("(") + 1:css.index(")")].split(",")[:3])


class ProgramLook(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.folder = pathlib.Path(tempfile.mkdtemp(prefix="folio-look-"))
        content = cls.folder / "Content"
        shutil.copytree(SAMPLE, content)
        shutil.copy(LOGO, content / "media" / "logo.svg")
        settings = content / "folio.yaml"
        settings.write_text(settings.read_text() + 'accent: "#0a7d5a"\nlogo: media/logo.svg\n')
        cls.site = browser.build(content, cls.folder / "Output")
        cls.serving = browser.serve(cls.site)
        cls.server = cls.serving.__enter__()

    @classmethod
    def tearDownClass(cls):
        cls.serving.__exit__(None, None, None)
        shutil.rmtree(cls.folder, ignore_errors=True)

    def open(self, driver, page):
        open_page(driver, self.server.url + page)

    def colour(self, driver, selector, name="color"):
        return driver.execute_script("return getComputedStyle(document.querySelector(arguments[0])).getPropertyValue(arguments[1])", selector, name)

    def test_the_accent_colours_links_and_buttons_light_and_dark_with_aa_contrast_on_every_page(self):
        for dark in (False, True):
            with browser.chromium(360, 740, dark=dark) as driver:
                for page in PAGES:
                    self.open(driver, page)
                    link = channels(self.colour(driver, ".site-header nav a"))
                    header = channels(self.colour(driver, ".site-header", "background-color"))
                    body = channels(self.colour(driver, "body", "background-color"))
                    if dark:
                        self.assertNotEqual(link, channels(GREEN), f"{page}: the dark look has a lighter accent")
                        self.assertGreater(luminance(link), luminance(channels(GREEN)))
                    else:
                        self.assertEqual(link, channels(GREEN), page)
                    self.assertNotEqual(link, channels(PURPLE))
                    for surface in (header, body):
                        self.assertGreaterEqual(contrast(link, surface), 4.5, f"{page} ({'dark' if dark else 'light'})")
                    self.assertEqual(browser.axe_violations(driver), [], f"{page} ({'dark' if dark else 'light'})")
                self.open(driver, "decks/feelings.html")
                turn = driver.find_element(By.XPATH, "//button[.='Turn the card']")
                self.assertGreaterEqual(
                    contrast(channels(self.colour(driver, "button.primary")), channels(self.colour(driver, "button.primary", "background-color"))), 4.5)
                turn.click()
                self.assertEqual(browser.axe_violations(driver), [], f"a turned card ({'dark' if dark else 'light'})")
                if SCREENSHOTS:
                    pathlib.Path(SCREENSHOTS).mkdir(parents=True, exist_ok=True)
                    self.open(driver, "index.html")
                    browser.full_page_screenshot(driver, pathlib.Path(SCREENSHOTS) / f"accent-home-phone-{'dark' if dark else 'light'}.png", 360)

    def test_the_choice_of_colours_on_the_page_overrides_the_device_with_the_accent_too(self):
        with browser.chromium(1280, 900, dark=True) as driver:
            self.open(driver, "index.html")
            dark_link = self.colour(driver, ".site-header nav a")
            driver.find_element(By.CSS_SELECTOR, "button.theme-toggle").click()  # dark
            self.assertEqual(self.colour(driver, ".site-header nav a"), dark_link)
            driver.find_element(By.CSS_SELECTOR, "button.theme-toggle").click()  # light
            self.assertEqual(self.colour(driver, ".site-header nav a"), GREEN)

    def test_the_logo_is_in_the_header_and_is_the_apps_icon(self):
        with browser.chromium(360, 740) as driver:
            for page in ("index.html", "chapters/who-am-i.html"):
                self.open(driver, page)
                logo = driver.find_element(By.CSS_SELECTOR, ".site-title img.site-logo")
                self.assertTrue(driver.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0", logo), page)
                self.assertEqual(logo.get_attribute("alt"), "", "the title beside it names the program")
                self.assertEqual(driver.find_element(By.CSS_SELECTOR, ".site-title").text, "Go Grrrls")
                self.assertLess(driver.execute_script("return document.querySelector('.site-header').getBoundingClientRect().height"), 64)
            wait_for(driver, lambda d: d.execute_script("return !!navigator.serviceWorker.controller"), timeout=20)
            manifest = driver.execute_cdp_cmd("Page.getAppManifest", {})
            self.assertEqual(manifest["errors"], [])
            icons = {icon["url"]: icon for icon in manifest["manifest"]["icons"]}
            self.assertIn(self.server.url + "media/logo.svg", icons)
            self.assertEqual(manifest["manifest"]["themeColor"], "rgba(10,125,90,1)")
            self.assertEqual(driver.execute_cdp_cmd("Page.getInstallabilityErrors", {})["installabilityErrors"], [])

    def test_a_wide_logo_is_shown_smaller_and_keeps_the_phones_header_to_two_lines(self):
        # The sample's sunrise is twice as wide as it is high, as a banner logo often is.
        content = self.folder / "Wide"
        shutil.copytree(SAMPLE, content)
        settings = content / "folio.yaml"
        settings.write_text(settings.read_text() + "logo: media/sunrise.png\n")
        site = browser.build(content, self.folder / "WideOutput")
        with browser.serve(site) as server, browser.chromium(360, 740) as driver:
            for page in ("index.html", "progress.html", "bill-of-rights.html"):
                driver.get(server.url + page)
                wait_for(driver, lambda d: d.execute_script("return document.readyState") == "complete")
                logo = driver.find_element(By.CSS_SELECTOR, ".site-title img.site-logo")
                self.assertLessEqual(driver.execute_script("return arguments[0].getBoundingClientRect().width", logo), 32.5, page)
                self.assertLess(driver.execute_script("return document.querySelector('.site-header').getBoundingClientRect().height"), 64, page)


if __name__ == "__main__":
    unittest.main()
