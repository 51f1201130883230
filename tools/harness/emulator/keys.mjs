// Key scripts: the words of --keys, as presses of the board's buttons.
//
// The words are the board's own buttons, as its profile names them
// (sthelena/boards/: the Sprig's W A S D I J K L, the Pico Display Packs' A B
// X Y, the Pico-LCD-1.3's UP DOWN LEFT RIGHT PRESS A B X Y, the PicoSystem's
// UP DOWN LEFT RIGHT A B X Y, and there also START and SELECT, its X and Y,
// as the desktop's --keys said them); each pressed 80 ms, HOLD_<word> held
// 700 ms (past the game's 500 ms hold; also <word>+HOLD), LONG_<word> held
// 1200 ms (past two holds: a four-button board's Y held on; also
// <word>+LONG); WAIT:MS (emulated milliseconds) and RESET (the chip reset,
// the flash kept). Words are separated by white space, case does not
// matter, "#" starts a comment to the end of the line, and "@FILE" reads the
// script from a file.

import fs from "node:fs";

/** An error in the command line: run.mjs prints it and exits with 2. */
export class UsageError extends Error {}

export const PRESS_MS = 80; // a press: the button down this long
export const HOLD_MS = 700; // a held press: past the game's 500 ms
export const LONG_MS = 1200; // a long hold: past two holds
export const WAIT_MAX_MS = 600000;
export const KEYS_LIMIT = 10000;
const KEY_FILE_LIMIT = 1 << 20;
const HELD = [["HOLD", HOLD_MS], ["LONG", LONG_MS]];

/**
 * A board's buttons: `keys` {WORD: GPIO} (the profile's words), `aliases`
 * {WORD: WORD} more words for some of them, and the board's name for the
 * error that names its words.
 */
export class Keyboard {
  constructor(keys, aliases = {}, board = "this board") {
    this.keys = keys;
    this.aliases = aliases;
    this.board = board;
  }

  /** The button a word (upper case, no HOLD_) names, or null. */
  button(name) {
    if (Object.hasOwn(this.keys, name)) return name;
    return Object.hasOwn(this.aliases, name) ? this.aliases[name] : null;
  }

  /** The known words, for the error that names an unknown one. */
  words() {
    const buttons = [...Object.keys(this.keys), ...Object.keys(this.aliases)];
    return [...buttons, "HOLD_<word>", "LONG_<word>", "WAIT:MS", "RESET"].join(" ");
  }

  /** The action of one word (upper case), or null if it is not one. */
  action(word) {
    if (word === "RESET") return { word, kind: "reset" };
    const wait = /^WAIT:([0-9]{1,7})$/.exec(word);
    if (wait) {
      const ms = Number(wait[1]);
      if (ms > WAIT_MAX_MS) throw new UsageError(`${word}: wait at most ${WAIT_MAX_MS} ms`);
      return { word, kind: "wait", ms };
    }
    let name = word;
    let ms = PRESS_MS;
    for (const [how, held] of HELD) {
      if (name.startsWith(`${how}_`)) {
        name = name.slice(how.length + 1);
        ms = held;
        break;
      }
      if (name.endsWith(`+${how}`)) {
        name = name.slice(0, -how.length - 1);
        ms = held;
        break;
      }
    }
    const button = this.button(name);
    if (button === null) return null;
    return { word, kind: "press", button, pin: this.keys[button], ms };
  }
}

/** The actions of a script's text. UsageError names the first unknown word and the board's words. */
export function parseKeys(text, keyboard) {
  const actions = [];
  for (const line of text.split(/\r?\n/)) {
    for (const raw of line.split("#", 1)[0].split(/\s+/)) {
      if (!raw) continue;
      const found = keyboard.action(raw.toUpperCase());
      if (found === null) {
        throw new UsageError(`unknown key word ${JSON.stringify(raw)}: the ${keyboard.board}'s words are ${keyboard.words()}`);
      }
      actions.push(found);
    }
  }
  if (actions.length > KEYS_LIMIT) {
    throw new UsageError(`too many key words: ${actions.length}, want at most ${KEYS_LIMIT}`);
  }
  return actions;
}

/** The actions of a --keys argument: a script, or "@FILE" naming one. */
export function readKeys(argument, keyboard) {
  if (!argument.startsWith("@")) return parseKeys(argument, keyboard);
  const path = argument.slice(1);
  let data;
  try {
    data = fs.readFileSync(path);
  } catch (error) {
    throw new UsageError(`cannot read key file ${JSON.stringify(path)}: ${error.message}`);
  }
  if (data.length > KEY_FILE_LIMIT) {
    throw new UsageError(`key file ${JSON.stringify(path)} is over ${KEY_FILE_LIMIT} bytes`);
  }
  return parseKeys(data.toString("utf8"), keyboard);
}
