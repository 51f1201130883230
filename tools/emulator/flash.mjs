// The flash chip behind the RP2040's SSI, so that the firmware's flash
// writes (the CIRCUITPY drive, microcontroller.nvm) land in the emulated
// flash: rp2040js 1.4.1 reads flash through XIP but drops the commands the
// boot ROM's flash_range_erase and flash_range_program send.
//
// Three parts: FlashChip answers the SPI commands of a W25Q128 (16 MiB), one
// byte in, one byte out, between chip select low and high, and is busy after
// an erase or a program for the W25Q128JV's typical times (4 KiB erase 45 ms,
// 32 KiB 120 ms, 64 KiB 150 ms, a page 0.4 ms: the firmware waits, polling
// the status, as on the board; the bytes change at once); Ssi stands in for
// rp2040js's SSI (the bytes written to DR0 go to the chip in standard SPI
// mode and the answers wait in a 16-deep RX FIFO); IoQspi keeps the QSPI
// pins' control registers and drives the chip select from the SS pin's
// output override (the boot ROM holds it low for each command). When the
// SSI's own select is used (override 0, as in boot2), a command ends when the
// firmware next reads the status or data register.

import { BasePeripheral } from "rp2040js";

export const NVM_START = 0xff000; // CircuitPython: the 4 KiB after 1020 KiB of firmware
export const DRIVE_START = 0x100000; // and CIRCUITPY after it
const JEDEC_ID = [0xef, 0x40, 0x18]; // Winbond W25Q128: 2^24 bytes
const UNIQUE_ID = [0xe6, 0x60, 0x58, 0x38, 0x83, 0x4e, 0x2a, 0x27];
const ERASE_SIZES = { 0x20: 4096, 0x52: 32768, 0xd8: 65536 };
const ERASE_NS = { 0x20: 45e6, 0x52: 120e6, 0xd8: 150e6, 0x60: 1e9, 0xc7: 1e9 }; // (a chip erase: 40 s, cut)
const PROGRAM_NS = 0.4e6;

function region(address) {
  if (address >= DRIVE_START) return "drive";
  return address >= NVM_START ? "nvm" : "firmware";
}

export class FlashChip {
  /** flash: the chip's bytes; now(): the emulated time in ns. */
  constructor(flash, now = () => 0) {
    this.flash = flash;
    this.now = now;
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
    if (cmd in ERASE_SIZES && this.index >= 4 && this.writeEnabled) {
      const size = ERASE_SIZES[cmd];
      const start = this.address & ~(size - 1) & this.mask;
      this.flash.fill(0xff, start, start + size);
      this.erased[region(start)] += size;
      this.busyUntil = this.now() + ERASE_NS[cmd];
    } else if ((cmd === 0x60 || cmd === 0xc7) && this.writeEnabled) {
      this.flash.fill(0xff);
      this.busyUntil = this.now() + ERASE_NS[cmd];
    } else if (cmd === 0x02 && this.index > 4 && this.writeEnabled) {
      this.busyUntil = this.now() + PROGRAM_NS;
    }
    if ([0x02, 0x01, 0x31, 0x11, 0x60, 0xc7].includes(cmd) || cmd in ERASE_SIZES) {
      this.writeEnabled = false;
    }
  }

  /** One byte to the chip, and the byte it answers. */
  exchange(byte) {
    const i = this.index++;
    if (i === 0) {
      this.cmd = byte;
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
        return i <= 3 ? JEDEC_ID[i - 1] : 0;
      case 0x90:
        return i & 1 ? 0x17 : 0xef;
      case 0xab:
        return i >= 4 ? 0x17 : 0;
      case 0x4b:
        return i >= 5 ? UNIQUE_ID[(i - 5) % 8] : 0;
      case 0x03:
        return this.flash[(this.address + i - 4) & this.mask];
      case 0x0b:
        return i >= 5 ? this.flash[(this.address + i - 5) & this.mask] : 0;
      case 0x02:
        if (this.writeEnabled) {
          const at = ((this.address & ~0xff) | ((this.address + i - 4) & 0xff)) & this.mask;
          this.flash[at] &= byte;
          this.programmed[region(at)]++;
        }
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

/** Put the flash model into an RP2040 of rp2040js; returns the chip. */
export function attachFlash(rp2040) {
  const chip = new FlashChip(rp2040.flash, () => rp2040.clock.nanos);
  const qspi = new IoQspi(rp2040, chip);
  rp2040.peripherals[0x18000] = new Ssi(rp2040, chip, qspi);
  rp2040.peripherals[0x40018] = qspi;
  return chip;
}
