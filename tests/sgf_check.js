#!/usr/bin/env node
// tests/sgf_check.js: an outside check of every kind of SGF `mathgo solve --sgf` writes, and
// of the games `mathgo gtp`'s printsgf writes.
//
// Usage: node tests/sgf_check.js MATHGO NODE_MODULES DATA_DIR
//
// Runs mathgo on a few boards (squares, rectangles, --variations, a game with a history, every
// rule family), then, with Sabaki's own libraries (npm's @sabaki/sgf and @sabaki/go-board,
// nothing of mathgo's): tokenizes (no invalid token) and parses each file, checks the root's
// GM FF CA AP SZ KM RU GC, and replays every path from the root to a leaf on a go-board Board
// with overwrites, simple ko and (unless the rules allow it) suicide refused, plus positional
// or situational superko checked here over the path's positions.  Main lines that end in two
// passes under area scoring are counted here and must match RE; under last-move scoring the
// player to move at the end must have no legal move and RE must name the other.  Exits 1 on
// the first problem, naming the file and the move.
'use strict';

const fs = require('fs');
const os = require('os');
const path = require('path');
const {execFileSync} = require('child_process');

const [mathgo, modules, data] = process.argv.slice(2);
if (!mathgo || !modules || !data) {
  console.error('usage: node sgf_check.js MATHGO NODE_MODULES DATA_DIR');
  process.exit(2);
}
const sgf = require(path.resolve(modules, '@sabaki/sgf'));
const Board = require(path.resolve(modules, '@sabaki/go-board'));

class CheckError extends Error {}

function fail(file, message) {
  throw new CheckError(`${path.basename(file)}: ${message}`);
}

// The runs: arguments of `mathgo solve` (the --sgf FILE is added).
const runs = [
  ['3x3', '--rules', 'tromp-taylor'],
  ['4x2', '--rules', 'chinese', '--komi', '0.5'],
  ['2x3', '--rules', 'chinese,ko=situational', '--variations'],
  ['3x2', '--rules', 'math', '--variations'],
  ['2x2', '--rules', 'tromp-taylor', '--komi', '-1', '--variations'],
  ['5x1', '--rules', 'pseudo', '--variations'],
  ['--from', path.join(data, 'sgf_history.sgf'), '--variations'],
  ['--from', path.join(data, 'history_moves.txt'), '--rules', 'chinese'],
];

// GTP sessions whose game `printsgf FILE` then writes (setup stones, a rectangle, a move out
// of turn after an inserted pass, a loaded history).
const sessions = [
  `loadsgf ${path.join(data, 'sgf_gtp_rectangle.sgf')}\nplay w d3\nplay w a1\n`,
  'boardsize 3\nkomi 0.5\nplay b b2\nplay w a1\nplay b a2\nplay w b1\nplay b c1\n',
  `rectangular_boardsize 2 1\nmathgo-rules math\nplay b a1\nplay w b1\n`,
  `loadsgf ${path.join(data, 'sgf_history.sgf')}\n`,
];

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mathgo-sgf-check-'));
let files = 0, paths = 0, moves = 0;

function one(props, id) {
  return props[id] ? props[id][0] : undefined;
}

// The key of a position for superko (with the player to move under situational superko).
function key(board, next, situational) {
  return JSON.stringify(board.signMap) + (situational ? next : '');
}

// Area score: stones plus empty regions that reach one colour only.
function areaMargin(board) {
  let black = 0, white = 0;
  const seen = new Set();
  for (let y = 0; y < board.height; y++)
    for (let x = 0; x < board.width; x++) {
      const s = board.get([x, y]);
      if (s === 1) black++;
      else if (s === -1) white++;
      else if (!seen.has(`${x},${y}`)) {
        const region = board.getConnectedComponent([x, y], v => board.get(v) === 0);
        const reach = new Set();
        for (const v of region) {
          seen.add(`${v[0]},${v[1]}`);
          for (const n of board.getNeighbors(v)) reach.add(board.get(n));
        }
        reach.delete(0);
        if (reach.size === 1) (reach.has(1) ? (black += region.length) : (white += region.length));
      }
    }
  return black - white;
}

