/// The files `folio serve` adds to the site it previews: a script that reloads the
/// page when the content is rebuilt, a stylesheet for the problems page, and a service
/// worker that removes any other (a preview must never show a cached page).
enum PreviewAssets {
    /// Waits for a rebuild with a long-running request, then reloads the page; retries
    /// calmly while the server is away.
    static let liveReload = """
        (function () {
          'use strict';
          var script = document.currentScript;
          var since = Number((/[?&]v=(\\d+)/.exec(script ? script.src : '') || [])[1] || 0);
          function wait() {
            fetch('/__folio/wait?since=' + since, { cache: 'no-store' })
              .then(function (response) { return response.json(); })
              .then(function (state) { if (state.version > since) location.reload(); else wait(); })
              .catch(function () { setTimeout(wait, 1000); });
          }
          wait();
        })();

        """

    static let stylesheet = """
        .folio-preview { max-width: 46rem; margin: 0 auto; padding: 1.25rem 1rem 3rem; }
        .problems { list-style: none; padding: 0; }
        .problem { border: 1px solid var(--border); border-left: 6px solid var(--wrong); border-radius: 0.5rem;
          padding: 0.75rem 1rem; margin: 1rem 0; background: var(--card); }
        .problem.warning { border-left-color: var(--hint); }
        .problem .where { margin: 0; font-size: 0.95rem; color: var(--muted); }
        .problem .severity { font-weight: 800; color: var(--wrong); }
        .problem.warning .severity { color: var(--hint); }
        .problem .message { font-weight: 700; margin: 0.35rem 0; }
        .problem .code { font-weight: 400; color: var(--muted); font-size: 0.9rem; }
        .problem .help { margin: 0.35rem 0 0; }
        .problem pre { margin: 0.5rem 0; }
        .folio-preview-notice { position: fixed; right: 1rem; bottom: 1rem; max-width: 20rem; padding: 0.6rem 0.9rem;
          border-radius: 0.5rem; background: var(--hint-bg); color: var(--text); border: 1px solid var(--border); font-size: 0.95rem; }

        """

    static let serviceWorker = """
        self.addEventListener('install', function () { self.skipWaiting(); });
        self.addEventListener('activate', function (event) {
          event.waitUntil(caches.keys().then(function (names) {
            return Promise.all(names.map(function (name) { return caches.delete(name); }));
          }).then(function () { return self.registration.unregister(); }));
        });

        """
}
