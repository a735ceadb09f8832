// The Engine panel and the engine's messages: its searches (depth, score, nodes, the win/draw/loss
// bar and the principal variation as numbered moves), hints and the analysis of the game. Scores
// are shown from White's point of view. Uses the page's state and helpers (S, $, say, sideName,
// positionKey, lineKey, renderAll, renderGraph) from app.js and graph.js and storeGame from
// storage.js, called only after the page has loaded.
'use strict';

// Scores are shown from White's point of view, as lichess does: + is good for White.
function whiteScore(info) {
  const sign = info.side === 'black' ? -1 : 1;
  if (info.mate !== undefined) return { mate: sign * info.mate };
  if (info.cp !== undefined) return { cp: sign * info.cp };
  return null;
}

// A score as a number for the graph: centipawns, a mate as ±100.00.
function scoreValue(score) {
  if (!score) return null;
  if (score.mate !== undefined) return score.mate >= 0 ? 10000 : -10000;
  return score.cp;
}

function onInfo(msg) {
  S.info = msg;
  if (S.state) msg.fen = S.state.fen;  // the position searched: the PV is numbered from it
  // The deepest score of each position searched during play feeds the graph.
  const score = whiteScore(msg);
  if (score && S.state && msg.purpose !== 'analyse') S.evals.set(lineKey(S.state, S.state.cursor), { ...score, depth: msg.depth });
  renderEngine();
  renderGraph();
}

function onAnalysis(msg) {
  if (!S.state) return;
  S.evals.set(lineKey(S.state, msg.ply), whiteScore({ ...msg, side: 'white' }));
  storeGame(S.state);  // kept over a reload even when no state follows the last position's score
  S.analysing = { done: msg.ply + 1, total: S.state.moves.length + 1 };
  renderAll();
}

// The scores of a loaded record's comments (White's view, by ply of the line just loaded).
function onScores(msg) {
  if (!S.state || !Array.isArray(msg.scores)) return;
  for (const s of msg.scores) {
    const score = s.mate !== undefined ? { mate: s.mate } : { cp: s.cp };
    if (s.depth !== undefined) score.depth = s.depth;
    S.evals.set(lineKey(S.state, s.ply), score);
  }
  renderAll();
}

function onHint(msg) {
  S.hint = { tok: msg.tok, parts: msg.parts, key: positionKey(S.state) };
  S.messageKey = S.hint.key;
  say(msg.stopped ? `${msg.name} stopped; its best move so far: ${msg.tok}.` : `Hint from ${msg.name}: ${msg.tok}`, 'notice');
  renderAll();
}

// "+1.11" (White is better), "−0.35" (Black is better), "#3" (White mates in 3), "#−2".
function formatScore(score) {
  if (!score) return '–';
  if (score.mate !== undefined) return score.mate >= 0 ? `#${score.mate}` : `#−${-score.mate}`;
  const v = (Math.abs(score.cp) / 100).toFixed(2);
  return score.cp > 0 ? `+${v}` : score.cp < 0 ? `−${v}` : '0.00';
}

// A token for people: the parts of an Ordo X turn joined by "then".
function readableTurn(tok) {
  return tok.split(',').join(' then ');
}

// A line of turns numbered as in the move list, from the position shown: "12. e3e5 12… h7h6 13. …".
function readableLine(fen, toks) {
  const fields = fen.trim().split(/\s+/);
  let number = Number(fields[3] || 1);
  let black = fields[1] === 'b';
  return toks.map((tok, i) => {
    const head = !black ? `${number}. ` : i === 0 ? `${number}… ` : '';
    if (black) ++number;
    black = !black;
    return head + readableTurn(tok);
  }).join(' ');
}

function renderEngine() {
  const st = S.state;
  const info = S.info;
  const thinking = st && st.thinking;
  // Looking through the game: the score known for the position shown (from play, the analysis or
  // a loaded record), when no search is on show.
  const known = !info && !thinking && !S.analysing && st ? S.evals.get(lineKey(st, st.cursor)) : null;
  $('thinking').textContent = S.analysing
    ? `${thinking ? thinking.name : 'The engine'} is analysing the game: position ${S.analysing.done} of ${S.analysing.total}`
    : thinking
      ? `${thinking.name} is thinking (${thinking.purpose === 'hint' ? 'hint' : sideName(st.side)})`
      : info ? `Last search by ${info.name}`
        : known ? `Score of this position (${st.cursor ? 'after move ' + st.cursor : 'the start'})` : 'Idle';
  $('thinking').classList.toggle('busy', !!thinking);
  if (!info) {
    $('info-depth').textContent = known && known.depth !== undefined ? String(known.depth) : '–';
    $('info-score').textContent = known ? formatScore(known) : '–';
    $('info-nodes').textContent = '–';
    $('info-pv').textContent = '–';
    $('wdl').hidden = true;
    $('wdl-text').textContent = '';
    return;
  }
  $('info-depth').textContent = info.depth !== undefined ? String(info.depth) + (info.seldepth ? `/${info.seldepth}` : '') : '–';
  $('info-score').textContent = formatScore(whiteScore(info));
  $('info-nodes').textContent = info.nodes !== undefined ? `${info.nodes.toLocaleString('en')}${info.nps ? ` (${Math.round(info.nps / 1000)} kn/s)` : ''}` : '–';
  $('info-pv').textContent = info.pv && info.pv.length && st
    ? readableLine(info.fen || st.fen, info.pv) + (info.pv_cut ? ` (then ${info.pv_cut})` : '') : '–';
  if (info.wdl) {
    // The bar and the text take White's view: White's wins, draws, Black's wins.
    const [w, d, l] = info.side === 'white' ? info.wdl : [info.wdl[2], info.wdl[1], info.wdl[0]];
    const bar = $('wdl');
    bar.hidden = false;
    bar.querySelector('.w').style.width = `${w / 10}%`;
    bar.querySelector('.d').style.width = `${d / 10}%`;
    bar.querySelector('.l').style.width = `${l / 10}%`;
    $('wdl-text').textContent = `○ White wins ${(w / 10).toFixed(1)}% · draw ${(d / 10).toFixed(1)}% · ■ Black wins ${(l / 10).toFixed(1)}%`;
  } else {
    $('wdl').hidden = true;
    $('wdl-text').textContent = '';
  }
}
