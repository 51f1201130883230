#!/usr/bin/env node
// Boot CircuitPython's firmware for an RP2040 board on rp2040js, wired as that
// board is, and play it by its buttons.
//
// Usage:
//   node tools/harness/emulator/run.mjs [--board NAME | --wiring JSON]
//       --firmware FIRMWARE.uf2 --bootrom build/rp2040/bootrom.bin
//       --drive DIR_OR_FAT_IMAGE
//       [--keys "RIGHT RIGHT A WAIT:500 HOLD_A ..." | --keys @FILE]
//       [--shot OUT.png] [--frames DIR] [--json] [--until-idle]
//       [--boot-ms N] [--boot-quiet-ms N] [--quiet-ms N] [--settle-ms N] [--asleep-ms N]
//       [--ready TEXT]
//       [--flash-in FILE] [--flash-out FILE] [--drive-out IMG] [--nvm-in FILE]
//       [--nvm-out FILE] [--boot-nvm DIR] [--held-at-boot BUTTON]
//       [--cut STEP[,STEP...]] [--cut-part P] [--cut-seed N] [--cut-ends]
//       [--elf ELF] [--profile ELF] [--verbose]
//
//   --board      the board, a profile of sthelena/boards: picosystem (the
//                default), sprig, pico-display-2, pico-display, pico-lcd-1.3;
//                its wiring read from the profile by
//                tools/harness/board_wiring.py (run by $STHELENA_PYTHON, else
//                .venv/bin/python, else python3); spi: a hand-wired screen,
//                with --wiring
//   --wiring     the board's wiring as board_wiring.py prints it: JSON, or
//                @FILE (the display controller, its SPI and CS/DC GPIOs, the
//                screen as the player sees it, each key word's GPIO, the flash)
//   --firmware   the board's firmware, its UF2 (may be left out with
//                --flash-in): CircuitPython's for that board (the Pico's for a
//                Pico add-on)
//   --bootrom    the RP2040 B1 boot ROM (node tools/harness/emulator/bootrom.mjs makes it)
//   --drive      the CIRCUITPY drive: a folder (made into a FAT12 image by
//                mtools, drive.mjs) or a FAT image, put at flash offset
//                0x100000 (15 MiB on the PicoSystem's flash, 1 MiB on a 2 MiB one)
//   --keys       the key words (keys.mjs): the board's own buttons (the
//                PicoSystem's UP DOWN LEFT RIGHT A B X Y, and START (=X) and
//                SELECT (=Y); the Sprig's W A S D I J K L; the Pico Display
//                Packs' A B X Y; the Pico-LCD-1.3's UP DOWN LEFT RIGHT PRESS A
//                B X Y), HOLD_<word> (700 ms), LONG_<word> (1200 ms), WAIT:MS,
//                RESET
//   --shot       the last frame as PNG; --frames DIR: each settled frame; a
//                frame is the screen as the player sees it (its width x
//                height, upright as its maker draws it)
//   --json       one JSON object on stdout: timings, frame count, console
//   --until-idle after the keys, run on until code.py ends or the display
//                has been quiet for 1 s (at most 60 s)
//   --boot-ms    most emulated ms from reset to the first frame (20000)
//   --boot-quiet-ms  display quiet this long after the whole screen is drawn:
//                the first frame is complete (1000)
//   --quiet-ms   display quiet this long: a press's redraw is over (700)
//   --settle-ms  most emulated ms a press waits for its redraw (5000)
//   --asleep-ms  instead of --quiet-ms: a press's redraw is over once, for
//                this long, the display has been quiet and the core asleep
//                more than half the time (the game waits for a key: sooner
//                than a fixed quiet, and it waits out a long search)
//   --ready      the first frame is the display quiet after the console shows
//                this text (without it: the whole screen drawn after code.py
//                started, which is when the USB console connects)
//   --flash-in   start from this flash image (an earlier --flash-out), then
//                apply --firmware and --drive; --flash-out: the flash at the end
//   --drive-out  the drive (the filesystem's part of the flash) at the end
//   --nvm-in     microcontroller.nvm's bytes at the start (at most 4 KiB; the
//                rest erased); --nvm-out: its 4 KiB at the end
//   --boot-nvm   write the nvm's 4 KiB as each boot begins, DIR/boot-N.bin
//   --held-at-boot  hold this button (a key word: SELECT, Y...) at every
//                power-on until the USB console connects (boot.py has run)
//   --cut        cut the power in these flash steps (erases and page
//                programs, numbered from 0 over the run, as the JSON's
//                flash_steps lists them): the step is done only in part, the
//                chip stops, and it boots again on the flash as the cut left it
//   --cut-part   how much of a cut step is done, 0 to 1 (each byte done with
//                this chance, else untouched or in between; default: drawn)
//   --cut-seed   the seed of the cut bytes' generator (1)
//   --cut-ends   after the boot that follows a cut, play nothing more
//   --elf        the firmware's ELF: its busy waits are skipped (the same
//                emulated time in less real time; needs binutils' nm)
//   --profile    the firmware's ELF: each boot's and press's busiest functions
//                up to its last display byte (the PC sampled every 2 us;
//                needs binutils' nm)
//
// Without --json the console is printed as it comes and the figures go to
// stderr. Exit status: 0 ok, 1 no complete frame within --boot-ms, 2 bad
// arguments or unreadable input.

