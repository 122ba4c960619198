"""YouTube videos where the page can send a referrer and where it cannot. YouTube's
player refuses an embed that arrives without a referrer ("Error 153"), which a page
opened from a file never sends: there a video is a link that opens it on YouTube, and
served over http(s) it is the privacy-enhanced player in the page. Only the page is
checked, not YouTube: every host but loopback is unreachable here."""

import unittest

from selenium.webdriver.common.by import By

import browser
from test_site import SiteTest, wait_for

TITLE = "Three-minute talk on confidence"


class VideosWithAndWithoutAReferrer(SiteTest):
    def test_opened_from_a_file_a_video_is_a_link_that_opens_it_on_youtube(self):
        with browser.chromium(1280, 900) as driver:
            driver.get((self.site / "chapters" / "who-am-i.html").as_uri())
            wait_for(driver, lambda d: d.execute_script("return document.readyState") == "complete")
            link = driver.find_element(By.CSS_SELECTOR, "#video-1 a.video-facade")
            video = link.get_attribute("data-youtube")
            self.assertEqual(link.get_attribute("href"), f"https://www.youtube.com/watch?v={video}&t=30s", "at the author's start time")
            self.assertEqual(link.get_attribute("target"), "_blank")
            self.assertIn("video-link", link.get_attribute("class"))
            self.assertTrue(link.is_displayed())
            self.assertEqual(link.text.count(TITLE), 1, "named by the video's title")
            self.assertIn("Watch it on YouTube (opens a new tab)", link.text)
            self.assertIn("Videos cannot play inside a page opened from a file.", link.text)
            # Styled as a link: its words underlined, in bold.
            note = link.find_element(By.CSS_SELECTOR, ".video-note")
            self.assertIn("underline", note.value_of_css_property("text-decoration-line"))
            self.assertEqual(note.value_of_css_property("font-weight"), "700")

            link.click()
            wait_for(driver, lambda d: len(d.window_handles) == 2, message="the link opens a new tab")
            self.assertEqual(driver.find_elements(By.TAG_NAME, "iframe"), [], "no player that would refuse to play")
            self.assertTrue(driver.find_element(By.CSS_SELECTOR, "#video-1 a.video-link").is_displayed(), "the link stays")

    def test_on_a_phone_the_link_shows_all_its_words(self):
        with browser.chromium(320, 640) as driver:
            driver.get((self.site / "chapters" / "who-am-i.html").as_uri())
            wait_for(driver, lambda d: d.execute_script("return document.readyState") == "complete")
            boxes = driver.execute_script(
                "var link = document.querySelector('#video-1 a.video-link');"
                "return [link.parentNode, link].concat([].slice.call(link.children)).map(function (e) {"
                " var r = e.getBoundingClientRect(); return [r.top, r.bottom]; });")
            frame, (top, bottom), parts = boxes[0], boxes[1], boxes[2:]
            self.assertTrue(frame[0] <= top and bottom <= frame[1], "the frame holds the whole link")
            self.assertEqual(len(parts), 4, "the play mark, the title, the link's words and why")
            for (above, below) in zip(parts, parts[1:]):
                self.assertLessEqual(above[1], below[0], "one under the other, none hidden behind another")
            self.assertGreaterEqual(parts[0][0], top)
            self.assertLessEqual(parts[-1][1], bottom, "nothing cut off")

    def test_served_over_http_a_video_is_the_player_in_the_page(self):
        with browser.chromium(1280, 900) as driver:
            self.open(driver, "chapters/who-am-i.html")
            facade = driver.find_element(By.CSS_SELECTOR, "#video-1 a.video-facade")
            video = facade.get_attribute("data-youtube")
            self.assertNotIn("video-link", facade.get_attribute("class"))
            self.assertFalse(facade.get_attribute("target"))
            self.assertNotIn("Videos cannot play", facade.text)
            facade.click()
            frame = driver.find_element(By.CSS_SELECTOR, "#video-1 .video-frame iframe")
            self.assertEqual(frame.get_attribute("src"), f"https://www.youtube-nocookie.com/embed/{video}?start=30&autoplay=1&rel=0")
            self.assertEqual(frame.get_attribute("referrerpolicy"), "strict-origin-when-cross-origin", "the page's origin goes with it, not its path")
            self.assertEqual(frame.get_attribute("title"), TITLE)
            self.assertEqual(len(driver.window_handles), 1)


if __name__ == "__main__":
    unittest.main()
