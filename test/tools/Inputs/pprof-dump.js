// pprof-dump.js - Print a gzip'd pprof profile as text, decoded by the npm
// package pprof-format (an independent reader of profile.proto), so that a
// test can check exactly what llvm-pathprof export --format=pprof wrote.
//
//   node pprof-dump.js FILE
//
// Prints the sample types, then one line per sample, sorted:
//   sample VALUES | LABELS | STACK
// VALUES one per sample type; LABELS key=value (numbers as numbers);
// STACK the frames leaf first, each function@line[:column] (function as
// its name, the system name and file after it on the function lines).
// Then one line per function: id, name, system name, file, start line, and
// one line per comment of the profile: comment TEXT.
// Also checks what a reader relies on: string 0 is empty, every id a
// sample, location or line uses exists, ids are unique.
'use strict';
const fs = require('fs');
const zlib = require('zlib');
const { Profile } = require('pprof-format');

function fail(msg) {
  console.error('pprof-dump: ' + msg);
  process.exit(1);
}

const file = process.argv[2];
const bytes = fs.readFileSync(file);
if (bytes[0] !== 0x1f || bytes[1] !== 0x8b)
  fail(file + ': not gzip');
const p = Profile.decode(zlib.gunzipSync(bytes));
const strings = p.stringTable.strings;
if (strings[0] !== '')
  fail('string 0 is "' + strings[0] + '", not empty');
const str = (i) => {
  const s = strings[Number(i)];
  if (s === undefined)
    fail('string index ' + i + ' out of range');
  return s;
};

const functions = new Map();
for (const f of p.function) {
  if (functions.has(Number(f.id)))
    fail('function id ' + f.id + ' twice');
  functions.set(Number(f.id), f);
}
const locations = new Map();
for (const l of p.location) {
  if (locations.has(Number(l.id)))
    fail('location id ' + l.id + ' twice');
  for (const line of l.line)
    if (!functions.has(Number(line.functionId)))
      fail('location ' + l.id + ' names function ' + line.functionId);
  locations.set(Number(l.id), l);
}

console.log('types ' + p.sampleType.map((t) => str(t.type) + '/' + str(t.unit)).join(' '));
const lines = [];
for (const s of p.sample) {
  if (s.value.length !== p.sampleType.length)
    fail('a sample has ' + s.value.length + ' values for ' + p.sampleType.length + ' types');
  const labels = s.label.map((l) => str(l.key) + '=' +
      (Number(l.str) ? str(l.str) : String(l.num)));
  const stack = s.locationId.map((id) => {
    const loc = locations.get(Number(id));
    if (!loc)
      fail('a sample names location ' + id);
    return loc.line.map((line) => {
      const f = functions.get(Number(line.functionId));
      return str(f.name) + '@' + line.line +
          (Number(line.column) ? ':' + line.column : '');
    }).join('+');
  });
  lines.push('sample ' + s.value.join(' ') + ' | ' + labels.join(' ') + ' | ' + stack.join(' '));
}
lines.sort();
for (const l of lines)
  console.log(l);
for (const f of [...functions.values()].sort((a, b) => Number(a.id) - Number(b.id)))
  console.log('function ' + f.id + ' ' + str(f.name) + ' ' + str(f.systemName) + ' ' +
      str(f.filename) + ' ' + f.startLine);
for (const c of p.comment)
  console.log('comment ' + str(c));
