#!/usr/bin/env python3
"""Run a MicroPython script on qemu's emulated Cortex-M4 (mps2-an386) with
instruction counting, so the guest's clock counts executed instructions.

    python3 tools/bench/qemu_m4.py --firmware build/qemu/firmware.elf SCRIPT.py [--timeout S]

The firmware comes from tools/bench/qemu_build.sh.  qemu runs with
``-icount shift=0``: every guest instruction advances virtual time by 1 ns,
and the port's SysTick-based time.ticks_us()/ticks_ms() run on that virtual
time, so ``time.ticks_diff(t1, t0)`` in microseconds == instructions / 1000.

The script is sent over the emulated UART (qemu ``-serial stdio`` on pipes)
through MicroPython's raw REPL, using raw-paste mode (flow controlled) when the
firmware offers it.  Its stdout is printed to stdout; a traceback goes to
stderr and the exit status is 1; a timeout or protocol failure exits 3.

Library use::

    from qemu_m4 import run_on_qemu
    out = run_on_qemu("build/qemu/firmware.elf", "print(1+1)", timeout=60)

run_on_qemu returns the script's stdout (with "\\n" line ends) and raises
GuestError (script raised; .output, .error) or QemuError (timeout, qemu died,
protocol trouble; .output holds what came so far).
"""

import argparse
import os
import select
import subprocess
import sys
import tempfile
import time

__all__ = ["run_on_qemu", "run_script", "QemuError", "GuestError", "qemu_command"]

DEFAULT_FIRMWARE = os.path.join(
    os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
    "build", "qemu", "firmware.elf")
CTRL_A, CTRL_B, CTRL_C, CTRL_D, CTRL_E = b"\x01", b"\x02", b"\x03", b"\x04", b"\x05"
RAW_PROMPT = b"raw REPL; CTRL-B to exit\r\n>"


class QemuError(Exception):
    """qemu or the REPL protocol failed (timeout, early exit, bad reply)."""

    def __init__(self, message, output=""):
        super().__init__(message)
        self.output = output


class GuestError(Exception):
    """The script raised an exception inside MicroPython."""

    def __init__(self, error, output=""):
        super().__init__(error.strip().splitlines()[-1] if error.strip() else "guest error")
        self.error = error
        self.output = output


def qemu_command(firmware, qemu="qemu-system-arm", machine="mps2-an386", icount="shift=0", extra=()):
    """The qemu command line (same flags as ports/qemu's `make run`, serial on stdio)."""
    cmd = [qemu, "-machine", machine, "-nographic", "-monitor", "null", "-semihosting"]
    if icount:
        cmd += ["-icount", icount]
    # Plain "stdio", not "mon:stdio": the mux would eat Ctrl-A.
    cmd += ["-serial", "stdio"]
    cmd += list(extra)
    cmd += ["-kernel", str(firmware)]
    return cmd


class _Link:
    """Byte pipe to qemu's UART with a deadline on every read."""

    def __init__(self, proc, deadline):
        self.proc = proc
        self.fd = proc.stdout.fileno()
        self.deadline = deadline
        self.buf = b""
        self.seen = b""  # everything received, for error messages

    def _fill(self, what):
        left = self.deadline - time.monotonic()
        if left <= 0:
            raise QemuError("timeout waiting for " + what)
        ready, _, _ = select.select([self.fd], [], [], min(left, 0.5))
        if not ready:
            if self.proc.poll() is not None:
                raise QemuError("qemu exited (status %s) waiting for %s" % (self.proc.returncode, what))
            return
        chunk = os.read(self.fd, 65536)
        if not chunk:
            raise QemuError("qemu closed its output waiting for " + what)
        self.buf += chunk
        self.seen = (self.seen + chunk)[-4096:]

    def read_until(self, marker, what, on_data=None):
        """Return bytes up to (not including) marker; on_data sees them as they come."""
        passed = 0
        while True:
            i = self.buf.find(marker)
            if i >= 0:
                data, self.buf = self.buf[:i], self.buf[i + len(marker):]
                if on_data and i > passed:
                    on_data(data[passed:])
                return data
            # Hand on all but a possible partial marker at the end.
            safe = max(passed, len(self.buf) - len(marker) + 1)
            if on_data and safe > passed:
                on_data(self.buf[passed:safe])
                passed = safe
            self._fill(what)

    def read_exact(self, n, what):
        while len(self.buf) < n:
            self._fill(what)
        data, self.buf = self.buf[:n], self.buf[n:]
        return data

    def poll_byte(self):
        """A byte if one is already waiting (no blocking), else None."""
        if not self.buf:
            ready, _, _ = select.select([self.fd], [], [], 0)
            if ready:
                self._fill("data")
        if self.buf:
            b, self.buf = self.buf[:1], self.buf[1:]
            return b
        return None

    def write(self, data):
        self.proc.stdin.write(data)
        self.proc.stdin.flush()


def _enter_raw_repl(link):
    # Wait for the banner's prompt so the first keys are not lost in boot.
    link.read_until(b">>> ", "the REPL prompt after boot")
    link.write(CTRL_C + CTRL_C)  # stop anything running
    link.write(CTRL_A)
    link.read_until(RAW_PROMPT, "the raw REPL prompt")


