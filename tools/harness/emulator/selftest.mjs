#!/usr/bin/env node
// The emulator's parts checked without a firmware: the UF2 parser, the
// display controllers (the ST7789's and ST7735's memory, MADCTL, and the
// player's view of it: the PicoSystem's, a Pico add-on's window turned as
// its maker draws it, the Sprig's), the PNG writer, each board's key words,
// the wiring's checks, the FAT12 drive (mtools) for each flash, the flash
// chip's commands and the boot ROM's extraction. About a second.
// Prints "ok NAME" for each; exit status 1 at the first failure.
//
// Usage: node tools/harness/emulator/selftest.mjs

import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseBootrom } from "./bootrom.mjs";
import { driveFile, driveFiles, driveImage, driveLayout } from "./drive.mjs";
import { FlashChip, FlashSteps } from "./flash.mjs";
import { Machine, quietOutEndpoint } from "./machine.mjs";
import { decodePng, encodePng } from "./png.mjs";
import { busyWaits, parseSymbols, Profile, symbolAt } from "./profile.mjs";
import { boardChecks } from "./selftest_boards.mjs";
import { TitleFilter } from "./session.mjs";
import { loadUf2, makeUf2, parseUf2 } from "./uf2.mjs";

const checks = [];
const check = (name, body) => checks.push([name, body]);

check("uf2 round trip", () => {
  const data = Uint8Array.from({ length: 1000 }, (_, i) => (i * 7) & 0xff);
  const file = makeUf2(0x10000100, data);
  assert.equal(file.length, 4 * 512);
  const { writes, blocks, skipped } = parseUf2(file);
  assert.equal(blocks, 4);
  assert.equal(skipped, 0);
  assert.deepEqual(writes.map((w) => w.address), [0x10000100, 0x10000200, 0x10000300, 0x10000400]);
  const flash = new Uint8Array(0x1000).fill(0xff);
  loadUf2(flash, file);
  assert.deepEqual(flash.subarray(0x100, 0x100 + 1000), data);
  assert.equal(flash[0xff], 0xff);
  assert.equal(flash[0x100 + 1000], 0xff);
});

check("uf2 refusals", () => {
  const file = makeUf2(0x10000000, new Uint8Array(600));
  assert.throws(() => parseUf2(file.subarray(0, 700)), /whole number/);
  const bad = file.slice();
  bad[0] ^= 1;
  assert.throws(() => parseUf2(bad), /block 0: Invalid magic/);
  assert.throws(() => parseUf2(file.subarray(512)), /block 0 of 3 is missing/);
  assert.throws(() => parseUf2(makeUf2(0x20000000, new Uint8Array(16))), /outside the flash/);
  assert.throws(() => parseUf2(makeUf2(0x10000000, new Uint8Array(16), { family: 0xe48bff59 })), /no block for this chip/);
  const mixed = new Uint8Array([...makeUf2(0x10000000, new Uint8Array(16), { family: 0xe48bff59 }), ...makeUf2(0x10000000, new Uint8Array(16))]);
  assert.equal(parseUf2(mixed).skipped, 1);
});

boardChecks(check);

check("png round trip", () => {
  const width = 3;
  const height = 2;
  const rgb = Uint8Array.from({ length: width * height * 3 }, (_, i) => i * 11);
  const png = encodePng(width, height, rgb);
  assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  assert.deepEqual([...png.subarray(24, 29)], [8, 2, 0, 0, 0]); // IHDR: 8-bit RGB
  const picture = decodePng(png);
  assert.deepEqual([picture.width, picture.height], [width, height]);
  assert.deepEqual([...picture.rgba].filter((_, i) => i % 4 !== 3), [...rgb]);
  assert.ok([...picture.rgba].every((v, i) => i % 4 !== 3 || v === 255));
  assert.throws(() => encodePng(2, 2, rgb), /PNG: 18 bytes for 2x2 RGB/);
});