import fs from "node:fs";
import path from "node:path";
import { loadBoard } from "./boards.mjs";
import { buildFlash, driveBytes, nvmBytes, readInput, trimmed } from "./flashimage.mjs";
import { Keyboard, readKeys, UsageError } from "./keys.mjs";
import { CLOCK_HZ } from "./machine.mjs";
import { encodePng } from "./png.mjs";
import { busyWaits, Profile, readSymbols } from "./profile.mjs";
import { DEFAULTS, Session } from "./session.mjs";

const VALUED = ["board", "wiring", "firmware", "bootrom", "drive", "keys", "shot", "frames", "boot-ms", "boot-quiet-ms", "quiet-ms",
  "settle-ms", "asleep-ms",
  "ready", "flash-in", "flash-out", "drive-out", "nvm-in", "nvm-out", "boot-nvm", "held-at-boot", "cut",
  "cut-part", "cut-seed", "profile", "elf"];
const SWITCHES = ["json", "until-idle", "verbose", "help", "cut-ends"];

function parseArgs(argv) {
  const opts = { keys: "" };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const name = arg.startsWith("--") ? arg.slice(2) : null;
    if (name !== null && SWITCHES.includes(name)) {
      opts[name] = true;
    } else if (name !== null && VALUED.includes(name)) {
      if (i + 1 >= argv.length) throw new UsageError(`${arg} needs a value`);
      opts[name] = argv[++i];
    } else {
      throw new UsageError(`unknown argument ${JSON.stringify(arg)} (see the top of tools/harness/emulator/run.mjs)`);
    }
  }
  if (opts.help) return opts;
  if (!opts.bootrom) throw new UsageError("--bootrom is needed (node tools/harness/emulator/bootrom.mjs makes it)");
  if (!opts.firmware && !opts["flash-in"]) throw new UsageError("--firmware (or --flash-in) is needed");
  for (const key of ["boot-ms", "boot-quiet-ms", "quiet-ms", "settle-ms", "asleep-ms"]) {
    if (opts[key] === undefined) continue;
    if (!/^[0-9]{1,7}$/.test(opts[key]) || Number(opts[key]) === 0) {
      throw new UsageError(`--${key} wants a whole number of ms, got ${JSON.stringify(opts[key])}`);
    }
    opts[key] = Number(opts[key]);
  }
  opts.cuts = [];
  if (opts.cut !== undefined) {
    if (!/^[0-9]{1,7}(,[0-9]{1,7})*$/.test(opts.cut)) {
      throw new UsageError(`--cut wants flash step numbers separated by commas, got ${JSON.stringify(opts.cut)}`);
    }
    opts.cuts = opts.cut.split(",").map(Number);
  }
  if (opts["cut-part"] !== undefined) {
    const part = Number(opts["cut-part"]);
    if (!/^[0-9.]+$/.test(opts["cut-part"]) || !(part >= 0 && part <= 1)) {
      throw new UsageError(`--cut-part wants a number from 0 to 1, got ${JSON.stringify(opts["cut-part"])}`);
    }
    opts["cut-part"] = part;
  }
  if (opts["cut-seed"] !== undefined) {
    if (!/^[0-9]{1,9}$/.test(opts["cut-seed"])) throw new UsageError(`--cut-seed wants a whole number, got ${JSON.stringify(opts["cut-seed"])}`);
    opts["cut-seed"] = Number(opts["cut-seed"]);
  }
  return opts;
}

