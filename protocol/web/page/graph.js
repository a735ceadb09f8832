// The evaluation graph of the page: White's score for each position of the line (from the engines'
// searches and "analyse game"), the moves that lost winning chances, and clicks that jump there.
// Uses the page's state and helpers (S, $, send, lineKey) from app.js and formatScore and
// scoreValue from engine_output.js, which are loaded after this file; these functions run only
// once they are.
'use strict';

function moverIsWhite(st, ply) {
  const startBlack = st.start_fen.trim().split(/\s+/)[1] === 'b';
  return ((ply - 1) + (startBlack ? 1 : 0)) % 2 === 0;
}

// White's winning chances in percent for a White score in centipawns (the curve lichess uses).
function winPercent(cp) {
  return 50 + 50 * (2 / (1 + Math.exp(-0.00368208 * cp)) - 1);
}

// White's score of the position after `ply` turns of the line as a number (centipawns, a mate
// +-10000), or undefined when unknown.
function evalAt(st, ply) {
  const score = S.evals.get(lineKey(st, ply));
  return score ? scoreValue(score) : undefined;
}

// "??", "?" or "?!" when move `ply` lost 30, 20 or 10 points of its side's winning chances
// according to the scores of the positions before and after it; "" otherwise or when unknown.
function moveQuality(st, ply) {
  const before = evalAt(st, ply - 1), after = evalAt(st, ply);
  if (before === undefined || after === undefined || before === null || after === null) return '';
  const drop = moverIsWhite(st, ply) ? winPercent(before) - winPercent(after) : winPercent(after) - winPercent(before);
  return drop >= 30 ? '??' : drop >= 20 ? '?' : drop >= 10 ? '?!' : '';
}

const GRAPH_W = 600, GRAPH_H = 120;

function graphY(cp) {
  return GRAPH_H / 2 - (GRAPH_H / 2 - 4) * (2 / (1 + Math.exp(-0.004 * cp)) - 1);
}

// One point per position of the line (0 = the start), White's view: up is good for White.
function renderGraph() {
  const st = S.state;
  const svg = $('graph');
  if (!st || !svg) return;
  const n = st.moves.length;
  const x = (ply) => (n ? (ply / n) * GRAPH_W : GRAPH_W / 2);
  const pts = [];
  for (let ply = 0; ply <= n; ++ply) {
    const v = evalAt(st, ply);
    if (v !== undefined && v !== null) pts.push([ply, v]);
  }
  const out = [];
  if (pts.length >= 2) {
    out.push(`<rect class="graph-black" x="0" y="0" width="${GRAPH_W}" height="${GRAPH_H}"/>`);
    const line = pts.map(([p, v]) => `${x(p).toFixed(1)},${graphY(v).toFixed(1)}`).join(' ');
    out.push(`<polygon class="graph-white" points="${x(pts[0][0]).toFixed(1)},${GRAPH_H} ${line} ${x(pts[pts.length - 1][0]).toFixed(1)},${GRAPH_H}"/>`);
    out.push(`<polyline class="graph-line" points="${line}"/>`);
  }
  out.push(`<line class="graph-mid" x1="0" y1="${GRAPH_H / 2}" x2="${GRAPH_W}" y2="${GRAPH_H / 2}"/>`);
  out.push(`<line class="graph-cursor" x1="${x(st.cursor)}" y1="0" x2="${x(st.cursor)}" y2="${GRAPH_H}"/>`);
  for (const [p, v] of pts) {
    const q = p > 0 ? moveQuality(st, p) : '';
    out.push(`<circle class="graph-point${q ? ' q' + q.length + (q === '?!' ? 'i' : '') : ''}" data-ply="${p}" cx="${x(p).toFixed(1)}" cy="${graphY(v).toFixed(1)}" r="${q ? 6 : 3.5}"><title>${p ? 'after move ' + p : 'start'}: ${formatScore(S.evals.get(lineKey(st, p)))}${q ? ' ' + q : ''}</title></circle>`);
  }
  svg.innerHTML = out.join('');
  $('graph-note').textContent = pts.length
    ? `${pts.length} of ${n + 1} positions scored. Click the graph to go there.`
    : 'Scores appear as engines search, or press Analyse game.';
}

function onGraphClick(event) {
  const st = S.state;
  if (!st || !st.moves.length) return;
  const svg = $('graph');
  const pt = svg.createSVGPoint();
  pt.x = event.clientX;
  pt.y = event.clientY;
  const p = pt.matrixTransform(svg.getScreenCTM().inverse());
  const ply = Math.max(0, Math.min(st.moves.length, Math.round((p.x / GRAPH_W) * st.moves.length)));
  if (ply !== st.cursor) send(`jump ${ply}`);
}