check("fat12 drive by mtools", () => {
  const big = Buffer.from(Array.from({ length: 10000 }, (_, i) => (i * 31) & 0xff));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sthelena-selftest-"));
  const write = (name, data) => {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), data);
  };
  try {
    write("code.py", "print('hello')\n");
    write("BOOT.PY", "x");
    write("empty.txt", "");
    write("assets/sheet.bmp", big);
    write("assets/a very long file name.text", "long");
    write("lib/sthelena_board.mpy", "M");
    write("lib/sthelena_drive.py", "D");
    const image = driveImage(dir, { size: 1024 * 1024 });
    assert.equal(image.length, 1024 * 1024);
    assert.deepEqual(driveImage(dir, { size: 1024 * 1024 }), image); // the same folder, the same image
    assert.deepEqual(driveFiles(image), ["BOOT.PY", "assets/a very long file name.text", "assets/sheet.bmp", "code.py", "empty.txt", "lib/sthelena_board.mpy", "lib/sthelena_drive.py"]);
    assert.equal(driveFile(image, "CODE.PY").toString(), "print('hello')\n");
    assert.deepEqual(driveFile(image, "assets/sheet.bmp"), big);
    assert.equal(driveFile(image, "assets/a very long file name.text").toString(), "long");
    assert.equal(driveFile(image, "empty.txt").length, 0);
    assert.equal(driveFile(image, "lib/sthelena_drive.py").toString(), "D");
    assert.equal(driveFile(image, "nothing"), null);
    assert.equal(image.toString("latin1", 43, 54), "CIRCUITPY  ");
    assert.equal(image.toString("latin1", 54, 62), "FAT12   ");
    // CircuitPython's drive on a 16 MiB flash: 4 KiB clusters, 12 sectors a FAT, 512 root entries.
    const drive = driveImage(path.join(dir, "lib"));
    assert.equal(drive.length, 15 * 1024 * 1024);
    assert.deepEqual([drive.readUInt16LE(11), drive[13], drive.readUInt16LE(14), drive[16], drive.readUInt16LE(17), drive.readUInt16LE(22)], [512, 8, 1, 2, 512, 12]);
    // On a 2 MiB flash (the Pico's, the Sprig's): 1 MiB, as FatFs's f_mkfs makes it: one FAT, 512-byte clusters.
    assert.deepEqual(driveLayout(1 << 20), { clusterSectors: 1, fats: 1 });
    assert.deepEqual(driveLayout(15 << 20), { clusterSectors: 8, fats: 2 });
    assert.deepEqual(driveLayout(3 << 20), { clusterSectors: 2, fats: 1 });
    const small = driveImage(path.join(dir, "lib"), { size: 1 << 20 });
    assert.deepEqual([small.length, small.readUInt16LE(11), small[13], small[16], small.readUInt16LE(17), small.readUInt16LE(19)], [1 << 20, 512, 1, 1, 512, 2048]);
    assert.equal(driveFile(small, "sthelena_drive.py").toString(), "D");
    write("x/a:b", "");
    assert.throws(() => driveImage(path.join(dir, "x"), { size: 1 << 20 }), /cannot hold/);
    write("y/a", Buffer.alloc(2 << 20));
    assert.throws(() => driveImage(path.join(dir, "y"), { size: 1 << 20 }), /Disk full/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

check("flash chip commands", () => {
  const flash = new Uint8Array(1 << 24).fill(0xff);
  let now = 0;
  const chip = new FlashChip(flash, () => now);
  const command = (...bytes) => {
    chip.select();
    const out = bytes.map((b) => chip.exchange(b));
    chip.deselect();
    return out;
  };
  assert.deepEqual(command(0x9f, 0, 0, 0), [0, 0xef, 0x40, 0x18]);
  command(0x02, 0x0f, 0xf0, 0x00, 0x12); // no write enable: ignored
  assert.equal(flash[0x0ff000], 0xff);
  command(0x06);
  assert.equal(command(0x05, 0)[1], 0x02);
  command(0x02, 0x0f, 0xf0, 0xfe, 0x12, 0x34, 0x56); // wraps within the page
  assert.deepEqual([...flash.subarray(0x0ff0fe, 0x0ff100)], [0x12, 0x34]);
  assert.equal(flash[0x0ff000], 0x56);
  assert.equal(command(0x05, 0)[1], 0x01); // busy programming for 0.4 ms
  now = 0.4e6;
  assert.equal(command(0x05, 0)[1], 0);
  assert.deepEqual(command(0x03, 0x0f, 0xf0, 0xfe, 0, 0).slice(4), [0x12, 0x34]);
  command(0x06);
  command(0x02, 0x0f, 0xf0, 0xfe, 0xf0); // programming only clears bits
  assert.equal(flash[0x0ff0fe], 0x10);
  command(0x06);
  command(0x20, 0x0f, 0xf1, 0x23); // erases the 4 KiB sector 0xff000
  assert.ok(flash.subarray(0x0ff000, 0x100000).every((b) => b === 0xff));
  assert.equal(command(0x05, 0)[1], 0x01); // busy for 45 ms
  now += 44e6;
  assert.equal(command(0x05, 0)[1], 0x01);
  now += 1e6;
  assert.equal(command(0x05, 0)[1], 0);
  assert.deepEqual(chip.erased, { firmware: 0, nvm: 4096, drive: 0 });
  assert.equal(chip.programmed.nvm, 4);
  // A W25Q16's 2 MiB (the Pico's, the Sprig's): its JEDEC ID says 2^21 bytes, addresses wrap there.
  const small = new Uint8Array(1 << 21).fill(0xff);
  small[5] = 0x42;
  const w25q16 = new FlashChip(small, () => 0);
  const ask = (...bytes) => {
    w25q16.select();
    const out = bytes.map((b) => w25q16.exchange(b));
    w25q16.deselect();
    return out;
  };
  assert.deepEqual(ask(0x9f, 0, 0, 0), [0, 0xef, 0x40, 0x15]);
  assert.deepEqual(ask(0x03, 0x20, 0x00, 0x05, 0).slice(4), [0x42]);
});

check("flash steps and power cuts", () => {
  const run = (cuts, part) => {
    const flash = new Uint8Array(1 << 24).fill(0xff);
    flash.fill(0x0f, 0xff000, 0x100000); // nvm programmed: 0x0f
    const steps = new FlashSteps({ cuts, part, seed: 7 });
    const chip = new FlashChip(flash, () => 0, steps);
    const command = (...bytes) => {
      chip.select();
      bytes.forEach((b) => chip.exchange(b));
      chip.deselect();
    };
    command(0x06);
    command(0x20, 0x0f, 0xf0, 0x00); // step 0: erase the nvm's sector
    command(0x06);
    command(0x02, 0x0f, 0xf0, 0x00, ...new Array(256).fill(0x00)); // step 1: program its first page
    command(0x06);
    command(0x02, 0x10, 0x00, 0x00, 0x12); // step 2: the drive's first byte
    return { flash, steps, chip };
  };
  const whole = run([]);
  assert.deepEqual(whole.steps.list.map((s) => [s.step, s.kind, s.region, s.address, s.bytes]),
    [[0, "erase", "nvm", 0xff000, 4096], [1, "program", "nvm", 0xff000, 256], [2, "program", "drive", 0x100000, 1]]);
  assert.equal(whole.flash[0x100000], 0x12);
  assert.ok(whole.flash.subarray(0xff100, 0x100000).every((b) => b === 0xff));
  // Cut in the erase, half way: some bytes erased, some as they were, some in
  // between (bits set); then the chip takes nothing more.
  const erase = run([0], 0.5);
  const sector = [...erase.flash.subarray(0xff000, 0x100000)];
  const erased = sector.filter((b) => b === 0xff).length;
  const kept = sector.filter((b) => b === 0x0f).length;
  assert.ok(erased > 1000 && kept > 500 && erased + kept < 4096, `${erased} ${kept}`);
  assert.ok(erase.chip.dead && erase.steps.list.length === 1 && erase.steps.list[0].part === 0.5);
  assert.equal(erase.flash[0x100000], 0xff);
  // Cut at the very start of the erase: nothing changed; at its end: all erased.
  assert.ok(run([0], 0).flash.subarray(0xff000, 0x100000).every((b) => b === 0x0f));
  assert.ok(run([0], 1).flash.subarray(0xff000, 0x100000).every((b) => b === 0xff));
  // Cut in the program: some bytes programmed, the rest of the page not.
  const program = run([1], 0.3);
  const page = [...program.flash.subarray(0xff000, 0xff100)];
  assert.ok(page.some((b) => b === 0) && page.some((b) => b === 0xff), page.join(" "));
  assert.ok(program.chip.dead && program.steps.list.length === 2);
  // The same seed and part, the same bytes.
  assert.deepEqual(run([1], 0.3).flash.subarray(0xff000, 0xff100), program.flash.subarray(0xff000, 0xff100));
});

check("console title filter", () => {
  const filter = new TitleFilter();
  const pieces = ["a\x1b]0;", "\u{1f40d}code.py", " | 10.3\x1b", "\\line\r\n\x1b", "]0;x\x07b", "\x1b[2K ok"];
  assert.equal(pieces.map((p) => filter.push(p)).join(""), "aline\r\nb\x1b[2K ok");
});

check("boot rom extraction", () => {
  const source = "// header\nexport const bootromB1 = new Uint32Array([\n  0x20041f00, 0x000000ef,\n  0x12345678,\n]);\n";
  assert.deepEqual([...parseBootrom(source)], [0x00, 0x1f, 0x04, 0x20, 0xef, 0, 0, 0, 0x78, 0x56, 0x34, 0x12]);
  assert.throws(() => parseBootrom("nothing"), /no Uint32Array/);
});

check("profile symbols and samples", () => {
  const nm = [
    "10000100 00000010 T first",
    "10000110 00000020 t second",
    "20000000 T div_a",
    "20000000 T div_alias",
    "20000008 T div_b",
    "20000020 00000004 D data",
    "garbage line",
  ].join("\n");
  const symbols = parseSymbols(nm);
  assert.deepEqual(symbols.map((s) => [s.start, s.end, s.name]), [
    [0x10000100, 0x10000110, "first"], [0x10000110, 0x10000130, "second"],
    [0x20000000, 0x20000008, "div_a"], [0x20000008, 0x20000020, "div_b"]]);
  assert.equal(symbolAt(symbols, 0x10000101).name, "first");
  assert.equal(symbolAt(symbols, 0x10000130), null);
  const profile = new Profile(symbols, 125000); // a sample a millisecond
  for (let i = 0; i < 60; i++) profile.step(62500, i < 40 ? 0x10000104 : 0x20000004, i * 100);
  assert.deepEqual(profile.top(), [{ name: "first", share: 0.667, ms: 20 }, { name: "div_a", share: 0.333, ms: 10 }]);
  assert.deepEqual(profile.top(1000).map((f) => f.name), ["first"]);
  profile.clear();
  assert.deepEqual(profile.top(), []);
});

check("busy waits skipped from their loop to just before their end", () => {
  const waits = busyWaits(parseSymbols(["10000100 00000040 T busy_wait_us_32",
    "10000200 00000040 T busy_wait_us", "10000300 00000040 T other"].join("\n")));
  assert.deepEqual(waits, [{ start: 0x10000100, end: 0x10000140, wide: false },
    { start: 0x10000200, end: 0x10000240, wide: true }]);
  const clock = { nanos: 0, nextAlarm: null, nanosToNextAlarm: 0 };
  const machine = { waits, clock, waitEndNs: 0, waitLastPc: 0 };
  const core = { PC: 0x10000100, registers: [5000, 0], pendingInterrupts: 0, enabledInterrupts: 0 };
  const skip = (pc, sliceEnd = 1e9) => {
    core.PC = pc;
    return Machine.prototype.spinSkip.call(machine, core, sliceEnd);
  };
  assert.equal(skip(0x10000100), 0); // entry: 5000 us from now
  assert.equal(skip(0x10000104), 0); // reading the timer's start
  assert.equal(skip(0x10000110), 0);
  assert.equal(skip(0x10000108), 5000e3 - 1000); // a branch back: the loop
  assert.equal(skip(0x1000010c), 0);
  assert.equal(skip(0x10000108, 7000), 7000); // no further than the slice
  clock.nextAlarm = {};
  clock.nanosToNextAlarm = 300;
  assert.equal(skip(0x10000104), 300); // nor than the next alarm
  core.pendingInterrupts = core.enabledInterrupts = 1;
  assert.equal(skip(0x10000100 + 2), 0); // nor with an interrupt to take
  assert.equal(skip(0x10000300), 0); // outside a wait
});

check("usb out endpoint waits for bytes", () => {
  const answered = [];
  const usb = { onEndpointRead: (endpoint, size) => answered.push([endpoint, size]) };
  const fifo = [];
  const cdc = {
    outEndpoint: 2,
    txFIFO: { get itemCount() { return fifo.length; } },
    sendSerialByte: (byte) => fifo.push(byte),
  };
  quietOutEndpoint(usb, cdc);
  usb.onEndpointRead(0, 64); // the control endpoint: at once
  usb.onEndpointRead(2, 64); // nothing to send: it waits
  assert.deepEqual(answered, [[0, 64]]);
  cdc.sendSerialByte(0x41);
  assert.deepEqual(answered, [[0, 64], [2, 64]]);
  usb.onEndpointRead(2, 64); // a byte waiting: at once
  assert.deepEqual(answered.length, 3);
});

let failed = 0;
for (const [name, body] of checks) {
  try {
    body();
    process.stdout.write(`ok ${name}\n`);
  } catch (error) {
    failed++;
    process.stdout.write(`FAIL ${name}: ${error.stack}\n`);
  }
}
process.exitCode = failed ? 1 : 0;