def _send_raw_paste(link, code):
    """Send code in raw-paste mode; return False if the firmware lacks it."""
    link.write(CTRL_E + b"A" + CTRL_A)
    reply = link.read_exact(2, "the raw-paste reply")
    if reply == b"R\x00":
        return False  # plain raw REPL still waiting for the command
    if reply != b"R\x01":
        raise QemuError("unexpected raw-paste reply %r" % reply)
    window = int.from_bytes(link.read_exact(2, "the raw-paste window size"), "little")
    credit = window
    pos = 0
    while pos < len(code):
        # Take flow-control bytes: 0x01 = one more window, 0x04 = device stopped reading.
        while True:
            b = link.poll_byte() if credit else link.read_exact(1, "raw-paste flow control")
            if b is None:
                break
            if b == CTRL_A:
                credit += window
            elif b == CTRL_D:
                # Device ended early (e.g. a syntax error); finish the exchange.
                link.write(CTRL_D)
                return True
            else:
                raise QemuError("unexpected byte %r during raw paste" % b)
        n = min(credit, len(code) - pos)
        link.write(code[pos:pos + n])
        pos += n
        credit -= n
    link.write(CTRL_D)
    # Device acknowledges the end of data with 0x04 (skip any late 0x01s).
    rest = link.read_until(CTRL_D, "the raw-paste end acknowledgement")
    if rest.strip(CTRL_A):
        raise QemuError("unexpected bytes %r after raw paste" % rest)
    return True


def _send_raw(link, code):
    """Plain raw REPL: the whole program, then Ctrl-D; device answers OK."""
    for i in range(0, len(code), 256):
        link.write(code[i:i + 256])
    link.write(CTRL_D)
    reply = link.read_exact(2, "the raw REPL OK")
    if reply != b"OK":
        raise QemuError("unexpected raw REPL reply %r" % reply)


def _text(data):
    return data.replace(b"\r\n", b"\n").decode("utf-8", "replace")


def run_script(firmware, source_text, timeout=600.0, on_output=None, qemu="qemu-system-arm",
               machine="mps2-an386", icount="shift=0", extra_qemu_args=()):
    """Run source_text on qemu; return (stdout_text, error_text).

    error_text is "" unless the script raised.  on_output(text) is called with
    stdout pieces as they arrive.  Raises QemuError on timeout/protocol trouble.
    """
    code = source_text.encode("utf-8") if isinstance(source_text, str) else bytes(source_text)
    if not os.path.isfile(firmware):
        raise QemuError("firmware not found: %s" % firmware)
    deadline = time.monotonic() + timeout
    out_parts = []

    def sink(data):
        out_parts.append(data)
        if on_output:
            on_output(_text(data))

    with tempfile.TemporaryFile() as qerr:
        proc = subprocess.Popen(
            qemu_command(firmware, qemu, machine, icount, extra_qemu_args),
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=qerr, bufsize=0)
        link = _Link(proc, deadline)
        try:
            _enter_raw_repl(link)
            if not _send_raw_paste(link, code):
                _send_raw(link, code)
            link.read_until(CTRL_D, "the script's output", on_data=sink)
            err = link.read_until(CTRL_D, "the script's error output")
            link.read_until(b">", "the raw REPL prompt after the run")
        except (QemuError, OSError) as e:
            qerr.seek(0)
            qmsg = qerr.read().decode("utf-8", "replace").strip()
            msg = str(e)
            if qmsg:
                msg += "\nqemu stderr: " + qmsg
            if not isinstance(e, QemuError) or not out_parts:
                msg += "\nlast bytes from guest: %r" % link.seen[-300:]
            raise QemuError(msg, _text(b"".join(out_parts))) from None
        finally:
            if proc.poll() is None:
                proc.kill()
            proc.wait()
            for f in (proc.stdin, proc.stdout):
                try:
                    f.close()
                except OSError:
                    pass
    return _text(b"".join(out_parts)), _text(err)


def run_on_qemu(firmware, source_text, timeout=600.0):
    """Run source_text on the emulated M4 and return its stdout.

    Raises GuestError if the script raised, QemuError on timeout or failure.
    """
    out, err = run_script(firmware, source_text, timeout)
    if err:
        raise GuestError(err, out)
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("script", help="MicroPython script to run ('-' for stdin)")
    ap.add_argument("--firmware", default=DEFAULT_FIRMWARE,
                    help="firmware .elf from qemu_build.sh (default: %(default)s)")
    ap.add_argument("--timeout", type=float, default=600.0,
                    help="wall-clock seconds for boot + run (default: %(default)s)")
    ap.add_argument("--qemu", default="qemu-system-arm", help="qemu binary")
    ap.add_argument("--icount", default="shift=0",
                    help="qemu -icount value; '' to run without instruction counting")
    ap.add_argument("--wall", action="store_true", help="report wall-clock time on stderr")
    args = ap.parse_args(argv)

    if args.script == "-":
        source = sys.stdin.read()
    else:
        with open(args.script, encoding="utf-8") as f:
            source = f.read()

    def show(text):
        sys.stdout.write(text)
        sys.stdout.flush()

    t0 = time.monotonic()
    try:
        _, err = run_script(args.firmware, source, args.timeout, on_output=show,
                            qemu=args.qemu, icount=args.icount)
    except QemuError as e:
        sys.stdout.flush()
        print("qemu_m4: " + str(e), file=sys.stderr)
        return 3
    finally:
        if args.wall:
            print("qemu_m4: wall %.2f s" % (time.monotonic() - t0), file=sys.stderr)
    if err:
        sys.stderr.write(err)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
