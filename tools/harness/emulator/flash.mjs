// The flash chip behind the RP2040's SSI, so that the firmware's flash
// writes (the CIRCUITPY drive, microcontroller.nvm) land in the emulated
// flash: rp2040js 1.4.1 reads flash through XIP but drops the commands the
// boot ROM's flash_range_erase and flash_range_program send.
//
// Three parts: FlashChip answers the SPI commands of a Winbond W25Q, one
// byte in, one byte out (its size the board's: the W25Q128's 16 MiB on the
// PicoSystem, the W25Q16's 2 MiB on the Pico and the Sprig, in its JEDEC ID), between chip select low and high, and is busy after
// an erase or a program for the W25Q128JV's typical times (4 KiB erase 45 ms,
// 32 KiB 120 ms, 64 KiB 150 ms, a page 0.4 ms: the firmware waits, polling
// the status, as on the board; the bytes change at once); Ssi stands in for
// rp2040js's SSI (the bytes written to DR0 go to the chip in standard SPI
// mode and the answers wait in a 16-deep RX FIFO); IoQspi keeps the QSPI
// pins' control registers and drives the chip select from the SS pin's
// output override (the boot ROM holds it low for each command). When the
// SSI's own select is used (override 0, as in boot2), a command ends when the
// firmware next reads the status or data register.
//
// Power cuts: every erase and page program is a step of the run (FlashSteps,
// shared by the boots of a run), listed with its part of the flash. A step
// planned as a cut is done only in part, and then the chip is dead (it takes
// no more commands) until the machine, which stops, boots again on the flash
// as the cut left it. The datasheet promises nothing of the bytes a cut erase
// or program leaves, so each byte is, by a seeded generator: done, untouched,
// or in between (an erase sets some of its bits, a program clears some of the
// bits it was to clear). The part done (0 to 1) is how likely each byte is
// done, and how likely a byte not done is in between rather than untouched.

import { BasePeripheral } from "rp2040js";

export const NVM_START = 0xff000; // CircuitPython: the 4 KiB after 1020 KiB of firmware
export const DRIVE_START = 0x100000; // and CIRCUITPY after it
const WINBOND = 0xef;
const W25Q = 0x40; // the JEDEC ID's memory type; its capacity byte is log2 of the bytes
const UNIQUE_ID = [0xe6, 0x60, 0x58, 0x38, 0x83, 0x4e, 0x2a, 0x27];
const ERASE_SIZES = { 0x20: 4096, 0x52: 32768, 0xd8: 65536 };
const ERASE_NS = { 0x20: 45e6, 0x52: 120e6, 0xd8: 150e6, 0x60: 1e9, 0xc7: 1e9 }; // (a chip erase: 40 s, cut)
const PROGRAM_NS = 0.4e6;

function region(address) {
  if (address >= DRIVE_START) return "drive";
  return address >= NVM_START ? "nvm" : "firmware";
}

/** A run's flash steps (erases and page programs), and the cuts planned among them. */
export class FlashSteps {
  /**
   * cuts: the steps (numbered from 0 over the run) the power is cut in;
   * part: how much of a cut step is done, 0 to 1 (null: drawn for each cut);
   * seed: the generator's, for the parts drawn and the bytes of a cut step.
   */
  constructor({ cuts = [], part = null, seed = 1 } = {}) {
    this.list = [];
    this.cuts = new Set(cuts);
    this.part = part;
    this.state = (Math.imul((seed >>> 0) ^ 0x9e3779b9, 0x85ebca6b) >>> 0) || 1; // (seeds 1, 2, 3... apart)
    for (let i = 0; i < 4; i++) this.random();
    this.offsetNs = 0; // emulated time of the boots before this one
  }

  /** A number in [0, 1) from the seeded generator (xorshift32). */
  random() {
    let x = this.state;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    this.state = x >>> 0;
    return this.state / 4294967296;
  }

  /** A step begins: its entry in the list (with `part` set if it is cut). */
  begin(kind, address, bytes, nanos) {
    const entry = { step: this.list.length, kind, region: region(address), address, bytes,
      at_ms: Math.round((this.offsetNs + nanos) / 1000) / 1000 };
    if (this.cuts.has(entry.step)) entry.part = this.part ?? Math.round(this.random() * 1000) / 1000;
    this.list.push(entry);
    return entry;
  }

  /** What becomes of one byte of a cut step done `part` of the way: 1 done, 0 untouched, -1 in between. */
  fate(part) {
    const r = this.random();
    if (r < part) return 1;
    return r < part + (1 - part) * part ? -1 : 0;
  }
}

