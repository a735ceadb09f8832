// The SVG board: draws a board string (80 characters, a1..j8: 'W', 'B', '.') with highlights,
// reports clicks and drags by square index and animates moves. It knows geometry only, never the
// rules. A drag from square A to square B is reported as onSquare(A, {drag}) then onSquare(B, {drag}).
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
      return `<g class="${cls}" data-piece="${sq}"><circle cx="${cx}" cy="${cy}" r="37"/>` +
             `<circle class="mark" cx="${cx}" cy="${cy}" r="20"/></g>`;
    }
    // Black: a square block with a cross mark, so the two sides differ by shape as well as colour.
    return `<g class="${cls}" data-piece="${sq}"><rect x="${cx - 32}" y="${cy - 32}" width="64" height="64" rx="9"/>` +
           `<path class="mark" d="M${cx - 13} ${cy - 13}L${cx + 13} ${cy + 13}M${cx + 13} ${cy - 13}L${cx - 13} ${cy + 13}"/></g>`;
  }

  // view: {board, last: {from: Set, to: Set}, selected: Set, dests: Set, partners: Set,
  //        groups: [{squares: Set, label}], arrows: [[from, to, label?, cls?]], ghost: Set,
  //        enemy: 'W' | 'B' (a destination holding an enemy piece is a capture), interactive: bool}
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
      // Only an enemy piece is captured: an own piece on a landing square (an ordo moving along
      // its own line) gets the plain dot.
      if (view.board[sq] === view.enemy) out.push(`<circle class="dest-capture" cx="${cx}" cy="${cy}" r="44"/>`);
      else out.push(`<circle class="dest" cx="${cx}" cy="${cy}" r="15"/>`);
    }
    for (const [a, b, label, extra] of view.arrows || []) {
      const [x1, y1] = center(a), [x2, y2] = center(b);
      out.push(`<line class="arrow${extra ? ' ' + extra : ''}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" marker-end="url(#arrowhead)"/>`);
      if (label) {
        // The order of the parts of a turn: a numbered disc at the start of each part's arrow.
        out.push(`<g class="arrow-label${extra ? ' ' + extra : ''}"><circle cx="${x1}" cy="${y1}" r="19"/>` +
                 `<text x="${x1}" y="${y1 + 9}">${label}</text></g>`);
      }
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

  // The square under a point of the page, or -1 outside the board.
  function squareAt(clientX, clientY) {
    const pt = svg.createSVGPoint();
    pt.x = clientX;
    pt.y = clientY;
    const p = pt.matrixTransform(svg.getScreenCTM().inverse());
    const col = Math.floor(p.x / CELL), row = Math.floor(p.y / CELL);
    if (col < 0 || col >= FILES || row < 0 || row >= RANKS) return -1;
    const f = flipped ? FILES - 1 - col : col;
    const r = flipped ? row : RANKS - 1 - row;
    return r * FILES + f;
  }
  function svgPoint(clientX, clientY) {
    const pt = svg.createSVGPoint();
    pt.x = clientX;
    pt.y = clientY;
    return pt.matrixTransform(svg.getScreenCTM().inverse());
  }

  // Pointer input: a press and release on one square is a click; a press, a move of more than a
  // few pixels and a release elsewhere is a drag, the piece following the pointer meanwhile.
  let press = null;  // {sq, x, y, dragging, el, start}
  svg.addEventListener('pointerdown', (event) => {
    if (event.button !== 0) return;
    const sq = squareAt(event.clientX, event.clientY);
    if (sq < 0) return;
    press = { sq, x: event.clientX, y: event.clientY, dragging: false, el: null, id: event.pointerId };
    try { svg.setPointerCapture(event.pointerId); } catch (e) { /* not capturable: clicks still work */ }
    event.preventDefault();
  });
  svg.addEventListener('pointermove', (event) => {
    if (!press || event.pointerId !== press.id) return;
    if (!press.dragging) {
      if (Math.hypot(event.clientX - press.x, event.clientY - press.y) < 6) return;
      if (!svg.classList.contains('interactive')) return;
      press.el = svg.querySelector(`[data-piece="${press.sq}"]`);
      if (!press.el) return;
      press.dragging = true;
      press.start = svgPoint(press.x, press.y);
      press.el.classList.add('dragging');
      svg.appendChild(press.el);  // on top of everything while it moves
    }
    const p = svgPoint(event.clientX, event.clientY);
    press.el.setAttribute('transform', `translate(${p.x - press.start.x} ${p.y - press.start.y})`);
  });
  function release(event, cancelled) {
    if (!press || event.pointerId !== press.id) return;
    const done = press;
    press = null;
    if (cancelled) {
      if (done.el) { done.el.removeAttribute('transform'); done.el.classList.remove('dragging'); }
      return;
    }
    const sq = squareAt(event.clientX, event.clientY);
    if (!done.dragging) {
      if (sq === done.sq) onSquare(sq, {});
      return;
    }
    if (done.el) { done.el.removeAttribute('transform'); done.el.classList.remove('dragging'); }
    if (onSquare(done.sq, { drag: 'start' }) && sq >= 0 && sq !== done.sq) onSquare(sq, { drag: 'end' });
  }
  svg.addEventListener('pointerup', (event) => release(event, false));
  svg.addEventListener('pointercancel', (event) => release(event, true));

  // Slides the pieces now on `to` squares in from the `from` squares (parallel arrays), `ms` long.
  function animate(from, to, ms) {
    to.forEach((t, i) => {
      const el = svg.querySelector(`[data-piece="${t}"]`);
      if (!el || !el.animate) return;
      const [x0, y0] = center(from[i]), [x1, y1] = center(t);
      el.animate([{ transform: `translate(${x0 - x1}px, ${y0 - y1}px)` }, { transform: 'translate(0px, 0px)' }],
                 { duration: ms, easing: 'ease-out' });
    });
  }

  return {
    render,
    animate,
    setFlipped(value) { flipped = value; },
    isFlipped() { return flipped; },
  };
}
