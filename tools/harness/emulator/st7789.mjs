// The ST7789 display controller, as far as a frame buffer needs: the bytes
// sent to it (a command when DC is low, its data when DC is high) decoded
// into a width x height RGB565 frame.
//
// CASET (0x2A) and RASET (0x2B) set the column and row window, each as two
// big-endian 16-bit numbers (start, end); RAMWR (0x2C) starts writing pixels
// at the window's top left, RAMWRC (0x3C) goes on where the last write
// stopped; a pixel is two bytes, RGB565 big-endian; the address moves right,
// then down to the window's next row, and back to the top after the last.
// MADCTL (0x36) MX, MY and MV mirror the columns, the rows and exchange them
// (over this frame, not the chip's 240x320 memory: the PicoSystem sends 0x04,
// none of them). SWRESET (0x01) forgets the window and MADCTL. Inversion
// (INVON) is not applied: the PicoSystem's panel needs it to show the colours
// as sent. Pixels outside the frame are dropped.

export const SWRESET = 0x01;
export const CASET = 0x2a;
export const RASET = 0x2b;
export const RAMWR = 0x2c;
export const RAMWRC = 0x3c;
export const MADCTL = 0x36;
const MY = 0x80;
const MX = 0x40;
const MV = 0x20;

export class St7789 {
  constructor(width = 240, height = 240) {
    this.width = width;
    this.height = height;
    this.frame = new Uint16Array(width * height);
    // Pixels written since clearCoverage(): one byte each, and how many.
    this.written = new Uint8Array(width * height);
    this.covered = 0;
    this.pixels = 0; // every pixel written, counted
    this.commands = 0;
    this.reset();
  }

  reset() {
    this.madctl = 0;
    this.xs = 0;
    this.xe = this.width - 1;
    this.ys = 0;
    this.ye = this.height - 1;
    this.col = 0;
    this.row = 0;
    this.cmd = -1;
    this.params = [];
    this.writing = false;
    this.high = -1; // the first byte of a pixel, waiting for its second
  }

  clearCoverage() {
    this.written.fill(0);
    this.covered = 0;
  }

  /** A byte sent with DC low. */
  command(byte) {
    this.commands++;
    this.cmd = byte;
    this.params = [];
    this.writing = false;
    this.high = -1;
    if (byte === SWRESET) {
      this.reset();
    } else if (byte === RAMWR) {
      this.col = this.xs;
      this.row = this.ys;
      this.writing = true;
    } else if (byte === RAMWRC) {
      this.writing = true;
    }
  }

  /** A byte sent with DC high. */
  data(byte) {
    if (this.writing) {
      if (this.high < 0) {
        this.high = byte;
      } else {
        this.pixel((this.high << 8) | byte);
        this.high = -1;
      }
      return;
    }
    const params = this.params;
    params.push(byte);
    if (this.cmd === CASET && params.length === 4) {
      this.xs = (params[0] << 8) | params[1];
      this.xe = (params[2] << 8) | params[3];
    } else if (this.cmd === RASET && params.length === 4) {
      this.ys = (params[0] << 8) | params[1];
      this.ye = (params[2] << 8) | params[3];
    } else if (this.cmd === MADCTL && params.length === 1) {
      this.madctl = byte;
    }
  }

  pixel(value) {
    let x = this.col;
    let y = this.row;
    const m = this.madctl;
    if (m & (MX | MY | MV)) {
      if (m & MV) [x, y] = [y, x];
      if (m & MX) x = this.width - 1 - x;
      if (m & MY) y = this.height - 1 - y;
    }
    if (x >= 0 && x < this.width && y >= 0 && y < this.height) {
      const at = y * this.width + x;
      this.frame[at] = value;
      if (!this.written[at]) {
        this.written[at] = 1;
        this.covered++;
      }
    }
    this.pixels++;
    if (this.col < this.xe) {
      this.col++;
    } else {
      this.col = this.xs;
      this.row = this.row < this.ye ? this.row + 1 : this.ys;
    }
  }

  /** The frame as 8-bit RGB, three bytes a pixel, rows top to bottom. */
  rgb() {
    const out = new Uint8Array(this.width * this.height * 3);
    for (let i = 0; i < this.frame.length; i++) {
      const v = this.frame[i];
      const r = (v >> 11) & 0x1f;
      const g = (v >> 5) & 0x3f;
      const b = v & 0x1f;
      out[i * 3] = (r << 3) | (r >> 2);
      out[i * 3 + 1] = (g << 2) | (g >> 4);
      out[i * 3 + 2] = (b << 3) | (b >> 2);
    }
    return out;
  }
}