function marginText(margin2) {
  if (margin2 === 0) return '0';
  const points = Math.abs(margin2) / 2;
  return `${margin2 > 0 ? 'B' : 'W'}+${points}`;
}

function check(file, text = fs.readFileSync(file, 'utf8')) {
  const tokens = sgf.tokenize(text);
  tokens.forEach((token, i) => {
    const at = `at line ${token.row + 1}, column ${token.col + 1}`;
    if (token.type === 'invalid') fail(file, `invalid token '${token.value}' ${at}`);
    if (token.type === 'prop_ident' && (tokens[i + 1] || {}).type !== 'c_value_type')
      fail(file, `property ${token.value} without a value ${at}`);
  });
  const roots = sgf.parse(text);
  if (roots.length !== 1) fail(file, `${roots.length} game trees, expected 1`);
  const root = roots[0];
  const p = root.data;
  if (one(p, 'GM') !== '1' || one(p, 'FF') !== '4' || one(p, 'CA') !== 'UTF-8')
    fail(file, 'GM[1]FF[4]CA[UTF-8] missing');
  if (!/^mathgo:/.test(one(p, 'AP') || '')) fail(file, 'AP[mathgo:VERSION] missing');
  const size = (one(p, 'SZ') || '').split(':').map(Number);
  const [width, height] = size.length === 2 ? size : [size[0], size[0]];
  if (!(width >= 1 && height >= 1)) fail(file, `bad SZ[${one(p, 'SZ')}]`);
  const gc = one(p, 'GC') || '';
  const rule = k => (gc.match(new RegExp(`${k}=([a-z0-9-]+)`)) || [])[1];
  if (!one(p, 'RU') || !rule('ko') || !rule('scoring') || one(p, 'KM') === undefined)
    fail(file, 'RU, KM or the rule set in GC missing');
  const komi2 = Math.round(Number(one(p, 'KM')) * 2);
  const suicide = rule('suicide') === '1';
  const situational = rule('ko') === 'situational';
  const superko = rule('ko') !== 'simple';

  let start = Board.fromDimensions(width, height);
  for (const [id, sign] of [['AB', 1], ['AW', -1]])
    for (const value of p[id] || [])
      for (const v of sgf.parseCompressedVertices(value)) start.set(v, sign);
  const first = one(p, 'PL') === 'W' ? -1 : 1;

  // Every path from the root to a leaf, depth first.
  const walk = (node, board, next, seen, passes, isMain, depth) => {
    if (depth > 0) {
      const id = node.data.B ? 'B' : node.data.W ? 'W' : null;
      if (!id) fail(file, `node ${depth} has no move`);
      const sign = id === 'B' ? 1 : -1;
      if (sign !== next) fail(file, `node ${depth}: ${id} plays out of turn`);
      const value = node.data[id][0];
      const pass = value === '' || (value === 'tt' && width <= 19 && height <= 19);
      moves++;
      if (pass) {
        if (rule('pass') === '0') fail(file, `node ${depth}: a pass under pass=0`);
        passes++;
        // Under situational superko the situation after a pass (the other player to move)
        // is one a later move may not recreate either.
        if (situational) seen = new Set(seen).add(key(board, -sign, situational));
      } else {
        const v = sgf.parseVertex(value);
        if (!board.has(v)) fail(file, `node ${depth}: ${id}[${value}] is off the board`);
        try {
          board = board.makeMove(sign, v, {
            preventOverwrite: true,
            preventSuicide: !suicide,
            preventKo: true,
          });
        } catch (e) {
          fail(file, `node ${depth}: ${id}[${value}] is illegal for go-board: ${e.message}`);
        }
        const k = key(board, -sign, situational);
        if (superko && seen.has(k)) fail(file, `node ${depth}: ${id}[${value}] repeats a position`);
        seen = new Set(seen).add(k);
        passes = 0;
      }
      next = -sign;
    }
    if (node.children.length) {
      node.children.forEach((child, i) =>
        walk(child, board, next, seen, passes, isMain && i === 0, depth + 1));
      return;
    }
    paths++;
    if (!isMain) return;
    const re = one(p, 'RE');
    if (rule('scoring') === 'area' && rule('tax') === 'none' && passes >= 2) {
      const got = marginText(2 * areaMargin(board) - komi2);
      if (re !== got) fail(file, `RE[${re}] but the final position counts ${got}`);
    }
    if (rule('scoring') === 'last-move') {
      for (let y = 0; y < height; y++)
        for (let x = 0; x < width; x++) {
          if (board.get([x, y]) !== 0) continue;
          let after;
          try {
            after = board.makeMove(next, [x, y], {preventSuicide: !suicide, preventKo: true});
          } catch (e) {
            continue;
          }
          if (!seen.has(key(after, -next, situational)))
            fail(file, `the game ends but ${next > 0 ? 'B' : 'W'} can play ${sgf.stringifyVertex([x, y])}`);
        }
      const winner = next > 0 ? 'W+' : 'B+';
      if (re !== winner) fail(file, `RE[${re}] but ${winner} wins: the player to move has no move`);
    }
  };
  walk(root, start, first, new Set([key(start, first, situational)]), 0, true, 0);
  files++;
}

