"""The release archive `make dist` packs, used as a coordinator would: unpacked into an
empty folder and run with an empty environment (no PATH, so no Swift toolchain), then the
GitHub Pages workflow `folio init --github-pages` writes, its steps run here one by one.

FOLIO_DIST names the archive (dist/folio-<version>-linux-x86_64.tar.gz)."""

import json
import os
import pathlib
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tarfile
import tempfile
import unittest
import urllib.request

import yaml

REPOSITORY = pathlib.Path(__file__).resolve().parents[2]
ARCHIVE = pathlib.Path(os.environ.get("FOLIO_DIST", ""))
VERSION = re.search(r'static let current = "([^"]+)"', (REPOSITORY / "Sources/FolioCore/FolioVersion.swift").read_text()).group(1)
# What the executable may need from the system: the C library's own pieces, nothing else.
C_LIBRARY = {"linux-vdso.so.1", "libc.so.6", "libm.so.6", "libpthread.so.0", "libdl.so.2", "librt.so.1", "libutil.so.1", "libresolv.so.2", "ld-linux-x86-64.so.2"}
# GitHub's own actions, at the major versions that exist.
REAL_ACTIONS = {"actions/checkout@v4", "actions/upload-pages-artifact@v3", "actions/deploy-pages@v4", "actions/configure-pages@v5"}


def home_folio(environment):
    """The folio the README installed into ~/.local/bin."""
    return pathlib.Path(environment["HOME"]) / ".local" / "bin" / "folio"


