// The live tournament page: polls /live.json (the file of `ordo-match -live`, followed by the
// server) and shows the standings, one board per running game and the last finished games. It
// reads positions from the runner's FEN and never decides anything about the rules.
'use strict';

const POLL_MS = 300;
const STALE_MS = 15000;  // a running tournament silent this long: say so
const el = (id) => document.getElementById(id);

let etag = null;
let failures = 0;
let lastDoc = null;
const cards = new Map();  // game number -> {root, board, fen, moves, last}

// The 80-character board (a1..j8) of a FEN's first field, or null when it is not one.
function boardFromFen(fen) {
  const rows = String(fen).trim().split(/\s+/)[0].split('/');
  if (rows.length !== 8) return null;
  const board = new Array(80).fill('.');
  for (let i = 0; i < 8; ++i) {
    const rank = 7 - i;
    let file = 0;
    const row = rows[i];
    for (let k = 0; k < row.length; ++k) {
      const c = row[k];
      if (c === 'W' || c === 'B') {
        if (file >= 10) return null;
        board[rank * 10 + file++] = c;
      } else if (c >= '1' && c <= '9') {
        const n = c === '1' && row[k + 1] === '0' ? (++k, 10) : Number(c);
        file += n;
      } else {
        return null;
      }
    }
    if (file !== 10) return null;
  }
  return board.join('');
}

// The squares a side left and reached between two boards (the last move, when exactly one was played).
function diffMove(before, after, colour) {
  const from = new Set(), to = new Set();
  for (let sq = 0; sq < 80; ++sq) {
    if (before[sq] === colour && after[sq] !== colour) from.add(sq);
    if (after[sq] === colour && before[sq] !== colour) to.add(sq);
  }
  return { from, to };
}

// An engine's score (from its own side) in White's view: "+0.31/9", "-M3/12".
function evalText(ev, side) {
  if (!ev) return '';
  const sign = side === 'white' ? 1 : -1;
  if (ev.mate !== undefined) {
    const m = ev.mate * sign;
    return `${m >= 0 ? '+' : '-'}M${Math.abs(m)}/${ev.depth}`;
  }
  const cp = ev.cp * sign;
  return `${cp >= 0 ? '+' : '-'}${(Math.abs(cp) / 100).toFixed(2)}/${ev.depth}`;
}

function clockText(ms) {
  if (ms === null || ms === undefined) return '';
  const neg = ms < 0;
  const t = Math.abs(ms);
  const minutes = Math.floor(t / 60000);
  const seconds = Math.floor((t % 60000) / 1000);
  const tenths = Math.floor((t % 1000) / 100);
  return `${neg ? '-' : ''}${minutes}:${String(seconds).padStart(2, '0')}.${tenths}`;
}

// "1 ply", "2 plies".
function plural(n, one, many) {
  return `${n} ${n === 1 ? one : many}`;
}

// The moves numbered as records number them, from the start FEN's fullmove number and side to move:
// from "… b 0 12", [{ply: 1, label: '12...', token}, {ply: 2, label: '13.', token}, {ply: 3, label: '', token}]
// (`label` as written in a list; `name`, e.g. '13...', the move's number on its own).
function numberedMoves(moves, startFen) {
  const fields = String(startFen).trim().split(/\s+/);
  let black = fields[1] === 'b';
  let number = /^[0-9]{1,9}$/.test(fields[3] || '') ? Math.max(1, Number(fields[3])) : 1;
  return moves.map((token, i) => {
    const name = black ? `${number}...` : `${number}.`;
    const label = !black || i === 0 ? name : '';
    if (black) ++number;
    black = !black;
    return { ply: i + 1, label, name, token };
  });
}

function movesText(moves, startFen) {
  return numberedMoves(moves, startFen).map((m) => (m.label ? `${m.label} ${m.token}` : m.token)).join(' ');
}

