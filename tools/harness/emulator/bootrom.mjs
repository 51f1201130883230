#!/usr/bin/env node
// The RP2040's B1 boot ROM as a 16 KiB file, taken from rp2040js's sources.
//
// Usage: node tools/harness/emulator/bootrom.mjs RP2040JS OUT.bin
//
//   RP2040JS  a checkout of wokwi/rp2040js, or its bare git directory (read
//             with `git --git-dir=RP2040JS show HEAD:demo/bootrom.ts`)
//   OUT.bin   where to write the boot ROM (build/rp2040/bootrom.bin); never
//             committed
//
// demo/bootrom.ts holds the ROM as the words of one Uint32Array; they are
// written little-endian, and the result must be 16384 bytes with the hash
// below (the B1 ROM, revision 00a4a19 of raspberrypi/pico-bootrom, as
// rp2040js 1.3.3's demo/bootrom.ts holds it).
// Exit status: 0 written, 1 not found or not the B1 ROM, 2 bad arguments.

import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const BOOTROM_B1_SHA256 = "90b31e108faedfa6bbcfcc33ba05dac61e645108cfbbdc385f8dafc71fde44ae";
const SIZE = 16384;

function fail(message, status = 1) {
  process.stderr.write(`bootrom.mjs: ${message}\n`);
  process.exit(status);
}

/** The text of demo/bootrom.ts in a checkout or a bare git directory. */
function readSource(where) {
  const file = path.join(where, "demo", "bootrom.ts");
  if (fs.existsSync(file)) return fs.readFileSync(file, "utf8");
  try {
    return execFileSync("git", ["--git-dir", where, "show", "HEAD:demo/bootrom.ts"], {
      encoding: "utf8",
      maxBuffer: 1 << 24,
      stdio: ["ignore", "pipe", "pipe"],
    });
  } catch (error) {
    fail(`no demo/bootrom.ts in ${where} (neither a checkout nor a git directory): ${error.stderr || error.message}`);
  }
}

/** The boot ROM's bytes from the TypeScript source. */
export function parseBootrom(source) {
  const start = source.indexOf("new Uint32Array([");
  const end = source.indexOf("])", start);
  if (start < 0 || end < 0) throw new Error("no Uint32Array in demo/bootrom.ts");
  const words = source.slice(start + "new Uint32Array([".length, end).match(/0x[0-9a-fA-F]+/g) ?? [];
  const out = Buffer.alloc(words.length * 4);
  words.forEach((word, i) => out.writeUInt32LE(Number(word), i * 4));
  return out;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  if (args.length !== 2 || args[0].startsWith("-")) {
    fail("usage: node tools/harness/emulator/bootrom.mjs RP2040JS_GITDIR_OR_CHECKOUT OUT.bin", 2);
  }
  const [where, out] = args;
  let rom;
  try {
    rom = parseBootrom(readSource(where));
  } catch (error) {
    fail(error.message);
  }
  const hash = crypto.createHash("sha256").update(rom).digest("hex");
  if (rom.length !== SIZE) fail(`the boot ROM is ${rom.length} bytes, want ${SIZE}`);
  if (hash !== BOOTROM_B1_SHA256) fail(`the boot ROM's SHA-256 is ${hash}, not the B1 ROM's ${BOOTROM_B1_SHA256}`);
  fs.mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
  fs.writeFileSync(out, rom);
  process.stdout.write(`${out}: the RP2040 B1 boot ROM, ${rom.length} bytes, sha256 ${hash}\n`);
}
