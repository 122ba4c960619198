"""Helpers for the browser tests: build a program with the built `folio`, serve the site
on 127.0.0.1, and drive headless Chromium (Debian `chromium` and `chromium-driver`,
Python `selenium`). Every host but loopback resolves to nothing, so a page that reached
for another website would fail to, and the request would still show in the log."""

import contextlib
import functools
import http.server
import json
import os
import pathlib
import shutil
import socketserver
import subprocess
import tempfile
import threading

REPOSITORY = pathlib.Path(__file__).resolve().parents[2]
FOLIO = pathlib.Path(os.environ.get("FOLIO_EXECUTABLE", REPOSITORY / ".build" / "debug" / "folio"))
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")


def build(content, output):
    """Builds `content` into `output` with folio; returns the site folder."""
    result = subprocess.run([str(FOLIO), "build", str(content), "--output", str(output)], capture_output=True, text=True)
    if result.returncode != 0:
        raise AssertionError(f"folio build failed:\n{result.stderr}")
    return pathlib.Path(output) / "site"


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Serves a folder without logging each request; `offline` makes every request fail."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".js": "text/javascript", ".vtt": "text/vtt",
                     ".webmanifest": "application/manifest+json"}

    def log_message(self, *args):
        pass

    def do_GET(self):
        if self.server.offline:
            self.send_error(503, "offline")
            return
        self.server.requests.append(self.path)
        super().do_GET()


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True


@contextlib.contextmanager
def serve(folder):
    """Serves `folder` on 127.0.0.1 at a free port; yields the server (`.url`, `.offline`)."""
    handler = functools.partial(QuietHandler, directory=str(folder))
    server = Server(("127.0.0.1", 0), handler)
    server.offline = False
    server.requests = []
    server.url = f"http://127.0.0.1:{server.server_address[1]}/"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()


@contextlib.contextmanager
def chromium(width=1280, height=900, dark=False):
    """Headless Chromium at a window size, in light or dark mode, logging network requests."""
    os.environ.setdefault("SE_AVOID_STATS", "true")
    os.environ.setdefault("SE_OFFLINE", "true")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    profile = tempfile.mkdtemp(prefix="folio-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in (
        "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
        "--no-default-browser-check", "--disable-extensions", "--disable-background-networking", "--disable-sync",
        "--disable-component-update", "--metrics-recording-only",
        "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE localhost , EXCLUDE 127.0.0.1",
        f"--window-size={width},{height}", f"--user-data-dir={profile}",
        f"--blink-settings=preferredColorScheme={0 if dark else 1}",
    ):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"performance": "ALL", "browser": "ALL"})
    driver = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(30)
    try:
        # A headless window is never narrower than about 500 pixels; a phone's width is
        # emulated instead.
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})
        if dark:
            driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def requested_urls(driver):
    """Every URL the pages asked for since the last call (from the performance log)."""
    urls = []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message.get("method") == "Network.requestWillBeSent":
            urls.append(message["params"]["request"]["url"])
    return urls


def console_errors(driver):
    """Errors the pages wrote to the console since the last call."""
    return [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]


def full_page_screenshot(driver, path, width):
    """A screenshot of the whole page, not only the window."""
    height = driver.execute_script("return Math.ceil(document.documentElement.scrollHeight)")
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})
    driver.save_screenshot(str(path))
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": width < 600})


def http_requests(driver):
    """The http(s) requests since the last call (the browser's own chrome:// pages aside)."""
    return [url for url in requested_urls(driver) if url.startswith(("http://", "https://"))]


def axe_script():
    """The newest axe-core among the installed Python packages (axe-playwright-python ships
    4.12, axe-selenium-python 3.1)."""
    import importlib.util

    for package, relative in (("axe_playwright_python", "axe.min.js"), ("axe_selenium_python", "node_modules/axe-core/axe.min.js")):
        spec = importlib.util.find_spec(package)
        for location in (spec.submodule_search_locations if spec else []) or []:
            path = pathlib.Path(location) / relative
            if path.is_file():
                return path.read_text(encoding="utf-8")
    raise AssertionError("no axe-core: pip install axe-selenium-python (make test does)")


def axe_violations(driver, impacts=("serious", "critical")):
    """axe-core's violations of the page as it is now, at the given impacts."""
    driver.execute_script(axe_script())
    results = driver.execute_async_script(
        "var done = arguments[arguments.length - 1];"
        "axe.run(document, {resultTypes: ['violations']}).then(done).catch(function (e) { done({error: String(e)}); });")
    if "error" in results:
        raise AssertionError(results["error"])
    return [
        f"{v['id']} ({v['impact']}): {v['help']} at " + "; ".join(" ".join(node["target"]) for node in v["nodes"][:3])
        for v in results["violations"] if v.get("impact") in impacts
    ]
