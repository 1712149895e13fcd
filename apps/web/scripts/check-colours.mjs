#!/usr/bin/env node
// Fails when a literal colour (hex, rgb(), hsl() and the like, or a named colour) appears in the
// web app's styles outside src/styles/tokens.css: in a CSS file, or in a style given in a .tsx.
// Colours are tokens (custom properties) so that one place says what the palette is.
// Prints file:line for each and exits 1. Usage: node scripts/check-colours.mjs [srcDir]
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const src = resolve(process.argv[2] ?? 'src');
const TOKENS = join(src, 'styles', 'tokens.css');

// The CSS named colours (CSS Color 4), minus the keywords that name no colour of their own
// (transparent, currentColor, inherit and the other CSS-wide keywords are fine).
const NAMED = `aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue
blueviolet brown burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson
cyan darkblue darkcyan darkgoldenrod darkgray darkgreen darkgrey darkkhaki darkmagenta
darkolivegreen darkorange darkorchid darkred darksalmon darkseagreen darkslateblue darkslategray
darkslategrey darkturquoise darkviolet deeppink deepskyblue dimgray dimgrey dodgerblue firebrick
floralwhite forestgreen fuchsia gainsboro ghostwhite gold goldenrod gray green greenyellow grey
honeydew hotpink indianred indigo ivory khaki lavender lavenderblush lawngreen lemonchiffon
lightblue lightcoral lightcyan lightgoldenrodyellow lightgray lightgreen lightgrey lightpink
lightsalmon lightseagreen lightskyblue lightslategray lightslategrey lightsteelblue lightyellow
lime limegreen linen magenta maroon mediumaquamarine mediumblue mediumorchid mediumpurple
mediumseagreen mediumslateblue mediumspringgreen mediumturquoise mediumvioletred midnightblue
mintcream mistyrose moccasin navajowhite navy oldlace olive olivedrab orange orangered orchid
palegoldenrod palegreen paleturquoise palevioletred papayawhip peachpuff peru pink plum
powderblue purple rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown seagreen
seashell sienna silver skyblue slateblue slategray slategrey snow springgreen steelblue tan teal
thistle tomato turquoise violet wheat white whitesmoke yellow yellowgreen`.split(/\s+/);

const FUNCTION = /\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\(/i;
const HEX = /#[0-9a-f]{3,8}\b/i;
const NAMED_WORD = new RegExp(`(?<![\\w-])(?:${NAMED.join('|')})(?![\\w-])`, 'i');

/** The literal colour in a line of CSS, if any: declarations' values only (not selectors,
 * comments or quoted strings such as a `content`). */
function cssColour(line) {
  const code = line.replace(/\/\*.*?\*\//g, '').replace(/"[^"]*"|'[^']*'/g, '""');
  for (const part of code.split(/[{};]/)) {
    const value = /^\s*-{0,2}[\w-]+\s*:(?!:)(.*)$/.exec(part)?.[1];
    if (value === undefined) continue;
    const hit = FUNCTION.exec(value) ?? HEX.exec(value) ?? NAMED_WORD.exec(value);
    if (hit) return hit[0];
  }
  return null;
}

/** The literal colour in a line of a .tsx style (a string holding a hex or colour function). */
function tsxColour(line) {
  const code = line.replace(/\/\/.*$/, '');
  for (const [, , text] of code.matchAll(/(['"`])((?:(?!\1).)*)\1/g)) {
    const hit = FUNCTION.exec(text) ?? HEX.exec(text);
    if (hit) return hit[0];
    if (
      NAMED.includes(text.trim().toLowerCase()) &&
      /\b(?:color|background|border|fill|stroke)/i.test(code)
    ) {
      return text.trim();
    }
  }
  return null;
}

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (/\.(css|tsx)$/.test(entry.name) && !/\.test\.tsx$/.test(entry.name)) yield path;
  }
}

const found = [];
for (const file of files(src)) {
  if (file === TOKENS) continue;
  const find = file.endsWith('.css') ? cssColour : tsxColour;
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, index) => {
      const colour = find(line);
      if (colour) found.push(`${relative(process.cwd(), file)}:${index + 1}: ${colour}`);
    });
}

if (found.length > 0) {
  console.error('Literal colours outside src/styles/tokens.css (use a token from there):');
  for (const line of found) console.error(`  ${line}`);
  process.exit(1);
}
console.log('check-colours: no literal colours outside src/styles/tokens.css');