// Controls: files the check must refuse, so that a check that passes everything is caught.
const header = 'GM[1]FF[4]CA[UTF-8]AP[mathgo:control]KM[0]RU[control]' +
  'GC[ko=positional, suicide=0, pass=1, scoring=area, tax=none]PL[B]';
const controls = [
  ['an occupied point', `(;${header}SZ[2];B[aa];W[aa])`],
  ['a move out of turn', `(;${header}SZ[2];B[aa];B[bb])`],
  ['a repeated position', `(;${header}SZ[2:1];B[aa];W[ba];B[aa])`],
  ['a suicide', `(;${header}SZ[2]AB[ba][ab];W[aa])`],
  ['a wrong result', `(;${header}RE[W+1]SZ[2];B[aa];W[];B[])`],
  ['a wrong last-move result', `(;${header.replace('area', 'last-move')}RE[B+]SZ[1:2];B[aa])`],
  ['an invalid token', `(;${header}SZ[2];B[aa] @)`],
  ['a property without a value', `(;${header}SZ[2];B[aa] x)`],
];
function main() {
  for (const [what, text] of controls) {
    try {
      check(`control (${what})`, text);
    } catch (e) {
      if (e instanceof CheckError) continue;
      throw e;
    }
    throw new CheckError(`control (${what}) was not refused: the check is broken`);
  }
  for (const [i, args] of runs.entries()) {
    const file = path.join(dir, `game${i}.sgf`);
    try {
      execFileSync(mathgo, ['solve', ...args, '--sgf', file], {stdio: ['ignore', 'ignore', 'pipe']});
    } catch (e) {
      fail(file, `mathgo solve ${args.join(' ')} failed: ${e.stderr}`);
    }
    check(file);
    fs.unlinkSync(file);
  }
  for (const [i, script] of sessions.entries()) {
    const file = path.join(dir, `gtp${i}.sgf`);
    const out = execFileSync(mathgo, ['gtp'], {input: `${script}printsgf ${file}\nquit\n`}).toString();
    if (/^\?/m.test(out)) fail(file, `mathgo gtp refused a command of session ${i}: ${out}`);
    check(file);
    fs.unlinkSync(file);
  }
  fs.rmdirSync(dir);
  console.log(`sgf_check: ${files} files, ${paths} paths, ${moves} moves replayed by ` +
              `@sabaki/go-board, all legal; ${controls.length} broken controls refused`);
}

try {
  main();
} catch (e) {
  console.error(`sgf_check: ${e instanceof CheckError ? '' : 'internal error: '}${e.message}`);
  process.exit(1);
}
