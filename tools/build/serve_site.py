"""Serve the built page (``make serve-web``): Python's http.server on
127.0.0.1, over ``build/web/``, with the types a browser insists on for a
module script and WebAssembly whatever the machine's mime.types says.

``python -m tools.build.serve_site [--port N] [--directory DIR]``; the tests and
the benchmark start ``server(directory)`` in a thread of their own. What stops
it serving (a port in use, a bad one, no page built) is one line on stderr and
exit status 2, never a traceback.
"""

import argparse
import errno
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


class Refused(Exception):
    """Why the page cannot be served: one line on stderr, exit status 2."""


class Parser(argparse.ArgumentParser):
    """Usage errors as one line on stderr (see Refused), not the usage and a line."""

    def error(self, message):
        raise Refused("%s (try: --help)" % message)


def port_number(text):
    """The port ``text`` names, 0 (any free one) to 65535; Refused otherwise."""
    digits = text.strip()
    if not digits.isdigit() or not digits.isascii() or int(digits) > 65535:
        raise Refused("bad port %r: want a whole number 1..65535 (or 0: any free port), "
                      "e.g. PORT=8001 make serve-web" % text[:40])
    return int(digits)


def listening(directory, port):
    """The server bound to 127.0.0.1:``port``; Refused, saying what to do, if
    the port cannot be had (in use, or below 1024 and not root)."""
    handler = functools.partial(Handler, directory=directory)
    try:
        return http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    except OSError as error:
        other = port + 1 if 1024 <= port < 65535 else 8001
        if error.errno == errno.EADDRINUSE:
            raise Refused("port %d is in use (another server, or make serve-web running "
                          "already): PORT=%d make serve-web" % (port, other))
        raise Refused("cannot serve on port %d: %s: PORT=%d make serve-web"
                      % (port, error.strerror or error, other))


def main(argv=None):
    """Serve until Ctrl+C; 2, with one line on stderr, if it cannot."""
    try:
        return serve(argv)
    except Refused as why:
        print("serve_site: %s" % why, file=sys.stderr)
        return 2


def serve(argv):
    parser = Parser(description="Serve build/web/ on 127.0.0.1.")
    parser.add_argument("--port", default="8000", help="0..65535 (default 8000; 0: any free one)")
    parser.add_argument("--directory", default=SITE)
    args = parser.parse_args(argv)
    port = port_number(args.port)
    if not os.path.isfile(os.path.join(args.directory, "index.html")):
        raise Refused("no %s/index.html: run `make web` first" % args.directory)
    httpd = listening(args.directory, port)
    httpd.verbose = True
    try:  # (a Ctrl+C as soon as the address is shown stops it quietly too)
        print("St. Helena: http://127.0.0.1:%d/ (Ctrl+C stops)" % httpd.server_address[1])
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        httpd.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
