// JSON without losing digits: the engine's answers carry 64-bit integers (the seed of a
// random board); JSON.parse would round those above 2^53 to the nearest double, so a
// share link would name another puzzle. Here every integer a double cannot hold exactly
// becomes its decimal string; smaller ones stay numbers. Transports parse with this.

/** A string token, or an integer token of 16 digits or more (a double holds all of 15). */
const STRING_OR_LONG_INTEGER = /"(?:[^"\\]|\\.)*"|(?<=[[,:]\s*)-?\d{16,}(?=\s*[,\]}])/g;

/** `JSON.parse(text)`, with integers beyond 2^53 kept exact as decimal strings. */
export function parseJson(text) {
  // Most answers hold no integer of 16 digits: nothing to protect. (An integer token
  // follows '[', ',' or ':'; a string of digits, such as a row of presses, follows '"'.)
  if (!/[[,:]\s*-?\d{16}/.test(text)) return JSON.parse(text);
  const exact = text.replace(STRING_OR_LONG_INTEGER, (token) =>
    token.charCodeAt(0) === 34 || Number.isSafeInteger(Number(token)) ? token : `"${token}"`,
  );
  return JSON.parse(exact);
}
