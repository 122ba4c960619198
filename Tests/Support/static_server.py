#!/usr/bin/env python3
"""A plain static HTTP server for the sync tests: serves FOLDER on 127.0.0.1.

Usage: python3 Tests/Support/static_server.py FOLDER LOG [DELAY_SECONDS]

Prints the port it listens on (one line), then serves until killed. Each GET that was
answered is appended to LOG as its path, one per line, once the answer is sent, so a
test can count the requests a client made. DELAY_SECONDS (default 0) is slept before
each answer, so a test can stop a client midway.
"""
import functools
import http.server
import os
import sys
import threading
import time


class Handler(http.server.SimpleHTTPRequestHandler):
    delay = 0.0
    log_path = ""
    lock = threading.Lock()

    def do_GET(self):
        time.sleep(self.delay)
        super().do_GET()
        with self.lock, open(self.log_path, "a") as log:
            log.write(self.path + "\n")

    def log_message(self, *args):
        pass


def main():
    folder, log = sys.argv[1], sys.argv[2]
    Handler.delay = float(sys.argv[3]) if len(sys.argv) > 3 else 0.0
    Handler.log_path = os.path.abspath(log)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=folder))
    print(server.server_address[1], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