export class FlashChip {
  /**
   * flash: the chip's bytes (a power of two of them: its size); now(): the
   * emulated time in ns; steps: the run's FlashSteps.
   */
  constructor(flash, now = () => 0, steps = new FlashSteps()) {
    this.flash = flash;
    const capacity = Math.log2(flash.length);
    this.jedecId = [WINBOND, W25Q, capacity];
    this.deviceId = capacity - 1; // (the W25Q128's 0x17, the W25Q16's 0x14)
    this.now = now;
    this.steps = steps;
    this.dead = false; // the power was cut: no more commands
    this.page = []; // a page program's bytes: address, byte, ...
    this.busyUntil = 0;
    this.mask = flash.length - 1;
    this.writeEnabled = false;
    this.selected = false;
    this.cmd = -1;
    this.index = 0;
    this.address = 0;
    this.erased = { firmware: 0, nvm: 0, drive: 0 }; // bytes erased in each part
    this.programmed = { firmware: 0, nvm: 0, drive: 0 }; // bytes programmed
  }

  select() {
    this.selected = true;
    this.cmd = -1;
    this.index = 0;
    this.address = 0;
  }

  deselect() {
    if (!this.selected) return;
    this.selected = false;
    const { cmd } = this;
    if (this.dead) return;
    if (cmd in ERASE_SIZES && this.index >= 4 && this.writeEnabled) {
      const size = ERASE_SIZES[cmd];
      this.erase(this.address & ~(size - 1) & this.mask, size);
      this.busyUntil = this.now() + ERASE_NS[cmd];
    } else if ((cmd === 0x60 || cmd === 0xc7) && this.writeEnabled) {
      this.erase(0, this.flash.length);
      this.busyUntil = this.now() + ERASE_NS[cmd];
    } else if (cmd === 0x02 && this.index > 4 && this.writeEnabled) {
      this.program();
      this.busyUntil = this.now() + PROGRAM_NS;
    }
    if ([0x02, 0x01, 0x31, 0x11, 0x60, 0xc7].includes(cmd) || cmd in ERASE_SIZES) {
      this.writeEnabled = false;
    }
  }

  /** Erase `size` bytes from `start` (a step: done in part if the power is cut in it). */
  erase(start, size) {
    const entry = this.steps.begin("erase", start, size, this.now());
    this.erased[entry.region] += size;
    if (entry.part === undefined) {
      this.flash.fill(0xff, start, start + size);
      return;
    }
    for (let at = start; at < start + size; at++) {
      const fate = this.steps.fate(entry.part);
      if (fate > 0) this.flash[at] = 0xff;
      else if (fate < 0) this.flash[at] |= (this.steps.random() * 256) & 0xff;
    }
    this.dead = true;
  }

  /** Program the page's bytes sent (a step: done in part if the power is cut in it). */
  program() {
    const { page, flash } = this;
    this.page = [];
    if (!page.length) return;
    const entry = this.steps.begin("program", page[0] & ~0xff, page.length / 2, this.now());
    this.programmed[entry.region] += page.length / 2;
    for (let i = 0; i < page.length; i += 2) {
      const at = page[i];
      const fate = entry.part === undefined ? 1 : this.steps.fate(entry.part);
      if (fate > 0) flash[at] &= page[i + 1];
      else if (fate < 0) flash[at] &= page[i + 1] | ((this.steps.random() * 256) & 0xff);
    }
    if (entry.part !== undefined) this.dead = true;
  }

  /** One byte to the chip, and the byte it answers. */
  exchange(byte) {
    if (this.dead) return 0xff; // (busy, for a status read: the firmware waits)
    const i = this.index++;
    if (i === 0) {
      this.cmd = byte;
      if (byte === 0x02) this.page = [];
      if (byte === 0x06) this.writeEnabled = true;
      else if (byte === 0x04) this.writeEnabled = false;
      return 0;
    }
    const cmd = this.cmd;
    if (i <= 3 && [0x02, 0x03, 0x0b, 0x20, 0x52, 0xd8, 0x90].includes(cmd)) {
      this.address = ((this.address << 8) | byte) & 0xffffff;
      return 0;
    }
    switch (cmd) {
      case 0x05: // status 1: busy, write enable latch
        return (this.now() < this.busyUntil ? 0x01 : 0) | (this.writeEnabled ? 0x02 : 0);
      case 0x35: // status 2: quad enable set, so boot2 leaves it alone
        return 0x02;
      case 0x9f:
        return i <= 3 ? this.jedecId[i - 1] : 0;
      case 0x90:
        return i & 1 ? this.deviceId : WINBOND;
      case 0xab:
        return i >= 4 ? this.deviceId : 0;
      case 0x4b:
        return i >= 5 ? UNIQUE_ID[(i - 5) % 8] : 0;
      case 0x03:
        return this.flash[(this.address + i - 4) & this.mask];
      case 0x0b:
        return i >= 5 ? this.flash[(this.address + i - 5) & this.mask] : 0;
      case 0x02: // the page's bytes are programmed when the chip is deselected
        if (this.writeEnabled) this.page.push(((this.address & ~0xff) | ((this.address + i - 4) & 0xff)) & this.mask, byte);
        return 0;
      default:
        return 0;
    }
  }
}

