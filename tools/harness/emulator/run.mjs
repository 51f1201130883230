#!/usr/bin/env node
// Boot CircuitPython's PicoSystem firmware on rp2040js and play it by buttons.
//
// Usage:
//   node tools/harness/emulator/run.mjs --firmware build/rp2040/firmware.uf2
//       --bootrom build/rp2040/bootrom.bin --drive DIR_OR_FAT_IMAGE
//       [--keys "RIGHT RIGHT A WAIT:500 HOLD_A ..." | --keys @FILE]
//       [--shot OUT.png] [--frames DIR] [--json] [--until-idle]
//       [--boot-ms N] [--boot-quiet-ms N] [--quiet-ms N] [--settle-ms N]
//       [--ready TEXT]
//       [--flash-in FILE] [--flash-out FILE] [--drive-out IMG] [--nvm-in FILE]
//       [--nvm-out FILE] [--boot-nvm DIR] [--held-at-boot BUTTON]
//       [--cut STEP[,STEP...]] [--cut-part P] [--cut-seed N] [--cut-ends]
//       [--elf ELF] [--profile ELF] [--verbose]
//
//   --firmware   the firmware's UF2 (may be left out with --flash-in)
//   --bootrom    the RP2040 B1 boot ROM (node tools/harness/emulator/bootrom.mjs makes it)
//   --drive      the CIRCUITPY drive: a folder (made into a FAT12 image by
//                mtools, drive.mjs) or a FAT image, put at flash offset 0x100000
//   --keys       the key words (keys.mjs): UP DOWN LEFT RIGHT A B X Y START
//                (=X) SELECT (=Y), HOLD_<button>, WAIT:MS, RESET
//   --shot       the last frame as PNG; --frames DIR: each settled frame
//   --json       one JSON object on stdout: timings, frame count, console
//   --until-idle after the keys, run on until code.py ends or the display
//                has been quiet for 1 s (at most 60 s)
//   --boot-ms    most emulated ms from reset to the first frame (20000)
//   --boot-quiet-ms  display quiet this long after the whole screen is drawn:
//                the first frame is complete (1000)
//   --quiet-ms   display quiet this long: a press's redraw is over (700)
//   --settle-ms  most emulated ms a press waits for its redraw (5000)
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
import { driveImage } from "./drive.mjs";
import { DRIVE_START, NVM_START } from "./flash.mjs";
import { BUTTONS, PINS, readKeys, UsageError } from "./keys.mjs";
import { CLOCK_HZ } from "./machine.mjs";
import { encodePng } from "./png.mjs";
import { busyWaits, Profile, readSymbols } from "./profile.mjs";
import { DEFAULTS, Session } from "./session.mjs";
import { loadUf2 } from "./uf2.mjs";

const FLASH_SIZE = 16 * 1024 * 1024;
const DRIVE_SIZE = FLASH_SIZE - DRIVE_START; // what CircuitPython gives CIRCUITPY on 16 MiB
const VALUED = ["firmware", "bootrom", "drive", "keys", "shot", "frames", "boot-ms", "boot-quiet-ms", "quiet-ms",
  "settle-ms",
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
  for (const key of ["boot-ms", "boot-quiet-ms", "quiet-ms", "settle-ms"]) {
    if (opts[key] === undefined) continue;
    if (!/^[0-9]{1,7}$/.test(opts[key]) || Number(opts[key]) === 0) {
      throw new UsageError(`--${key} wants a whole number of ms, got ${JSON.stringify(opts[key])}`);
    }
    opts[key] = Number(opts[key]);
  }
  opts.actions = readKeys(opts.keys);
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
  if (opts["held-at-boot"] !== undefined) {
    const name = opts["held-at-boot"].toUpperCase();
    if (!Object.hasOwn(BUTTONS, name)) {
      throw new UsageError(`--held-at-boot wants a button (${Object.keys(BUTTONS).join(" ")}), got ${JSON.stringify(opts["held-at-boot"])}`);
    }
    opts.held = PINS[BUTTONS[name]];
  }
  return opts;
}

function readInput(file, what) {
  try {
    return fs.readFileSync(file);
  } catch (error) {
    throw new UsageError(`cannot read ${what} ${JSON.stringify(file)}: ${error.message}`);
  }
}

