// The board the emulated RP2040 is wired as: read from the game's profile by
// tools/harness/board_wiring.py (its JSON: which firmware, the flash, the
// display controller on its SPI and CS/DC GPIOs, the screen as the player
// sees it, each key word's GPIO), or given whole with --wiring (a hand-wired
// screen: the `spi` board). This module checks that JSON and turns it into
// what machine.mjs wires; board_wiring.py says the JSON's shape.
//
// The flash: CircuitPython's RP2040 port keeps 1020 KiB of firmware, then the
// 4 KiB of microcontroller.nvm (0xFF000), then CIRCUITPY (0x100000) to the
// flash's end, which it reads from the chip's JEDEC ID (ports/raspberrypi:
// mpconfigport.h, supervisor/internal_flash.c): 15 MiB on the PicoSystem's
// 16 MiB, 1 MiB on the Pico's and the Sprig's 2 MiB.

import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { DRIVE_START } from "./flash.mjs";
import { UsageError } from "./keys.mjs";
import { MEMORY, viewOf } from "./lcd.mjs";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
export const DEFAULT_BOARD = "picosystem";
const FLASH_SIZES = [2, 4, 8, 16].map((mib) => mib << 20);

/** The Python that reads the profiles: $STHELENA_PYTHON, else the project's .venv, else python3. */
export function python() {
  if (process.env.STHELENA_PYTHON) return process.env.STHELENA_PYTHON;
  const venv = path.join(ROOT, ".venv", "bin", "python");
  return fs.existsSync(venv) ? venv : "python3";
}

/** The wiring JSON of the board `name`, from its profile (board_wiring.py). */
export function profileWiring(name) {
  const run = spawnSync(python(), ["-m", "tools.harness.board_wiring", name], { cwd: ROOT, encoding: "utf8" });
  if (run.error) throw new UsageError(`--board ${name}: cannot run ${python()} (set $STHELENA_PYTHON): ${run.error.message}`);
  if (run.status !== 0) {
    const why = run.stderr.trim().split("\n").filter(Boolean).at(-1) ?? `exit status ${run.status}`;
    throw new UsageError(`--board ${name}: ${why.replace(/^board_wiring: /, "")}`);
  }
  return run.stdout;
}

/** The wiring's text of --wiring: JSON, or "@FILE" naming a file of it. */
export function wiringText(argument) {
  if (!argument.startsWith("@")) return argument;
  try {
    return fs.readFileSync(argument.slice(1), "utf8");
  } catch (error) {
    throw new UsageError(`cannot read --wiring file ${JSON.stringify(argument.slice(1))}: ${error.message}`);
  }
}

const isGpio = (n) => Number.isInteger(n) && n >= 0 && n <= 29;

/**
 * The board of a wiring JSON (text or object), checked: {name, firmware,
 * flashBytes, driveBytes, display: {...the JSON's, view}, keys {WORD: GPIO},
 * aliases {WORD: WORD}, pressedLow}. UsageError names what is wrong.
 */
