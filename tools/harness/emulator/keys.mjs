// Key scripts: the words of --keys, as presses of the PicoSystem's buttons.
//
// The words are the desktop's (sthelena/desktop/keys.py): UP DOWN LEFT RIGHT
// A B START SELECT, and HOLD_A, HOLD_B, HOLD_SELECT (also A+HOLD ...), a
// button held past the game's 500 ms; and here also X and Y (the
// PicoSystem's own), HOLD_ and +HOLD of any button, WAIT:MS (emulated
// milliseconds) and RESET (the chip reset, the flash kept). Words are
// separated by white space, case does not matter, "#" starts a comment to
// the end of the line, and "@FILE" reads the script from a file.

import fs from "node:fs";

/** An error in the command line: run.mjs prints it and exits with 2. */
export class UsageError extends Error {}

export const PRESS_MS = 80; // a press: the button down this long
export const HOLD_MS = 700; // a held press: past the game's 500 ms
export const WAIT_MAX_MS = 600000;
export const KEYS_LIMIT = 10000;
const KEY_FILE_LIMIT = 1 << 20;

// The PicoSystem's buttons: GPIO of each (pulled up, low while pressed).
export const PINS = { Y: 16, X: 17, A: 18, B: 19, DOWN: 20, RIGHT: 21, LEFT: 22, UP: 23 };

// Each button word and the PicoSystem button it presses: the game's START
// and SELECT are the PicoSystem's X and Y (the one place that says so).
export const BUTTONS = {
  UP: "UP",
  DOWN: "DOWN",
  LEFT: "LEFT",
  RIGHT: "RIGHT",
  A: "A",
  B: "B",
  X: "X",
  Y: "Y",
  START: "X",
  SELECT: "Y",
};

/** The known words, for the error that names an unknown one. */
export function knownWords() {
  const buttons = Object.keys(BUTTONS);
  return [...buttons, ...buttons.map((b) => `HOLD_${b}`), "WAIT:MS", "RESET"].join(" ");
}

/** The action of one word (upper case), or null if it is not one. */
function action(word) {
  if (word === "RESET") return { word, kind: "reset" };
  const wait = /^WAIT:([0-9]{1,7})$/.exec(word);
  if (wait) {
    const ms = Number(wait[1]);
    if (ms > WAIT_MAX_MS) throw new UsageError(`${word}: wait at most ${WAIT_MAX_MS} ms`);
    return { word, kind: "wait", ms };
  }
  let name = word;
  let held = false;
  if (name.startsWith("HOLD_")) {
    name = name.slice(5);
    held = true;
  } else if (name.endsWith("+HOLD")) {
    name = name.slice(0, -5);
    held = true;
  }
  if (!Object.hasOwn(BUTTONS, name)) return null;
  const button = BUTTONS[name];
  return { word, kind: "press", button, pin: PINS[button], ms: held ? HOLD_MS : PRESS_MS };
}

/** The actions of a script's text. UsageError names the first unknown word. */
export function parseKeys(text) {
  const actions = [];
  for (const line of text.split(/\r?\n/)) {
    for (const raw of line.split("#", 1)[0].split(/\s+/)) {
      if (!raw) continue;
      const found = action(raw.toUpperCase());
      if (found === null) {
        throw new UsageError(`unknown key word ${JSON.stringify(raw)}: want one of ${knownWords()}`);
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
export function readKeys(argument) {
  if (!argument.startsWith("@")) return parseKeys(argument);
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
  return parseKeys(data.toString("utf8"));
}
