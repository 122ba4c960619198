#!/usr/bin/env python3
"""An update server that misbehaves on purpose, for the sync tests: serves FOLDER on
127.0.0.1 as a static server does, except for the paths RULES names.

Usage: python3 Tests/Support/hostile_server.py FOLDER RULES LOG

Prints the port it listens on (one line), then serves until killed. RULES is a JSON file,
read again at every request, mapping a request's path (with its query, if any) to what
to answer instead of the file:

  {"stream": N}                 N bytes of filler, with no Content-Length (the end of the
                                reply is the end of the connection)
  {"stream": N, "declare": M}   N bytes of filler, declaring Content-Length: M
  {"drip": SECONDS}             the file, with its Content-Length, one byte every SECONDS
  {"redirect": LOCATION}        302 to LOCATION

LOG gets one line per request once it ends: its path and the bytes of body sent before
the answer ended or the client hung up ("/bundle/manifest.json 65536").
"""
import functools
import http.server
import json
import os
import sys
import threading
import time

CHUNK = b"\x20" * (1 << 20)


class Handler(http.server.SimpleHTTPRequestHandler):
    rules_path = ""
    log_path = ""
    lock = threading.Lock()

    def note(self, sent):
        with self.lock, open(self.log_path, "a") as log:
            log.write(f"{self.path} {sent}\n")

    def do_GET(self):
        try:
            with open(self.rules_path) as handle:
                rules = json.load(handle)
        except (OSError, ValueError):
            rules = {}
        rule = rules.get(self.path)
        if rule is None:
            self.path = self.path.split("?", 1)[0]
            super().do_GET()
            self.note(-1)
            return
        sent = 0
        try:
            if "redirect" in rule:
                self.send_response(302)
                self.send_header("Location", rule["redirect"])
                self.send_header("Content-Length", "0")
                self.end_headers()
            elif "stream" in rule:
                self.send_response(200)
                self.send_header("Content-Type", "application/octet-stream")
                if "declare" in rule:
                    self.send_header("Content-Length", str(rule["declare"]))
                else:
                    self.send_header("Connection", "close")
                    self.close_connection = True
                self.end_headers()
                left = rule["stream"]
                while left > 0:
                    piece = CHUNK[: min(left, len(CHUNK))]
                    self.wfile.write(piece)
                    sent += len(piece)
                    left -= len(piece)
            elif "drip" in rule:
                local = os.path.join(self.directory, self.path.split("?", 1)[0].lstrip("/"))
                with open(local, "rb") as handle:
                    data = handle.read()
                self.send_response(200)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                for byte in data:
                    self.wfile.write(bytes([byte]))
                    self.wfile.flush()
                    sent += 1
                    time.sleep(rule["drip"])
        except (BrokenPipeError, ConnectionResetError):
            pass
        self.note(sent)

    def log_message(self, *args):
        pass


def main():
    folder, rules, log = sys.argv[1], sys.argv[2], sys.argv[3]
    Handler.rules_path = os.path.abspath(rules)
    Handler.log_path = os.path.abspath(log)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=folder))
    server.daemon_threads = True
    print(server.server_address[1], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