export function boardOf(wiring) {
  let json = wiring;
  if (typeof wiring === "string") {
    try {
      json = JSON.parse(wiring);
    } catch (error) {
      throw new UsageError(`--wiring: not JSON: ${error.message}`);
    }
  }
  const bad = (what) => new UsageError(`--wiring${json && json.board ? ` (${json.board})` : ""}: ${what} (tools/harness/board_wiring.py says its shape)`);
  if (!json || typeof json !== "object") throw bad("want a JSON object");
  const flashBytes = json.flash && json.flash.bytes;
  if (!FLASH_SIZES.includes(flashBytes)) throw bad(`flash.bytes ${JSON.stringify(flashBytes)}: want ${FLASH_SIZES.join(", ")}`);
  const d = json.display;
  if (!d || typeof d !== "object") throw bad("no display");
  if (!Object.hasOwn(MEMORY, d.controller)) throw bad(`display.controller ${JSON.stringify(d.controller)}: want ${Object.keys(MEMORY).join(" or ")}`);
  if (d.spi !== 0 && d.spi !== 1) throw bad(`display.spi ${JSON.stringify(d.spi)}: want 0 or 1`);
  for (const key of ["cs", "dc"]) if (!isGpio(d[key])) throw bad(`display.${key} ${JSON.stringify(d[key])}: want a GPIO, 0 to 29`);
  for (const key of ["width", "height"]) if (!Number.isInteger(d[key]) || d[key] < 1) throw bad(`display.${key}: want a number of pixels`);
  if (![0, 90, 180, 270].includes(d.rotation ?? 0)) throw bad(`display.rotation ${JSON.stringify(d.rotation)}: want 0, 90, 180 or 270`);
  for (const key of ["colstart", "rowstart"]) if (!Number.isInteger(d[key] ?? 0)) throw bad(`display.${key}: want a whole number`);
  let view;
  try {
    view = viewOf(d);
  } catch (error) {
    throw bad(`display: ${error.message}`);
  }
  // (every pixel of the view is in the memory: Lcd checks it)
  const keys = json.keys;
  if (!keys || typeof keys !== "object" || !Object.keys(keys).length) throw bad("no keys");
  for (const [word, gpio] of Object.entries(keys)) {
    if (!/^[A-Z][A-Z0-9]*$/.test(word)) throw bad(`key word ${JSON.stringify(word)}: want capitals and digits`);
    if (!isGpio(gpio)) throw bad(`key ${word}'s GPIO ${JSON.stringify(gpio)}: want 0 to 29`);
  }
  const aliases = json.aliases ?? {};
  for (const [word, key] of Object.entries(aliases)) {
    if (!Object.hasOwn(keys, key) || Object.hasOwn(keys, word)) throw bad(`alias ${word}: want a new word for one of the keys`);
  }
  return {
    name: json.board ?? "spi",
    firmware: json.firmware ?? null,
    flashBytes,
    driveBytes: flashBytes - DRIVE_START,
    display: { ...d, view },
    keys,
    aliases,
    pressedLow: json.pressed_low !== false,
  };
}

/** The board of --board NAME and --wiring JSON (either, or both). */
export function loadBoard(name, wiring) {
  if (name === "spi" && wiring === undefined) throw new UsageError("--board spi wants --wiring JSON: its screen and keys as the player wired them (tools/harness/board_wiring.py says the shape)");
  const board = boardOf(wiring !== undefined ? wiringText(wiring) : profileWiring(name ?? DEFAULT_BOARD));
  if (name !== undefined && name !== "spi" && wiring !== undefined && board.name !== name) {
    throw new UsageError(`--board ${name} but --wiring is ${board.name}'s`);
  }
  return board;
}

// node tools/harness/emulator/boards.mjs NAME...: each board's wiring in a
// line, and how the game's rotation and offsets draw on its panel (upright,
// or how turned): the profiles checked without a firmware.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { orientation } = await import("./lcd.mjs");
  let status = 0;
  for (const name of process.argv.slice(2)) {
    try {
      const board = loadBoard(name, undefined);
      const d = board.display;
      const drawn = d.panel ? orientation(d) : "as its firmware draws it";
      process.stdout.write(`${board.name}: ${d.controller} on SPI${d.spi} (CS GPIO${d.cs}, DC GPIO${d.dc}), ${d.width}x${d.height}, rotation ${d.rotation} colstart ${d.colstart} rowstart ${d.rowstart}: ${drawn}; keys ${Object.entries(board.keys).map(([w, g]) => `${w}=${g}`).join(" ")}; flash ${board.flashBytes >> 20} MiB\n`);
    } catch (error) {
      process.stdout.write(`${name}: ${error.message}\n`);
      status = 2;
    }
  }
  process.exitCode = status;
}
