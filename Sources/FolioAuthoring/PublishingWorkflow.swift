import FolioCore
import Foundation

/// The GitHub Actions workflow `folio init --github-pages` writes: on every push to
/// `main` it checks the program (problems marked on the lines of a pull request), builds
/// it, and publishes the site to GitHub Pages; on a pull request it checks and builds
/// only. It builds with the Folio archive kept in the repository's `tools/` folder, so
/// the site is published by the same version the coordinator previews with, and nothing
/// is downloaded from anywhere but GitHub itself. docs/publishing.md explains each step.
public enum PublishingWorkflow {
    /// Where the workflow goes, relative to the repository's top folder.
    public static let path = ".github/workflows/publish-site.yml"

    /// The actions the workflow uses, each GitHub's own, at the major version it names.
    public static let actions = ["actions/checkout@v4", "actions/upload-pages-artifact@v3", "actions/deploy-pages@v4"]

    /// `.gitignore`, written beside the workflow when the repository has none: the build
    /// output is made again by every build, and never committed.
    public static let gitignore =
        "# Made again by every `folio build` (with its spare and its record); the workflow builds its own.\n" + ".Output.folio-*\nOutput/\n"

    /// The workflow for the program in `content` (relative to the repository's top
    /// folder, `/`-separated).
    public static func text(content: String) -> String {
        let folder = ContentFolder(content).argument
        return """
            # Publishes this program's site to GitHub Pages. Written by `folio init --github-pages`;
            # docs/publishing.md (in Folio's download) explains each step.
            #
            # Before the first run:
            #   1. Put the Folio archive for Linux (folio-<version>-linux-x86_64.tar.gz, the file
            #      you downloaded to install Folio) in this repository's tools/ folder, and
            #      commit it. The site is built with that version; to upgrade, replace the file.
            #   2. On GitHub, in the repository's Settings > Pages, set Source to "GitHub Actions".
            #
            # Then every push to the main branch checks the program, builds it and publishes the
            # site. A pull request is checked and built but not published, and its problems are
            # marked on the lines of the files they are in. Any problem, a warning too, stops
            # the run, so learners never see a page with a mistake in it.
            name: Publish the site

            on:
              push:
                branches: [main, master]
              pull_request:
              workflow_dispatch:

            permissions:
              contents: read

            jobs:
              build:
                runs-on: ubuntu-24.04
                steps:
                  - uses: \(actions[0])
                  - name: Unpack Folio from tools/
                    run: |
                      set -- tools/folio-*-linux-x86_64.tar.gz
                      if [ ! -f "$1" ] || [ "$#" -ne 1 ]; then
                        echo "::error::put exactly one Folio archive for Linux (folio-<version>-linux-x86_64.tar.gz) in the tools/ folder"
                        exit 1
                      fi
                      mkdir -p "$RUNNER_TEMP/folio"
                      tar -xzf "$1" -C "$RUNNER_TEMP/folio" --strip-components=1
                      echo "$RUNNER_TEMP/folio" >> "$GITHUB_PATH"
                  - name: Check the program
                    run: |
                      folio check \(folder) --strict --format github
                  # Built outside the repository's folder, which may be the program's own.
                  - name: Build the site
                    run: |
                      folio build \(folder) --output "$RUNNER_TEMP/Output" --strict --quiet
                  - uses: \(actions[1])
                    with:
                      path: ${{ runner.temp }}/Output/site

              deploy:
                if: github.event_name != 'pull_request'
                needs: build
                runs-on: ubuntu-24.04
                # One publication at a time; a newer push waits for the one before it.
                concurrency:
                  group: pages
                  cancel-in-progress: false
                permissions:
                  pages: write
                  id-token: write
                environment:
                  name: github-pages
                  url: ${{ steps.deployment.outputs.page_url }}
                steps:
                  - id: deployment
                    uses: \(actions[2])

            """
    }
}
