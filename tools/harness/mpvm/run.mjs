#!/usr/bin/env node
// Run a Python script under the MicroPython WebAssembly VM.
//
// Usage:
//   node tools/harness/mpvm/run.mjs [--pkg DIR ...] [--exclude REGEX ...]
//                           [--file NAME=PATH ...] [--heapsize BYTES] SCRIPT.py|-
//
//   --pkg DIR        copy the *.py files of package DIR (recursively) to
//                    /lib/<basename of DIR>/ in the VM file system.
//   --exclude REGEX  skip package files whose path relative to DIR matches
//                    REGEX (JavaScript syntax, "/" separators); repeatable.
//   --file NAME=PATH copy host file PATH to NAME in the VM file system
//                    (a relative NAME is placed under /).
//   --heapsize BYTES MicroPython heap size (default: the package default).
//   SCRIPT           Python file to run, or "-" to read it from stdin.
//
// A line "# --- top level ---" in SCRIPT splits it into separate runPython
// calls with a garbage collection between them: this port collects only at
// top level, so heap figures (gc.mem_alloc) are read in the part after it.
//
// Exit status: 0 on success, 1 if the Python code raised (the traceback is
// printed to stderr), the code given to sys.exit(), 2 on usage errors.

import fs from "node:fs";
import path from "node:path";
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";

function usage(message) {
  process.stderr.write(`run.mjs: ${message}\n`);
  process.stderr.write(
    "usage: node run.mjs [--pkg DIR ...] [--exclude REGEX ...] " +
      "[--file NAME=PATH ...] [--heapsize BYTES] SCRIPT.py|-\n",
  );
  process.exit(2);
}

/** Parse the command line into an options object. */
function parseArgs(argv) {
  const opts = { pkgs: [], excludes: [], files: [], heapsize: undefined, script: undefined };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) usage(`${arg} needs a value`);
      return argv[++i];
    };
    if (arg === "--pkg") opts.pkgs.push(value());
    else if (arg === "--exclude") {
      const src = value();
      try {
        opts.excludes.push(new RegExp(src));
      } catch (e) {
        usage(`bad --exclude regex ${JSON.stringify(src)}: ${e.message}`);
      }
    } else if (arg === "--file") {
      const spec = value();
      const eq = spec.indexOf("=");
      if (eq <= 0) usage(`--file expects NAME=PATH, got ${JSON.stringify(spec)}`);
      opts.files.push([spec.slice(0, eq), spec.slice(eq + 1)]);
    } else if (arg === "--heapsize") {
      const n = Number(value());
      if (!Number.isInteger(n) || n <= 0) usage("--heapsize expects a positive integer");
      opts.heapsize = n;
    } else if (arg.startsWith("--")) usage(`unknown option ${arg}`);
    else if (opts.script === undefined) opts.script = arg;
    else usage(`unexpected argument ${JSON.stringify(arg)}`);
  }
  if (opts.script === undefined) usage("missing SCRIPT (use - for stdin)");
  return opts;
}

/** List the *.py files under dir as "/"-separated relative paths, recursively. */
function listPyFiles(dir, rel = "") {
  const out = [];
  for (const entry of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
    const name = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (entry.name === "__pycache__" || entry.name.startsWith(".")) continue;
      out.push(...listPyFiles(dir, name));
    } else if (entry.isFile() && entry.name.endsWith(".py")) {
      out.push(name);
    }
  }
  return out.sort();
}

/** Copy package directory dir into /lib/<basename>/ of the VM file system. */
function installPackage(FS, dir, excludes) {
  if (!fs.statSync(dir, { throwIfNoEntry: false })?.isDirectory()) {
    usage(`--pkg ${dir}: not a directory`);
  }
  const root = `/lib/${path.basename(path.resolve(dir))}`;
  FS.mkdirTree(root);
  for (const rel of listPyFiles(dir)) {
    if (excludes.some((re) => re.test(rel))) continue;
    const target = `${root}/${rel}`;
    FS.mkdirTree(path.posix.dirname(target));
    FS.writeFile(target, fs.readFileSync(path.join(dir, rel)));
  }
}

/**
 * A byte sink for one output stream. MicroPython hands over one byte at a
 * time; bytes are gathered and written at each newline, and the other
 * stream is flushed first so stdout and stderr interleave in order.
 */
function makeSink(stream) {
  let bytes = [];
  const sink = {
    other: null,
    flush() {
      if (bytes.length) {
        stream.write(Buffer.from(bytes));
        bytes = [];
      }
    },
    put(chunk) {
      if (!bytes.length) sink.other?.flush();
      for (const b of chunk) bytes.push(b);
      if (bytes.length >= 8192 || chunk[chunk.length - 1] === 10) sink.flush();
    },
  };
  return sink;
}

/** Exit status for a SystemExit traceback: its argument, else 0 or 1. */
function systemExitStatus(message) {
  const m = /SystemExit:? ?(.*)\s*$/.exec(message);
  const arg = m ? m[1].trim() : "";
  if (arg === "" || arg === "None") return 0;
  if (/^-?\d+$/.test(arg)) return Number(arg) & 0xff;
  process.stderr.write(`${arg}\n`);
  return 1;
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const script = fs.readFileSync(opts.script === "-" ? 0 : opts.script, "utf8");

  const out = makeSink(process.stdout);
  const err = makeSink(process.stderr);
  out.other = err;
  err.other = out;
  const mp = await loadMicroPython({
    linebuffer: false,
    stdout: (chunk) => out.put(chunk),
    stderr: (chunk) => err.put(chunk),
    ...(opts.heapsize ? { heapsize: opts.heapsize } : {}),
  });

  for (const dir of opts.pkgs) installPackage(mp.FS, dir, opts.excludes);
  for (const [name, hostPath] of opts.files) {
    const target = path.posix.resolve("/", name);
    mp.FS.mkdirTree(path.posix.dirname(target));
    mp.FS.writeFile(target, fs.readFileSync(hostPath));
  }

  // This port collects garbage only between top-level calls (it cannot scan
  // the C stack during one), so a line "# --- top level ---" ends a call and
  // a gc.collect() runs at top level before the next part starts.
  const parts = script.split(/^# --- top level ---[ \t]*$/m);
  let status = 0;
  try {
    parts.forEach((part, index) => {
      if (index) mp.runPython("import gc\ngc.collect()");
      mp.runPython(part);
    });
  } catch (e) {
    out.flush();
    err.flush();
    if (e?.name === "PythonError" && e.type === "SystemExit") {
      status = systemExitStatus(e.message);
    } else {
      process.stderr.write(e?.name === "PythonError" ? e.message : `${e?.stack ?? e}\n`);
      status = 1;
    }
  }
  out.flush();
  err.flush();
  // Let Node drain the streams instead of calling process.exit().
  process.exitCode = status;
}

await main();