const CTRLR0 = 0x00;
const SSIENR = 0x08;
const TXFLR = 0x20;
const RXFLR = 0x24;
const SR = 0x28;
const IDR = 0x58;
const SSI_VERSION_ID = 0x5c;
const DR0 = 0x60;
const DR_LAST = 0xec;
const SR_TFNF = 0x02;
const SR_TFE = 0x04;
const SR_RFNE = 0x08;
const FIFO_DEPTH = 16;

export class Ssi extends BasePeripheral {
  constructor(rp2040, chip, qspi) {
    super(rp2040, "SSI");
    this.chip = chip;
    this.qspi = qspi;
    this.registers = new Map();
    this.rx = [];
  }

  get standard() {
    return ((this.registers.get(CTRLR0) ?? 0) >> 21 & 3) === 0;
  }

  readUint32(offset) {
    if (offset === SR || (offset >= DR0 && offset <= DR_LAST)) this.qspi.endAuto();
    if (offset >= DR0 && offset <= DR_LAST) return this.rx.length ? this.rx.shift() : 0;
    switch (offset) {
      case SR:
        return SR_TFNF | SR_TFE | (this.rx.length ? SR_RFNE : 0);
      case TXFLR:
        return 0;
      case RXFLR:
        return this.rx.length;
      case IDR:
        return 0x51535049;
      case SSI_VERSION_ID:
        return 0x3430312a;
    }
    return this.registers.get(offset) ?? 0;
  }

  writeUint32(offset, value) {
    if (offset >= DR0 && offset <= DR_LAST) {
      let answer = 0;
      if (this.standard && this.qspi.beginAuto()) answer = this.chip.exchange(value & 0xff);
      if (this.rx.length < FIFO_DEPTH) this.rx.push(answer);
      return;
    }
    this.registers.set(offset, value >>> 0);
    if (offset === SSIENR && !(value & 1)) {
      this.rx = [];
      this.qspi.endAuto();
    }
  }
}

const SS_CTRL = 0x0c;
const OUTOVER_LOW = 2;

export class IoQspi extends BasePeripheral {
  constructor(rp2040, chip) {
    super(rp2040, "IO_QSPI");
    this.chip = chip;
    this.registers = new Map();
    this.forced = 0; // the SS pin's output override: 0 the SSI's, 2 low, 3 high
    this.auto = false; // a command under the SSI's own select is going on
  }

  /** A byte is about to go out: whether the chip is selected for it. */
  beginAuto() {
    if (this.forced === OUTOVER_LOW) return true;
    if (this.forced !== 0) return false;
    if (!this.auto) {
      this.auto = true;
      this.chip.select();
    }
    return true;
  }

  endAuto() {
    if (this.auto) {
      this.auto = false;
      this.chip.deselect();
    }
  }

  readUint32(offset) {
    return offset & 4 || offset >= 0x30 ? this.registers.get(offset) ?? 0 : 0;
  }

  writeUint32(offset, value) {
    this.registers.set(offset, value >>> 0);
    if (offset !== SS_CTRL) return;
    const over = (value >> 8) & 3;
    if (over === this.forced) return;
    this.endAuto();
    if (this.forced === OUTOVER_LOW) this.chip.deselect();
    this.forced = over;
    if (over === OUTOVER_LOW) this.chip.select();
  }
}

/**
 * Put the flash model into an RP2040 of rp2040js, a chip of `size` bytes (the
 * first of rp2040js's 16 MiB), its steps counted in `steps`; returns the chip.
 */
export function attachFlash(rp2040, steps = new FlashSteps(), size = rp2040.flash.length) {
  const chip = new FlashChip(rp2040.flash.subarray(0, size), () => rp2040.clock.nanos, steps);
  const qspi = new IoQspi(rp2040, chip);
  rp2040.peripherals[0x18000] = new Ssi(rp2040, chip, qspi);
  rp2040.peripherals[0x40018] = qspi;
  return chip;
}