@unittest.skipUnless(ARCHIVE.is_file(), "set FOLIO_DIST to the archive `make dist` wrote")
class ReleaseArchive(unittest.TestCase):
    def setUp(self):
        self.folder = pathlib.Path(tempfile.mkdtemp(prefix="folio-dist-"))
        self.unpacked = self.folder / "download"
        self.unpacked.mkdir()
        with tarfile.open(ARCHIVE) as archive:
            archive.extractall(self.unpacked, filter="data")
        (self.top,) = list(self.unpacked.iterdir())
        self.folio = self.top / "folio"
        self.work = self.folder / "work"
        self.work.mkdir()

    def tearDown(self):
        shutil.rmtree(self.folder, ignore_errors=True)

    def run_folio(self, *arguments, check=True):
        result = subprocess.run([str(self.folio), *arguments], cwd=self.work, env={}, capture_output=True, text=True, timeout=120)
        if check and result.returncode != 0:
            self.fail(f"folio {' '.join(arguments)} exited with {result.returncode}:\n{result.stderr}")
        return result

    def test_the_archive_holds_the_executable_its_completions_and_docs(self):
        self.assertEqual(self.top.name, f"folio-{VERSION}-linux-x86_64")
        names = sorted(str(path.relative_to(self.top)) for path in self.top.rglob("*") if path.is_file())
        for expected in ("folio", "README.md", "CHANGELOG.md", "completions/folio.bash", "completions/_folio", "completions/folio.fish",
                         "docs/publishing.md", "docs/format.md", "docs/commands.md", "docs/bundle.md", "docs/machine-output.md",
                         "docs/machine-output.schema.json"):
            self.assertIn(expected, names)
        self.assertIn("complete -o filenames -F _folio folio", (self.top / "completions/folio.bash").read_text())
        self.assertTrue(os.access(self.folio, os.X_OK))

    def test_the_executable_needs_only_the_c_library(self):
        result = subprocess.run(["ldd", str(self.folio)], capture_output=True, text=True, check=True)
        needed = {line.split()[0] for line in result.stdout.splitlines() if line.strip()}
        self.assertTrue(needed, result.stdout)
        self.assertEqual({pathlib.PurePath(name).name for name in needed} - C_LIBRARY, set(), result.stdout)

    def test_version_init_check_and_build_run_with_an_empty_environment(self):
        self.assertEqual(self.run_folio("--version").stdout.strip(), VERSION)
        changelog = (REPOSITORY / "CHANGELOG.md").read_text()
        # Changes not released yet are listed first, under "Unreleased".
        self.assertEqual(re.search(r"^## (?!Unreleased$)(\S+)", changelog, re.M).group(1), VERSION, "CHANGELOG's newest release is this version")
        self.run_folio("init", "Spring", "--title", "Go Grrrls Spring")
        self.assertIn("title: Go Grrrls Spring", (self.work / "Spring/folio.yaml").read_text())
        self.assertIn("no problems", self.run_folio("check", "Spring").stdout + self.run_folio("check", "Spring").stderr)
        self.run_folio("build", "Spring", "--output", "Output")
        manifest = json.loads((self.work / "Output/bundle/manifest.json").read_text())
        self.assertEqual(manifest["generator"], f"folio {VERSION}")
        self.assertEqual(manifest["program"]["title"], "Go Grrrls Spring")
        self.assertIn("<title>Go Grrrls Spring</title>", (self.work / "Output/site/index.html").read_text())
        broken = self.run_folio("check", "Missing", "--format", "json", check=False)
        self.assertEqual(broken.returncode, 2)
        self.assertEqual(json.loads(broken.stdout)["tool"], {"name": "folio", "version": VERSION})

    def test_sync_fetches_a_published_bundle_over_http_with_the_curl_command(self):
        self.run_folio("init", "Spring")
        self.run_folio("build", "Spring", "--output", "Output")
        log = self.folder / "requests.log"
        server = subprocess.Popen([sys.executable, str(REPOSITORY / "Tests/Support/static_server.py"), str(self.work / "Output"), str(log)],
                                  stdout=subprocess.PIPE, text=True)
        try:
            port = server.stdout.readline().strip()
            result = self.run_folio("sync", f"http://127.0.0.1:{port}/bundle", "Installed")
            self.assertTrue((self.work / "Installed" / "current").is_file(), result.stdout + result.stderr)
            requested = log.read_text().split()
            self.assertIn("/bundle/manifest.json", requested)
            # A first sync takes the files from the archive beside the bundle, in one download.
            self.assertIn("/bundle.zip", requested)
            self.assertNotIn("/bundle/welcome.json", requested)
            self.assertIn("from bundle.zip", result.stderr)
            version = (self.work / "Installed" / "current").read_text().strip()
            self.assertTrue((self.work / "Installed" / "versions" / version / "welcome.json").is_file())
            again = self.run_folio("sync", f"http://127.0.0.1:{port}/bundle", "Installed")
            self.assertIn("up to date", again.stdout + again.stderr, result.stdout + result.stderr)
            missing = self.run_folio("sync", f"http://127.0.0.1:{port}/nothing", "Other", check=False)
            self.assertEqual(missing.returncode, 2)
            self.assertIn("no bundle", missing.stderr)
        finally:
            server.kill()
            server.wait()

    def test_every_command_of_the_readme_for_coordinators_runs_as_written(self):
        readme = (REPOSITORY / "README.md").read_text()
        coordinators = readme.split("\n## More\n")[0]
        self.assertLess(len(coordinators.splitlines()), 150, "the coordinators' part stays short")
        self.assertIn(f"`{ARCHIVE.name}`", coordinators, "the README names this version's archive")
        steps = []
        for block in re.findall(r"```console\n(.*?)```", coordinators, re.S):
            for line in block.splitlines():
                if line.startswith("$ "):
                    steps.append((line[2:], []))
                elif steps:
                    steps[-1][1].append(line)
        self.assertGreaterEqual(len(steps), 15)
        shutil.copy(ARCHIVE, self.work / ARCHIVE.name)
        home = self.folder / "home"
        home.mkdir()
        environment = {"HOME": str(home), "PATH": f"{home}/.local/bin:/usr/bin:/bin"}
        here = self.work
        for command, shown in steps:
            words = shlex.split(command)
            with self.subTest(command=command):
                if words[0] == "cd":
                    here = (here / os.path.expanduser(words[1])).resolve()
                    self.assertTrue(here.is_dir(), command)
                elif words[:2] == ["folio", "serve"]:
                    self.check_preview(command, here, environment)
                else:
                    result = subprocess.run(["bash", "-c", command], cwd=here, env=environment, stdin=subprocess.DEVNULL,
                                            capture_output=True, text=True, timeout=120)
                    # Quizzes and decks wait for a learner's answers; with none, they stop
                    # once they have shown the first question (exit 1, as documented).
                    allowed = (0, 1) if words[:2] in (["folio", "quiz"], ["folio", "study"]) else (0,)
                    self.assertIn(result.returncode, allowed, f"{command}:\n{result.stdout}\n{result.stderr}")
                    self.assertNotIn("Fatal error", result.stderr)
                    if shown:
                        self.assertEqual(result.stdout.strip(), "\n".join(shown).strip(), command)
                    if words[:2] == ["folio", "quiz"]:
                        self.assertIn("Test your knowledge", result.stdout)
        self.assertTrue((self.work / "Output/site/index.html").is_file(), "folio build, run inside the program, writes ../Output")
        self.assertTrue((self.work / ".github/workflows/publish-site.yml").is_file())
        self.assertTrue((self.work / "Go Grrrls Spring/chapters/02-making-friends.md").is_file())

    def check_preview(self, command, here, environment):
        """`folio serve`, on a free port rather than 8080: the page answers, then Ctrl-C."""
        server = subprocess.Popen([str(home_folio(environment)), *shlex.split(command)[1:], "--port", "0"],
                                  cwd=here, env=environment, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        try:
            address = None
            for _ in range(200):
                line = server.stdout.readline()
                match = re.search(r"http://127\.0\.0\.1:\d+/", line)
                if match:
                    address = match.group(0)
                    break
            self.assertIsNotNone(address, "the preview prints its address")
            with urllib.request.urlopen(address, timeout=10) as page:
                self.assertIn("Go Grrrls Spring", page.read().decode())
        finally:
            server.send_signal(signal.SIGINT)
            self.assertEqual(server.wait(timeout=20), 0, "Ctrl-C stops the preview with 0")

    def test_the_github_pages_workflow_names_real_actions_and_its_steps_run_here(self):
        # The program in Content/, in a folder whose name YAML and the shell would misread,
        # and the program as the repository itself.
        for folder in ("Content", "Camp #2: Spring", "."):
            with self.subTest(folder=folder):
                repository = self.work / f"repository-{len(folder)}"
                repository.mkdir()
                self.run_workflow(repository, folder)

    def run_workflow(self, repository, folder):
        result = subprocess.run([str(self.folio), "init", folder, "--github-pages"], cwd=repository, env={}, capture_output=True, text=True)
        self.assertEqual(result.returncode, 0, result.stderr)
        workflow = yaml.safe_load((repository / ".github/workflows/publish-site.yml").read_text())
        self.assertEqual(workflow["name"], "Publish the site")
        # YAML 1.1 reads the key `on` as true.
        triggers = workflow.get("on", workflow.get(True))
        self.assertIn("main", triggers["push"]["branches"])
        steps = workflow["jobs"]["build"]["steps"] + workflow["jobs"]["deploy"]["steps"]
        uses = [step["uses"] for step in steps if "uses" in step]
        self.assertEqual(set(uses) - REAL_ACTIONS, set(), uses)
        self.assertEqual(workflow["jobs"]["deploy"]["permissions"], {"pages": "write", "id-token": "write"})
        self.assertNotIn("concurrency", workflow, "a pull request never waits on, or cancels, a publication")
        upload = next(step for step in steps if step.get("uses", "").startswith("actions/upload-pages-artifact"))

        # GitHub's runner keeps its temporary folder outside the repository's.
        runner = self.folder / f"runner-{repository.name}"
        runner.mkdir()
        github_path = runner / "path"
        github_path.touch()

        def run_steps():
            path = "/usr/bin:/bin"
            folio_steps = 0
            for step in workflow["jobs"]["build"]["steps"]:
                if "run" not in step:
                    continue
                environment = {"PATH": path, "RUNNER_TEMP": str(runner), "GITHUB_PATH": str(github_path)}
                result = subprocess.run(["bash", "-e", "-c", step["run"]], cwd=repository, env=environment, capture_output=True, text=True, timeout=120)
                if result.returncode != 0:
                    return step["name"], result
                folio_steps += step["run"].startswith("folio ")
                # Each line a step appends to GITHUB_PATH is on the PATH of the steps after it.
                path = ":".join(reversed(github_path.read_text().split())) + ":/usr/bin:/bin"
            return folio_steps, None

        # Without Folio in tools/, the first step says what to do.
        name, failed = run_steps()
        self.assertIn("put exactly one Folio archive for Linux", failed.stdout, failed.stderr)
        # The coordinator's part: the archive in tools/.
        (repository / "tools").mkdir()
        shutil.copy(ARCHIVE, repository / "tools" / ARCHIVE.name)
        folio_steps, failed = run_steps()
        self.assertIsNone(failed, failed and f"{folio_steps}:\n{failed.stdout}\n{failed.stderr}")
        self.assertEqual(folio_steps, 2)
        self.assertEqual((runner / "folio" / "folio").read_bytes(), self.folio.read_bytes(), "the workflow runs the archive's folio")
        site = pathlib.Path(upload["with"]["path"].replace("${{ runner.temp }}", str(runner)))
        self.assertTrue((site / "index.html").is_file(), "the uploaded folder is the site")

if __name__ == "__main__":
    unittest.main()