function make(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

function playerRow(colour) {
  const row = make('div', `live-player ${colour}`);
  row.append(make('span', 'name'), make('span', 'eval'), make('span', 'clock'));
  return row;
}

function newCard(number) {
  const root = make('article', 'live-game');
  root.dataset.game = String(number);
  const title = make('h3');
  const black = playerRow('black');
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('viewBox', '-40 -10 1060 850');
  svg.setAttribute('role', 'img');
  const white = playerRow('white');
  const moves = make('div', 'live-moves');
  root.append(title, black, svg, white, moves);
  const board = makeBoard(svg, () => {});
  return { root, title, black, white, svg, movesBox: moves, board, boardStr: null, count: -1, last: null };
}

function updatePlayer(row, symbol, name, ev, side, clock, toMove) {
  row.querySelector('.name').textContent = `${symbol} ${name}`;
  row.querySelector('.name').title = name;
  row.querySelector('.eval').textContent = evalText(ev, side);
  row.querySelector('.clock').textContent = clockText(clock);
  row.classList.toggle('to-move', toMove);
}

function updateCard(card, game) {
  const boardStr = boardFromFen(game.fen);
  if (!boardStr) return;
  const moves = Array.isArray(game.moves) ? game.moves : [];
  card.title.textContent = `Game ${game.number} · round ${game.round} · ${plural(moves.length, 'ply', 'plies')}`;
  updatePlayer(card.black, '■', game.black, game.eval && game.eval.black, 'black',
               game.clock_ms && game.clock_ms.black, game.to_move === 'black');
  updatePlayer(card.white, '○', game.white, game.eval && game.eval.white, 'white',
               game.clock_ms && game.clock_ms.white, game.to_move === 'white');
  card.svg.setAttribute('aria-label', `Game ${game.number}: ${game.white} against ${game.black}`);
  if (moves.length === card.count && boardStr === card.boardStr && game.start_fen === card.startFen) return;
  if (card.boardStr && moves.length === card.count + 1) {
    card.last = diffMove(card.boardStr, boardStr, game.to_move === 'white' ? 'B' : 'W');
  } else if (moves.length !== card.count) {
    card.last = null;
  }
  card.boardStr = boardStr;
  card.count = moves.length;
  card.startFen = game.start_fen;
  card.board.render({ board: boardStr, last: card.last });
  // Several boards on one page: board.js's square ids would repeat.
  card.svg.querySelectorAll('[id]').forEach((node) => node.removeAttribute('id'));
  card.root.dataset.start = game.start_fen;
  card.root.dataset.fen = game.fen;
  card.root.dataset.plies = String(moves.length);
  card.movesBox.textContent = movesText(moves, game.start_fen);
  card.movesBox.scrollTop = card.movesBox.scrollHeight;  // the box only: the page stays put
}

function renderGames(running) {
  const seen = new Set();
  const container = el('games');
  for (const game of running) {
    seen.add(game.number);
    let card = cards.get(game.number);
    if (!card) {
      card = newCard(game.number);
      cards.set(game.number, card);
    }
    updateCard(card, game);
  }
  for (const [number, card] of cards) {
    if (!seen.has(number)) {
      card.root.remove();
      cards.delete(number);
    }
  }
  // Game order on screen: by number.
  const order = [...cards.keys()].sort((a, b) => a - b);
  order.forEach((number, i) => {
    const node = cards.get(number).root;
    if (container.children[i] !== node) container.insertBefore(node, container.children[i] || null);
  });
  el('no-games').hidden = running.length > 0;
}

function renderStandings(standings) {
  const body = el('standings').tBodies[0];
  const rows = [...standings].sort((a, b) => b.points - a.points || (b.score || 0) - (a.score || 0));
  body.replaceChildren(...rows.map((s, i) => {
    const tr = make('tr');
    tr.dataset.engine = s.engine;
    const score = s.score === null || s.score === undefined ? '–' : `${(100 * s.score).toFixed(1)}%`;
    for (const v of [i + 1, s.engine, s.games, s.wins, s.draws, s.losses, s.points, score]) tr.append(make('td', '', String(v)));
    return tr;
  }));
}

// Each finished game links to its board (live_viewer.js opens #game=N); a click anywhere on its row
// follows the link.
function renderFinished(finished) {
  const body = el('finished').tBodies[0];
  body.replaceChildren(...finished.map((f) => {
    const tr = make('tr');
    tr.dataset.game = String(f.number);
    const link = make('a', 'live-open', String(f.number));
    link.href = `#game=${f.number}`;
    link.setAttribute('aria-label', `Game ${f.number} on a board`);
    const first = make('td');
    first.append(link);
    tr.append(first);
    for (const v of [`${f.white} – ${f.black}`, f.result, f.termination, f.plies]) tr.append(make('td', '', String(v)));
    tr.title = `${f.detail ? `${f.detail.replace(/\.$/, '')}. ` : ''}Click to step through the game.`;
    tr.addEventListener('click', (e) => {
      if (e.target !== link) link.click();
    });
    return tr;
  }));
}

function renderHeading(doc) {
  const t = doc.tournament;
  const heading = el('tournament');
  const words = [t.event, t.variant === 'ordox' ? 'Ordo X' : 'Ordo', t.time_control,
                 `${t.finished_games} of ${plural(t.planned_games, 'game', 'games')} finished`];
  if (t.concurrency > 1) words.push(`${t.concurrency} at once`);
  heading.replaceChildren(make('span', '', words.join(' · ')));
  const state = { finished: 'Tournament over.', interrupted: 'Tournament interrupted.', stopped: `Tournament stopped: ${t.stop_reason}.` }[t.status];
  if (state) heading.append(make('div', 'over', state));
  document.body.dataset.status = t.status;
  document.body.dataset.finished = String(t.finished_games);
}

function render(doc) {
  if (!doc.tournament || !Array.isArray(doc.standings) || !Array.isArray(doc.running) || !Array.isArray(doc.finished)) {
    throw new Error('not a live tournament document');
  }
  lastDoc = doc;
  renderHeading(doc);
  renderStandings(doc.standings);
  renderGames(doc.running);
  renderFinished(doc.finished);
  document.body.dataset.sequence = String(doc.sequence);
}

function setStatus(text, bad) {
  const node = el('live-status');
  node.textContent = text;
  node.classList.toggle('bad', !!bad);
}

function freshness() {
  if (!lastDoc) return;
  const age = Date.now() - lastDoc.updated_ms;
  if (lastDoc.tournament.status === 'running' && age > STALE_MS) {
    setStatus(`no news from the runner for ${Math.round(age / 1000)} s`, true);
  } else {
    setStatus(lastDoc.tournament.status === 'running' ? 'live' : 'tournament over', false);
  }
}

async function poll() {
  try {
    const headers = etag ? { 'If-None-Match': etag } : {};
    const res = await fetch('/live.json', { cache: 'no-store', headers });
    if (res.status === 200) {
      const doc = await res.json();
      if (doc.waiting) {
        setStatus(doc.waiting, false);
      } else {
        render(doc);
        etag = res.headers.get('ETag');
      }
    } else if (res.status !== 304) {
      throw new Error(`the server answered ${res.status}`);
    }
    failures = 0;
    freshness();
  } catch (err) {
    ++failures;
    setStatus(`cannot read the live tournament (${err.message}); retrying`, true);
  }
  setTimeout(poll, Math.min(5000, POLL_MS * (1 + failures * failures)));
}

poll();