/** The board's keys: the script's actions and the button held at boot. */
function readBoardKeys(opts, board) {
  const keyboard = new Keyboard(board.keys, board.aliases, board.name);
  opts.actions = readKeys(opts.keys, keyboard);
  if (opts["held-at-boot"] !== undefined) {
    const button = keyboard.button(opts["held-at-boot"].toUpperCase());
    if (button === null) {
      throw new UsageError(`--held-at-boot wants a button of the ${board.name} (${[...Object.keys(board.keys), ...Object.keys(board.aliases)].join(" ")}), got ${JSON.stringify(opts["held-at-boot"])}`);
    }
    opts.held = board.keys[button];
  }
}

function writeOut(file, bytes) {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  fs.writeFileSync(file, bytes);
}

function shot(machine) {
  const { display } = machine;
  return encodePng(display.width, display.height, display.rgb());
}

function main() {
  let opts;
  let board;
  let flash;
  let bootrom;
  try {
    opts = parseArgs(process.argv.slice(2));
    if (opts.help) {
      const text = fs.readFileSync(new URL(import.meta.url), "utf8").split("\n");
      process.stdout.write(`${text.slice(1, text.findIndex((l) => l === "")).map((l) => l.replace(/^\/\/ ?/, "")).join("\n")}\n`);
      return 0;
    }
    board = loadBoard(opts.board, opts.wiring);
    readBoardKeys(opts, board);
    bootrom = readInput(opts.bootrom, "boot ROM");
    flash = buildFlash(opts, board);
    for (const key of ["profile", "elf"]) {
      if (!opts[key]) continue;
      try {
        const symbols = readSymbols(opts[key]);
        opts[key] = key === "profile" ? new Profile(symbols) : busyWaits(symbols);
      } catch (error) {
        throw new UsageError(`--${key} ${opts[key]}: ${error.message}`);
      }
    }
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`run.mjs: ${error.message}\n`);
    return 2;
  }
  const json = !!opts.json;
  let frameNo = 0;
  if (opts.frames) fs.mkdirSync(opts.frames, { recursive: true });
  if (opts["boot-nvm"]) fs.mkdirSync(opts["boot-nvm"], { recursive: true });
  const session = new Session({
    board,
    bootrom,
    verbose: !!opts.verbose,
    bootMs: opts["boot-ms"] ?? DEFAULTS.bootMs,
    quietMs: opts["quiet-ms"] ?? DEFAULTS.quietMs,
    bootQuietMs: opts["boot-quiet-ms"] ?? DEFAULTS.bootQuietMs,
    settleMs: opts["settle-ms"] ?? DEFAULTS.settleMs,
    asleepMs: opts["asleep-ms"] ?? DEFAULTS.asleepMs,
    ready: opts.ready ?? DEFAULTS.ready,
    cuts: opts.cuts,
    cutPart: opts["cut-part"] ?? DEFAULTS.cutPart,
    cutSeed: opts["cut-seed"] ?? DEFAULTS.cutSeed,
    cutEnds: !!opts["cut-ends"],
    held: opts.held ?? DEFAULTS.held,
    onBoot: (number, bytes) => {
      if (opts["boot-nvm"]) writeOut(path.join(opts["boot-nvm"], `boot-${number}.bin`), nvmBytes(bytes));
    },
    profile: opts.profile ?? null,
    waits: opts.elf ?? [],
    onConsole: json ? () => {} : (text) => process.stdout.write(text),
    onFrame: (name, machine) => {
      if (!opts.frames) return;
      const file = `${String(frameNo++).padStart(3, "0")}-${name.replace(/[^A-Za-z0-9_+]/g, "-")}.png`;
      writeOut(path.join(opts.frames, file), shot(machine));
    },
  });
  const started = process.hrtime.bigint();
  const machines = [];
  let failed = null;
  for (let i = -1; i < opts.actions.length && !session.ended; i++) {
    const record = i < 0 ? session.boot(flash) : session.act(opts.actions[i]);
    if (session.machine !== machines.at(-1)) machines.push(session.machine);
    if (record && record.first_frame_ms === null && "usb_ms" in record) {
      failed = record;
      break;
    }
  }
  if (!failed && opts["until-idle"] && !session.ended) session.untilIdle();
  const realS = Number(process.hrtime.bigint() - started) / 1e9;
  const m = session.machine;
  if (opts.shot) writeOut(opts.shot, shot(m));
  if (opts["flash-out"]) writeOut(opts["flash-out"], trimmed(m.flash));
  if (opts["drive-out"]) writeOut(opts["drive-out"], driveBytes(m.flash));
  if (opts["nvm-out"]) writeOut(opts["nvm-out"], nvmBytes(m.flash));

  const sum = (key) => {
    const out = {};
    for (const machine of machines) for (const [k, v] of Object.entries(machine.chip[key])) out[k] = (out[k] ?? 0) + v;
    return out;
  };
  const emulatedMs = session.nanos / 1e6;
  const report = {
    board: board.name,
    screen: [m.display.width, m.display.height],
    clock_hz: CLOCK_HZ,
    clk_sys_hz: m.mcu.clkSys,
    boots: session.boots,
    presses: session.presses,
    frames: session.frames,
    display_bytes: machines.reduce((n, x) => n + x.displayBytes, 0),
    emulated_ms: Math.round(emulatedMs),
    real_s: Math.round(realS * 100) / 100,
    real_s_per_emulated_s: Math.round((realS / (emulatedMs / 1000)) * 100) / 100,
    flash_erased_bytes: sum("erased"),
    flash_programmed_bytes: sum("programmed"),
    flash_steps: session.steps.list,
    cuts: session.cuts,
    console: session.console,
  };
  if (opts.verbose) {
    for (const machine of machines) {
      for (const [message, count] of machine.log.counts) process.stderr.write(`emulator: ${count}x ${message}\n`);
    }
  }
  if (json) {
    process.stdout.write(`${JSON.stringify(report, null, 1)}\n`);
  } else {
    const say = (line) => process.stderr.write(`emulator: ${line}\n`);
    for (const boot of session.boots) {
      say(`boot at ${boot.at_ms} ms: USB ${boot.usb_ms} ms, code.py ${boot.code_start_ms} ms, first frame ${boot.first_frame_ms} ms`);
    }
    const busiest = (record) => {
      for (const f of record.profile ?? []) say(`    ${String(f.ms).padStart(7)} ms ${(f.share * 100).toFixed(1).padStart(5)}%  ${f.name}`);
    };
    for (const boot of session.boots) busiest(boot);
    for (const p of session.presses) {
      say(`${p.word} at ${p.at_ms} ms: ${p.frame_ms === null ? "no redraw" : `redrawn by ${p.frame_ms} ms (${p.bytes} bytes, from ${p.first_byte_ms} ms; ${p.bursts.map(([a, b, n, ...box]) => `${a}-${b}: ${n} [${box.join(" ")}]`).join(", ")})`}${p.settled ? "" : ", not settled"}`);
      busiest(p);
    }
    say(`${report.frames} frames, ${report.emulated_ms} emulated ms in ${report.real_s} s (${report.real_s_per_emulated_s} s a second)`);
  }
  if (failed) {
    const ready = session.options.ready;
    const why = failed.code_start_ms !== null ? `code.py started at ${failed.code_start_ms} ms but only ${failed.covered} of the screen's pixels were drawn after` :
      ready ? `the console never said ${JSON.stringify(ready)}` : "the USB console never connected (code.py did not start)";
    process.stderr.write(`run.mjs: no complete frame within ${session.options.bootMs} emulated ms of reset: ${why}${failed.safe_mode ? " (the console says safe mode)" : ""}\n`);
    return 1;
  }
  return 0;
}

process.exitCode = main();
