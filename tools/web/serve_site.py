"""Serve the built page (``make serve-web``): Python's http.server on
127.0.0.1, over ``build/web/``, with the types a browser insists on for a
module script and WebAssembly whatever the machine's mime.types says.

``python tools/web/serve_site.py [--port N] [--directory DIR]``; the tests and
the benchmark start ``server(directory)`` in a thread of their own.
"""

import argparse
import functools
import http.server
import os
import sys
import threading

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SITE = os.path.join(ROOT, "build", "web")
TYPES = {".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
         ".json": "application/json", ".html": "text/html", ".css": "text/css"}


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = dict(http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES)

    def log_message(self, format, *args):  # noqa: A002 (the base class's name)
        if self.server.verbose:
            super().log_message(format, *args)


def server(directory=SITE, port=0, verbose=False):
    """A ThreadingHTTPServer on 127.0.0.1:``port`` (0: any free one) over
    ``directory``, serving from a daemon thread; ``server.url`` is its address."""
    handler = functools.partial(Handler, directory=directory)
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    httpd.verbose = verbose
    httpd.url = "http://127.0.0.1:%d/" % httpd.server_address[1]
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd


def main(argv=None):
    parser = argparse.ArgumentParser(description="Serve build/web/ on 127.0.0.1.")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--directory", default=SITE)
    args = parser.parse_args(argv)
    if not os.path.isfile(os.path.join(args.directory, "index.html")):
        print("tools/web/serve_site.py: no %s/index.html: run `make web` first" % args.directory,
              file=sys.stderr)
        return 2
    handler = functools.partial(Handler, directory=args.directory)
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", args.port), handler)
    httpd.verbose = True
    print("St. Helena: http://127.0.0.1:%d/ (Ctrl+C stops)" % httpd.server_address[1])
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
