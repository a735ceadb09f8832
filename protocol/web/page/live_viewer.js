// The finished-game board of the live page: a game of "Last finished games" (its link sets the
// address to live.html#game=N) opens in a dialog over the page, stepped through with « ‹ › », the
// move list and the keys ← → Home End. The positions are the server's (/live-game.json?number=N:
// the game replayed by the rules core); this file only shows them. Uses live.js's helpers.
'use strict';

const viewer = {
  dialog: el('viewer'),
  board: makeBoard(el('viewer-board'), () => {}),
  game: null,    // the server's answer for the game shown
  boards: [],    // boardFromFen of each of its FENs
  ply: 0,        // the position shown: after this many moves
  asked: null,   // the game number asked for last; an answer for another is dropped
};

function viewerNumber() {
  const m = /^#game=([0-9]{1,15})$/.exec(location.hash);
  return m ? Number(m[1]) : null;
}

function showPly(ply) {
  const g = viewer.game;
  if (!g) return;
  viewer.ply = Math.max(0, Math.min(g.moves.length, ply));
  const p = viewer.ply;
  const before = p > 0 ? viewer.boards[p - 1] : null;
  const mover = p > 0 && g.fens[p - 1].trim().split(/\s+/)[1] === 'b' ? 'B' : 'W';
  viewer.board.render({ board: viewer.boards[p], last: before ? diffMove(before, viewer.boards[p], mover) : null });
  viewer.dialog.dataset.ply = String(p);
  viewer.dialog.dataset.fen = g.fens[p];
  const moves = numberedMoves(g.moves, g.start_fen);
  el('viewer-where').textContent = p === 0 ? `Start · ${plural(g.moves.length, 'ply', 'plies')}`
    : `Ply ${p} of ${g.moves.length}: ${moves[p - 1].name} ${moves[p - 1].token}`;
  el('viewer-first').disabled = el('viewer-back').disabled = p === 0;
  el('viewer-forward').disabled = el('viewer-last').disabled = p === g.moves.length;
  for (const b of el('viewer-moves').querySelectorAll('button')) {
    const on = Number(b.dataset.ply) === p;
    b.classList.toggle('current', on);
    if (on) b.setAttribute('aria-current', 'step');
    else b.removeAttribute('aria-current');
  }
  const current = el('viewer-moves').querySelector('button.current');
  if (current) current.scrollIntoView({ block: 'nearest' });  // the list box only: the page stays put
}

function showGame(g) {
  viewer.game = g;
  viewer.boards = g.fens.map(boardFromFen);
  viewer.dialog.dataset.game = String(g.number);
  el('viewer-title').textContent = `Game ${g.number} · round ${g.round}`;
  el('viewer-players').textContent = `○ ${g.white} – ■ ${g.black}`;
  el('viewer-result').textContent = [g.result, g.termination, g.detail].filter((x) => x).join(' · ');
  el('viewer-board').setAttribute('aria-label', `Game ${g.number}: ${g.white} against ${g.black}`);
  const list = el('viewer-moves');
  list.replaceChildren(...numberedMoves(g.moves, g.start_fen).flatMap((m) => {
    const button = make('button', 'viewer-move', m.token);
    button.type = 'button';
    button.dataset.ply = String(m.ply);
    button.addEventListener('click', () => showPly(m.ply));
    // Spaces between, so that the list copies as the text of a record.
    return m.label ? [make('span', 'viewer-number', m.label), ' ', button, ' '] : [button, ' '];
  }));
  el('viewer-error').hidden = true;
  el('viewer-body').hidden = false;
  showPly(g.moves.length);  // opens on the final position, as the list shows it
}

function showError(text) {
  viewer.game = null;
  el('viewer-title').textContent = viewer.asked === null ? 'Game' : `Game ${viewer.asked}`;
  el('viewer-error').textContent = text;
  el('viewer-error').hidden = false;
  el('viewer-body').hidden = true;
}

// A well-formed answer: as many FENs as moves plus one, each a board.
function wellFormed(g) {
  return g && Array.isArray(g.moves) && Array.isArray(g.fens) && g.fens.length === g.moves.length + 1 &&
         g.fens.every((f) => boardFromFen(f) !== null);
}

async function openGame(number) {
  viewer.asked = number;
  if (!viewer.dialog.open) {
    viewer.game = null;  // asked for again on every opening: another tournament may number another game so
    viewer.dialog.showModal();
  }
  if (viewer.game && viewer.game.number === number) return;  // shown already
  viewer.game = null;
  delete viewer.dialog.dataset.game;
  el('viewer-title').textContent = `Game ${number}`;
  el('viewer-body').hidden = true;
  el('viewer-error').hidden = true;
  try {
    const res = await fetch(`/live-game.json?number=${number}`, { cache: 'no-store' });
    const answer = await res.json();
    if (viewer.asked !== number) return;
    if (!res.ok) return showError(`Game ${number} cannot be shown: ${answer.error || `the server answered ${res.status}`}.`);
    if (!wellFormed(answer)) return showError(`Game ${number} cannot be shown: the server's answer is not a game.`);
    showGame(answer);
  } catch (err) {
    if (viewer.asked === number) showError(`Game ${number} cannot be read (${err.message}).`);
  }
}

// The address says which game is open: a link, Back and Forward all go through here.
function followAddress() {
  const number = viewerNumber();
  if (number !== null) openGame(number);
  else if (viewer.dialog.open) viewer.dialog.close();
}

viewer.dialog.addEventListener('close', () => {
  viewer.asked = null;
  if (viewerNumber() !== null) history.pushState(null, '', location.pathname + location.search);
});
// On the document: a button disabled at the end of the game loses the focus to the page's body.
document.addEventListener('keydown', (e) => {
  if (!viewer.dialog.open || !viewer.game || e.altKey || e.ctrlKey || e.metaKey) return;
  const to = { ArrowLeft: viewer.ply - 1, ArrowRight: viewer.ply + 1, Home: 0, End: viewer.game.moves.length }[e.key];
  if (to === undefined) return;
  e.preventDefault();
  showPly(to);
});
el('viewer-first').addEventListener('click', () => showPly(0));
el('viewer-back').addEventListener('click', () => showPly(viewer.ply - 1));
el('viewer-forward').addEventListener('click', () => showPly(viewer.ply + 1));
el('viewer-last').addEventListener('click', () => showPly(viewer.game ? viewer.game.moves.length : 0));
el('viewer-close').addEventListener('click', () => viewer.dialog.close());
window.addEventListener('hashchange', followAddress);
followAddress();