/** The flash's initial bytes from --flash-in, --firmware and --drive. */
function buildFlash(opts) {
  const flash = new Uint8Array(FLASH_SIZE).fill(0xff);
  if (opts["flash-in"]) {
    const image = readInput(opts["flash-in"], "flash image");
    if (image.length > FLASH_SIZE) throw new UsageError(`--flash-in: ${image.length} bytes, the flash has ${FLASH_SIZE}`);
    flash.set(image);
  }
  if (opts.firmware) {
    try {
      loadUf2(flash, readInput(opts.firmware, "firmware"));
    } catch (error) {
      if (error instanceof UsageError) throw error;
      throw new UsageError(`--firmware ${opts.firmware}: ${error.message}`);
    }
  }
  if (opts.drive) {
    let image;
    let stat;
    try {
      stat = fs.statSync(opts.drive);
    } catch (error) {
      throw new UsageError(`cannot read drive ${JSON.stringify(opts.drive)}: ${error.message}`);
    }
    try {
      image = stat.isDirectory() ? driveImage(opts.drive, { size: DRIVE_SIZE }) : readInput(opts.drive, "drive");
    } catch (error) {
      throw new UsageError(`--drive ${opts.drive}: ${error.message}`);
    }
    if (image.length > DRIVE_SIZE || image.length < 512 || image[510] !== 0x55 || image[511] !== 0xaa) {
      throw new UsageError(`--drive ${opts.drive}: not a FAT image of at most ${DRIVE_SIZE} bytes`);
    }
    flash.set(image, DRIVE_START);
  }
  if (opts["nvm-in"]) {
    const nvm = readInput(opts["nvm-in"], "nvm");
    if (nvm.length > 4096) throw new UsageError(`--nvm-in: ${nvm.length} bytes, the nvm has 4096`);
    flash.fill(0xff, NVM_START, NVM_START + 4096);
    flash.set(nvm, NVM_START);
  }
  return flash;
}

/** The flash, its trailing erased 4 KiB sectors cut off. */
function trimmed(flash) {
  let end = flash.length;
  while (end > 0 && flash.subarray(end - 4096, end).every((b) => b === 0xff)) end -= 4096;
  return flash.subarray(0, end);
}

/** The drive's part of the flash: as long as its boot sector says. */
function driveBytes(flash) {
  const drive = flash.subarray(DRIVE_START);
  const view = new DataView(drive.buffer, drive.byteOffset, 64);
  const sectors = view.getUint16(19, true) || view.getUint32(32, true);
  const size = sectors * (view.getUint16(11, true) || 512);
  return drive[510] === 0x55 && drive[511] === 0xaa && size > 0 && size <= drive.length ? drive.subarray(0, size) : drive;
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
  let flash;
  let bootrom;
  try {
    opts = parseArgs(process.argv.slice(2));
    if (opts.help) {
      const text = fs.readFileSync(new URL(import.meta.url), "utf8").split("\n");
      process.stdout.write(`${text.slice(1, text.findIndex((l) => l === "")).map((l) => l.replace(/^\/\/ ?/, "")).join("\n")}\n`);
      return 0;
    }
    bootrom = readInput(opts.bootrom, "boot ROM");
    flash = buildFlash(opts);
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
    bootrom,
    verbose: !!opts.verbose,
    bootMs: opts["boot-ms"] ?? DEFAULTS.bootMs,
    quietMs: opts["quiet-ms"] ?? DEFAULTS.quietMs,
    bootQuietMs: opts["boot-quiet-ms"] ?? DEFAULTS.bootQuietMs,
    settleMs: opts["settle-ms"] ?? DEFAULTS.settleMs,
    ready: opts.ready ?? DEFAULTS.ready,
    cuts: opts.cuts,
    cutPart: opts["cut-part"] ?? DEFAULTS.cutPart,
    cutSeed: opts["cut-seed"] ?? DEFAULTS.cutSeed,
    cutEnds: !!opts["cut-ends"],
    held: opts.held ?? DEFAULTS.held,
    onBoot: (number, bytes) => {
      if (opts["boot-nvm"]) writeOut(path.join(opts["boot-nvm"], `boot-${number}.bin`), bytes.subarray(NVM_START, NVM_START + 4096));
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
  if (opts["nvm-out"]) writeOut(opts["nvm-out"], m.flash.subarray(NVM_START, NVM_START + 4096));

  const sum = (key) => {
    const out = {};
    for (const machine of machines) for (const [k, v] of Object.entries(machine.chip[key])) out[k] = (out[k] ?? 0) + v;
    return out;
  };
  const emulatedMs = session.nanos / 1e6;
  const report = {
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
