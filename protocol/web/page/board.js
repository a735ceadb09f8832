// The SVG board: draws a board string (80 characters, a1..j8: 'W', 'B', '.') with highlights and
// reports clicks by square index. It knows geometry only, never the rules.
'use strict';

const FILES = 10, RANKS = 8, CELL = 100;
const FILE_NAMES = 'abcdefghij';

function squareName(sq) {
  return FILE_NAMES[sq % FILES] + String(Math.floor(sq / FILES) + 1);
}

function makeBoard(svg, onSquare) {
  let flipped = false;

  function cellXY(sq) {
    const f = sq % FILES, r = Math.floor(sq / FILES);
    const col = flipped ? FILES - 1 - f : f;
    const row = flipped ? r : RANKS - 1 - r;
    return [col * CELL, row * CELL];
  }
  function center(sq) {
    const [x, y] = cellXY(sq);
    return [x + CELL / 2, y + CELL / 2];
  }

  function piece(sq, colour, extraClass) {
    const [cx, cy] = center(sq);
    const cls = 'piece ' + (colour === 'W' ? 'white' : 'black') + (extraClass ? ' ' + extraClass : '');
    if (colour === 'W') {
      // White: a round disc with an inner ring.
      return `<g class="${cls}"><circle cx="${cx}" cy="${cy}" r="37"/>` +
             `<circle class="mark" cx="${cx}" cy="${cy}" r="20"/></g>`;
    }
    // Black: a square block with a cross mark, so the two sides differ by shape as well as colour.
    return `<g class="${cls}"><rect x="${cx - 32}" y="${cy - 32}" width="64" height="64" rx="9"/>` +
           `<path class="mark" d="M${cx - 13} ${cy - 13}L${cx + 13} ${cy + 13}M${cx + 13} ${cy - 13}L${cx - 13} ${cy + 13}"/></g>`;
  }

  // view: {board, last: {from: Set, to: Set}, selected: Set, dests: Set, partners: Set,
  //        groups: [{squares: Set, label}], arrows: [[from, to]], ghost: Set, interactive: bool}
  function render(view) {
    const out = [];
    out.push('<defs><marker id="arrowhead" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="4" markerHeight="4" orient="auto-start-reverse">' +
             '<path d="M0 0L10 5L0 10z" class="arrow-head"/></marker></defs>');
    for (let sq = 0; sq < FILES * RANKS; ++sq) {
      const [x, y] = cellXY(sq);
      const dark = ((sq % FILES) + Math.floor(sq / FILES)) % 2 === 0;
      let cls = 'cell ' + (dark ? 'dark' : 'light');
      if (view.last && view.last.from.has(sq)) cls += ' last-from';
      if (view.last && view.last.to.has(sq)) cls += ' last-to';
      out.push(`<rect class="${cls}" x="${x}" y="${y}" width="${CELL}" height="${CELL}"/>`);
      const r = Math.floor(sq / FILES);
      if (r === 7 || r === 0) {
        // Target rows: a thin band at the outer edge.
        out.push(`<rect class="target-band" x="${x}" y="${(flipped ? r === 0 : r === 7) ? y : y + CELL - 6}" width="${CELL}" height="6"/>`);
      }
    }
    // Coordinates.
    for (let f = 0; f < FILES; ++f) {
      const col = flipped ? FILES - 1 - f : f;
      out.push(`<text class="coord" x="${col * CELL + CELL / 2}" y="${RANKS * CELL + 30}">${FILE_NAMES[f]}</text>`);
    }
    for (let r = 0; r < RANKS; ++r) {
      const row = flipped ? r : RANKS - 1 - r;
      out.push(`<text class="coord" x="-20" y="${row * CELL + CELL / 2 + 10}">${r + 1}</text>`);
    }
    if (view.last) {
      for (const sq of view.last.to) {
        const [x, y] = cellXY(sq);
        out.push(`<rect class="last-mark" x="${x + 4}" y="${y + 4}" width="${CELL - 8}" height="${CELL - 8}"/>`);
      }
    }
    const groupOf = new Map();
    (view.groups || []).forEach((g) => g.squares.forEach((sq) => groupOf.set(sq, g.label)));
    for (let sq = 0; sq < FILES * RANKS; ++sq) {
      const c = view.board[sq];
      if (c === 'W' || c === 'B') {
        let extra = '';
        if (view.ghost && view.ghost.has(sq)) extra = 'ghost';
        out.push(piece(sq, c, extra));
      }
      if (groupOf.has(sq)) {
        const [cx, cy] = center(sq);
        out.push(`<circle class="group-ring" cx="${cx}" cy="${cy}" r="44"/>`);
        out.push(`<text class="group-label" x="${cx + 30}" y="${cy - 22}">${groupOf.get(sq)}</text>`);
      }
    }
    for (const sq of view.selected || []) {
      const [x, y] = cellXY(sq);
      out.push(`<rect class="selected" x="${x + 5}" y="${y + 5}" width="${CELL - 10}" height="${CELL - 10}" rx="8"/>`);
    }
    for (const sq of view.partners || []) {
      const [cx, cy] = center(sq);
      out.push(`<circle class="partner" cx="${cx}" cy="${cy}" r="45"/>`);
    }
    for (const sq of view.dests || []) {
      const [cx, cy] = center(sq);
      if (view.board[sq] === '.') out.push(`<circle class="dest" cx="${cx}" cy="${cy}" r="15"/>`);
      else out.push(`<circle class="dest-capture" cx="${cx}" cy="${cy}" r="44"/>`);
    }
    for (const [a, b] of view.arrows || []) {
      const [x1, y1] = center(a), [x2, y2] = center(b);
      out.push(`<line class="arrow" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" marker-end="url(#arrowhead)"/>`);
    }
    // A transparent layer on top takes the clicks.
    for (let sq = 0; sq < FILES * RANKS; ++sq) {
      const [x, y] = cellXY(sq);
      out.push(`<rect class="hit" data-sq="${sq}" id="sq-${squareName(sq)}" x="${x}" y="${y}" width="${CELL}" height="${CELL}">` +
               `<title>${squareName(sq)}</title></rect>`);
    }
    svg.innerHTML = out.join('');
    svg.classList.toggle('interactive', !!view.interactive);
  }

  svg.addEventListener('click', (event) => {
    const hit = event.target.closest('[data-sq]');
    if (hit) onSquare(Number(hit.dataset.sq));
  });

  return {
    render,
    setFlipped(value) { flipped = value; },
    isFlipped() { return flipped; },
  };
}
