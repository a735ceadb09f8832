// A file of several game records: split into records and labelled for the list the player picks from.
'use strict';

// The records of a file (each starts with its tag pairs); several are offered in a list.
function splitRecords(text) {
  const lines = text.split(/\r?\n/);
  const records = [];
  let current = [];
  let inMoves = false;
  for (const line of lines) {
    const tag = /^\s*\[/.test(line);
    if (tag && inMoves && current.some((l) => l.trim())) {
      records.push(current.join('\n'));
      current = [];
    }
    if (tag) inMoves = false;
    else if (line.trim()) inMoves = true;
    current.push(line);
  }
  if (current.some((l) => l.trim())) records.push(current.join('\n'));
  return records;
}

function recordLabel(record, i) {
  const tag = (name) => { const m = record.match(new RegExp(`^\\[${name} "((?:[^"\\\\]|\\\\.)*)"\\]`, 'm')); return m ? m[1] : '?'; };
  const plies = (record.replace(/^\s*\[.*$/gm, '').replace(/\{[^}]*\}/g, '').match(/\b[a-j][1-8][a-j0-9,=]*/g) || []).length;
  return `${i + 1}. ${tag('White')} – ${tag('Black')} ${tag('Result')} (${tag('Variant')}, ${plies} moves)`;
}

