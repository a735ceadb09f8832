// The page: talks to ordo-web over a WebSocket, shows the game and turns clicks into moves. The
// legal parts come from the server (the rules core) with every position; this file never decides
// what is legal, it only matches clicks against that list.
'use strict';

const $ = (id) => document.getElementById(id);

const S = {
  ws: null,
  hello: null,
  state: null,
  sel: null,      // null | {kind:'piece', sq} | {kind:'ordo', a, b} | {kind:'keep', parts, groups}
  phase: null,    // after an Ordo X sideways part: {node} (node.after is the board, node.next the parts)
  waiting: false, // a move was sent; clicks wait for the next state
  hint: null,     // {tok, parts, key}
  info: null,
  lastRecord: '',
  userFlipped: false,
  messageKey: '',
};

const board = makeBoard($('board'), onSquare);

// ---------- connection ----------

function connect() {
  const ws = new WebSocket(`ws://${location.host}/ws`);
  S.ws = ws;
  ws.onopen = () => {
    setConnection('connected', 'ok');
    send('hello');
  };
  ws.onclose = () => {
    setConnection('disconnected: reload the page to start again', 'bad');
    S.ws = null;
  };
  ws.onerror = () => setConnection('connection error', 'bad');
  ws.onmessage = (event) => {
    let msg;
    try {
      msg = JSON.parse(event.data);
    } catch (e) {
      return;
    }
    handle(msg);
  };
}

function send(text) {
  if (S.ws && S.ws.readyState === WebSocket.OPEN) S.ws.send(text);
  else say('Not connected to ordo-web.', 'error');
}

function setConnection(text, cls) {
  const el = $('connection');
  el.textContent = text;
  el.className = 'connection ' + cls;
}

function handle(msg) {
  switch (msg.type) {
    case 'hello': S.hello = msg; fillPlayers(); break;
    case 'state': onState(msg); break;
    case 'info': onInfo(msg); break;
    case 'hint': onHint(msg); break;
    case 'record': onRecord(msg); break;
    case 'notice': say(msg.message, 'notice'); break;
    case 'refusal': S.waiting = false; say(msg.message, 'error'); break;
    case 'error': S.waiting = false; say(msg.message, 'error'); break;
  }
}

// ---------- messages to the person ----------

function say(text, kind) {
  const el = $('message');
  el.textContent = text || '';
  el.className = 'message ' + (kind || '');
}

// ---------- state ----------

function positionKey(st) {
  return st.start_fen + '|' + st.cursor + '|' + st.moves.slice(0, st.cursor).join(' ');
}

function onState(st) {
  const previous = S.state;
  const key = positionKey(st);
  const moved = !previous || positionKey(previous) !== key;
  // The last search stays on show while the game goes on; a new game, a set-up, a load or going
  // back clears it.
  const sameLine = previous && previous.start_fen === st.start_fen && previous.variant === st.variant &&
    st.moves.length >= previous.moves.length && st.cursor >= previous.cursor;
  if (!sameLine) S.info = null;
  S.state = st;
  S.waiting = false;
  if (moved) {
    S.sel = null;
    S.phase = null;
    if (S.hint && S.hint.key !== key) S.hint = null;
    if (S.messageKey !== key) say('');
  }
  syncControls();
  renderAll();
}

function syncControls() {
  const st = S.state;
  // The variant menu is the choice for the next new game: follow the game only when it changes.
  if (S.shownVariant !== st.variant) $('variant').value = st.variant;
  S.shownVariant = st.variant;
  $('white-player').value = String(st.players[0]);
  $('black-player').value = String(st.players[1]);
  $('limit-kind').value = st.limit.kind;
  if (document.activeElement !== $('limit-value')) $('limit-value').value = st.limit.value;
  if (document.activeElement !== $('fen')) $('fen').value = st.fen;
}

function fillPlayers() {
  for (const id of ['white-player', 'black-player']) {
    const select = $(id);
    select.innerHTML = '';
    const human = document.createElement('option');
    human.value = 'human';
    human.textContent = 'Human';
    select.appendChild(human);
    for (const e of S.hello.engines) {
      const opt = document.createElement('option');
      opt.value = String(e.number);
      opt.textContent = `Engine ${e.number}: ${e.name}`;
      opt.title = e.command;
      select.appendChild(opt);
    }
  }
  if (S.state) syncControls();
}

// ---------- whose move, and what the clicks can do ----------

function sideLetter() { return S.state.side === 'white' ? 'W' : 'B'; }
function sideName(side) { return side === 'white' ? 'White' : 'Black'; }
function sideIndex() { return S.state.side === 'white' ? 0 : 1; }

function humanToMove() {
  const st = S.state;
  if (!st || st.status.over) return false;
  if (st.thinking && st.thinking.purpose === 'play') return false;
  return st.players[sideIndex()] === 'human' || st.paused;
}

function currentParts() {
  if (!S.state) return [];
  return S.phase ? S.phase.node.next : S.state.legal.map((n) => n.part);
}

function displayBoard() {
  return S.phase ? S.phase.node.after : S.state.board;
}

function landingOf(part, end) { return end + (part.t - part.a); }

function sameEnds(part, x, y) {
  return part.kind === 'o' && ((part.a === x && part.b === y) || (part.a === y && part.b === x));
}

function lineSquares(a, b) {
  const step = Math.floor(a / 10) === Math.floor(b / 10) ? 1 : 10;
  const out = [];
  for (let s = Math.min(a, b); s <= Math.max(a, b); s += step) out.push(s);
  return out;
}

// The squares a part empties and fills (for highlights and arrows).
function partSquares(part) {
  if (part.kind === 's') return { from: [part.a], to: [part.t] };
  const from = lineSquares(part.a, part.b);
  return { from, to: from.map((s) => landingOf(part, s)) };
}

// The group of `colour` pieces around `start` on board string `b` (8-neighbourhood).
function groupAt(b, start, colour) {
  const seen = new Set([start]);
  const todo = [start];
  while (todo.length) {
    const s = todo.pop();
    const f = s % 10, r = Math.floor(s / 10);
    for (let df = -1; df <= 1; ++df) {
      for (let dr = -1; dr <= 1; ++dr) {
        const nf = f + df, nr = r + dr, n = nr * 10 + nf;
        if ((df || dr) && nf >= 0 && nf < 10 && nr >= 0 && nr < 8 && b[n] === colour && !seen.has(n)) {
          seen.add(n);
          todo.push(n);
        }
      }
    }
  }
  return seen;
}

function describePart(part) {
  if (part.kind === 's') return `${squareName(part.a)} to ${squareName(part.t)}`;
  return `the ordo ${squareName(part.a)}–${squareName(part.b)} with ${squareName(part.a)} to ${squareName(part.t)}`;
}

// ---------- clicks ----------

function onSquare(sq) {
  const st = S.state;
  if (!st) return;
  if (st.status.over) return say('The game is over: start a new game, or go back in the move list.', 'error');
  if (st.thinking && st.thinking.purpose === 'play') return say(`${st.thinking.name} is thinking: wait, or press Stop.`, 'error');
  if (!humanToMove()) return say(`It is ${st.names[sideIndex()]}'s turn. Press Play to let it move.`, 'error');
  if (S.waiting) return;
  const parts = currentParts();
  const b = displayBoard();
  const me = sideLetter();
  const hasMoves = (s) => parts.some((p) => p.a === s || p.b === s);
  const sel = S.sel;

  if (sel && sel.kind === 'keep') {
    const choice = sel.groups.find((g) => g.squares.has(sq));
    if (!choice) return say('Click a piece of the group that stays (marked A, B, …).', 'error');
    S.sel = null;
    return choosePart(choice.part);
  }

  if (sel && sel.kind === 'ordo') {
    const cands = parts.filter((p) => sameEnds(p, sel.a, sel.b));
    const match = cands.find((p) => landingOf(p, sel.a) === sq);
    if (match) return choosePart(match);
    if (sq === sel.a || sq === sel.b) { S.sel = null; say(''); return renderAll(); }
    if (b[sq] === me && hasMoves(sq)) return selectPiece(sq);
    return check(`${squareName(sel.a)}${squareName(sel.b)}${squareName(sq)}`);
  }

  if (sel && sel.kind === 'piece') {
    if (sq === sel.sq) { S.sel = null; say(''); return renderAll(); }
    const singles = parts.filter((p) => p.kind === 's' && p.a === sel.sq && p.t === sq);
    if (singles.length > 1) return startKeep(singles);
    if (singles.length === 1) return choosePart(singles[0]);
    if (b[sq] === me) {
      const ordos = parts.filter((p) => sameEnds(p, sel.sq, sq));
      if (ordos.length) {
        S.sel = { kind: 'ordo', a: sel.sq, b: sq };
        say(`Ordo ${squareName(sel.sq)}–${squareName(sq)}: click where ${squareName(sel.sq)} goes.`, 'notice');
        return renderAll();
      }
      if (hasMoves(sq)) return selectPiece(sq);
      return say(`${squareName(sel.sq)}–${squareName(sq)} is not an ordo that can move here, and ${squareName(sq)} cannot move.`, 'error');
    }
    return check(`${squareName(sel.sq)}${squareName(sq)}`);
  }

  if (b[sq] === me) {
    if (hasMoves(sq)) return selectPiece(sq);
    return say(`${squareName(sq)} has no legal move${S.phase ? ' as the forward part' : ''}.`, 'error');
  }
  if (b[sq] === '.') return say(`Click one of ${sideName(st.side)}'s pieces first.`, 'error');
  return say(`That is ${st.side === 'white' ? 'Black' : 'White'}'s piece: ${sideName(st.side)} is to move.`, 'error');
}

function selectPiece(sq) {
  S.sel = { kind: 'piece', sq };
  say('');
  renderAll();
}

// Ask the core why a token is not legal (nothing is played).
function check(token) {
  const full = S.phase ? `${S.phase.node.part.tok},${token}` : token;
  send('check ' + full);
}

function startKeep(parts) {
  const b = displayBoard();
  const me = sideLetter();
  const enemy = me === 'W' ? 'B' : 'W';
  const groups = parts.map((p, i) => {
    const after = b.split('');
    after[p.a] = '.';
    after[p.t] = me;
    return { part: p, squares: groupAt(after, p.k, enemy), label: String.fromCharCode(65 + i) };
  });
  S.sel = { kind: 'keep', parts, groups };
  say('The capture leaves groups of equal size: click the group that stays (A, B, …); the others are removed.', 'notice');
  renderAll();
}

function choosePart(part) {
  if (!S.phase) {
    const node = S.state.legal.find((n) => n.part.tok === part.tok);
    if (node && node.next.length) {
      S.phase = { node };
      S.sel = null;
      say('');
      return renderAll();
    }
    return sendMove(part.tok);
  }
  return sendMove(`${S.phase.node.part.tok},${part.tok}`);
}

function sendMove(token) {
  S.sel = null;
  S.waiting = true;
  send('move ' + token);
  renderAll();
}

// ---------- engine output ----------

function onInfo(msg) {
  S.info = msg;
  renderEngine();
}

function onHint(msg) {
  S.hint = { tok: msg.tok, parts: msg.parts, key: positionKey(S.state) };
  S.messageKey = S.hint.key;
  say(msg.stopped ? `${msg.name} stopped; its best move so far: ${msg.tok}.` : `Hint from ${msg.name}: ${msg.tok}`, 'notice');
  renderAll();
}

function onRecord(msg) {
  S.lastRecord = msg.text;
  const blob = new Blob([msg.text], { type: 'text/plain' });
  const link = $('download');
  if (link.href) URL.revokeObjectURL(link.href);
  link.href = URL.createObjectURL(blob);
  link.download = `ordo-${S.state.variant}-game.pgn`;
  link.click();
  say('Game saved as a record file (see your downloads).', 'notice');
}

function formatScore(info) {
  if (info.mate !== undefined) return info.mate > 0 ? `win in ${info.mate}` : `loss in ${-info.mate}`;
  if (info.cp !== undefined) return (info.cp >= 0 ? '+' : '') + (info.cp / 100).toFixed(2);
  return '–';
}

function renderEngine() {
  const st = S.state;
  const info = S.info;
  const thinking = st && st.thinking;
  $('thinking').textContent = thinking
    ? `${thinking.name} is thinking (${thinking.purpose === 'hint' ? 'hint' : sideName(st.side)})…`
    : info ? `idle — last search by ${info.name}:` : 'idle';
  $('thinking').classList.toggle('busy', !!thinking);
  if (!info) {
    $('info-depth').textContent = '–';
    $('info-score').textContent = '–';
    $('info-nodes').textContent = '–';
    $('info-pv').textContent = '–';
    $('wdl').hidden = true;
    $('wdl-text').textContent = '';
    return;
  }
  $('info-depth').textContent = info.depth !== undefined ? String(info.depth) + (info.seldepth ? `/${info.seldepth}` : '') : '–';
  $('info-score').textContent = `${formatScore(info)} for ${sideName(info.side)}${info.bound ? ' (' + info.bound + ')' : ''}`;
  $('info-nodes').textContent = info.nodes !== undefined ? `${info.nodes.toLocaleString('en')}${info.nps ? ` (${Math.round(info.nps / 1000)} kn/s)` : ''}` : '–';
  $('info-pv').textContent = info.pv && info.pv.length ? info.pv.join(' ') + (info.pv_cut ? ` (cut: ${info.pv_cut})` : '') : '–';
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

// ---------- drawing ----------

function renderAll() {
  if (!S.state) return;
  renderBoard();
  renderTurn();
  renderMoves();
  renderEngine();
  renderButtons();
}

function renderBoard() {
  const st = S.state;
  const view = { board: displayBoard(), selected: new Set(), dests: new Set(), partners: new Set(), groups: [], arrows: [] };
  const interactive = humanToMove();
  view.interactive = interactive;
  if (S.phase) {
    const sq = partSquares(S.phase.node.part);
    view.last = { from: new Set(sq.from), to: new Set(sq.to) };
  } else if (st.last) {
    const from = new Set(), to = new Set();
    for (const p of st.last.parts) {
      const sq = partSquares(p);
      sq.from.forEach((s) => from.add(s));
      sq.to.forEach((s) => to.add(s));
    }
    view.last = { from, to };
  }
  const parts = currentParts();
  if (interactive && S.sel) {
    if (S.sel.kind === 'piece') {
      view.selected.add(S.sel.sq);
      for (const p of parts) {
        if (p.kind === 's' && p.a === S.sel.sq) view.dests.add(p.t);
        if (p.kind === 'o' && p.a === S.sel.sq) view.partners.add(p.b);
        if (p.kind === 'o' && p.b === S.sel.sq) view.partners.add(p.a);
      }
    } else if (S.sel.kind === 'ordo') {
      lineSquares(S.sel.a, S.sel.b).forEach((s) => view.selected.add(s));
      for (const p of parts) if (sameEnds(p, S.sel.a, S.sel.b)) view.dests.add(landingOf(p, S.sel.a));
    } else if (S.sel.kind === 'keep') {
      view.groups = S.sel.groups;
    }
  }
  if (S.hint && !S.phase) {
    for (const p of S.hint.parts) {
      view.arrows.push([p.a, p.t]);
      if (p.kind === 'o') view.arrows.push([p.b, landingOf(p, p.b)]);
    }
  }
  board.render(view);
  $('part-bar').hidden = !S.phase;
  if (S.phase) {
    $('part-text').textContent = `Sideways part ${S.phase.node.part.tok} — now a forward part (any piece or ordo) completes the turn.`;
  }
}

const REASONS = {
  'target row': (w) => `${w} reached the target row`,
  'all pieces taken': (w) => `${w} took every piece of the opponent`,
  'no legal turn': (w) => `${w === 'White' ? 'Black' : 'White'} has no legal turn`,
};

function renderTurn() {
  const st = S.state;
  const el = $('turn');
  const icon = st.side === 'white' ? '○' : '■';
  let text;
  let cls = 'turn';
  if (st.status.over) {
    cls += ' over';
    if (st.status.winner) {
      const w = sideName(st.status.winner);
      text = `Game over: ${w} wins (${st.status.result}) — ${REASONS[st.status.reason](w)}.`;
    } else {
      text = `Game over: draw (1/2-1/2) — ${st.status.reason}.`;
    }
  } else {
    const who = st.names[sideIndex()];
    text = `${icon} ${sideName(st.side)} to move` + (who !== 'Human' ? ` (${who})` : '');
    if (st.thinking && st.thinking.purpose === 'play') text += ' — thinking…';
    else if (st.paused && st.players[sideIndex()] !== 'human') text += ' — paused (press Play)';
    if (st.variant === 'ordo' && st.split[st.side]) {
      text += `. ${sideName(st.side)}'s pieces are split: this move must reconnect them (backward moves allowed).`;
      cls += ' warn';
    }
  }
  el.textContent = text;
  el.className = cls;
}

function renderMoves() {
  const st = S.state;
  const list = $('moves');
  list.innerHTML = '';
  const fields = st.start_fen.trim().split(/\s+/);
  let number = Number(fields[3] || 1);
  let black = fields[1] === 'b';
  let li = null;
  st.moves.forEach((tok, i) => {
    if (!li || !black) {
      li = document.createElement('li');
      const num = document.createElement('span');
      num.className = 'num';
      num.textContent = black ? `${number}…` : `${number}.`;
      li.appendChild(num);
      if (black) li.appendChild(document.createElement('span')).className = 'move empty';
      list.appendChild(li);
    }
    const span = document.createElement('button');
    span.type = 'button';
    span.className = 'move' + (i + 1 === st.cursor ? ' current' : '') + (i >= st.cursor ? ' future' : '');
    span.textContent = tok;
    span.dataset.ply = String(i + 1);
    span.title = `Go to the position after ${tok}`;
    span.addEventListener('click', () => send(`jump ${i + 1}`));
    li.appendChild(span);
    if (black) ++number;
    black = !black;
  });
  const current = list.querySelector('.current');
  if (current) current.scrollIntoView({ block: 'nearest' });
}

function renderButtons() {
  const st = S.state;
  $('nav-start').disabled = st.cursor === 0;
  $('nav-back').disabled = st.cursor === 0;
  $('undo').disabled = st.cursor === 0;
  $('nav-forward').disabled = st.cursor >= st.moves.length;
  $('nav-end').disabled = st.cursor >= st.moves.length;
  $('stop').disabled = !st.thinking;
  $('play').disabled = st.status.over || (!st.paused && !!st.thinking);
  $('hint').disabled = st.status.over || !!st.thinking;
}

// ---------- controls ----------

function sendPlayers() {
  send(`players ${$('white-player').value} ${$('black-player').value}`);
}

$('new-game').addEventListener('click', () => {
  send(`new ${$('variant').value}`);
  sendPlayers();
  const whiteHuman = $('white-player').value === 'human';
  const blackHuman = $('black-player').value === 'human';
  if (!S.userFlipped) board.setFlipped(!whiteHuman && blackHuman);
  say('');
});
$('white-player').addEventListener('change', sendPlayers);
$('black-player').addEventListener('change', sendPlayers);
$('limit-kind').addEventListener('change', () => {
  const kind = $('limit-kind').value;
  $('limit-value').value = kind === 'depth' ? 4 : 1000;
  send(`limit ${kind} ${$('limit-value').value}`);
});
$('limit-value').addEventListener('change', () => send(`limit ${$('limit-kind').value} ${$('limit-value').value}`));
$('flip').addEventListener('click', () => {
  S.userFlipped = true;
  board.setFlipped(!board.isFlipped());
  renderAll();
});
$('play').addEventListener('click', () => send('play'));
$('stop').addEventListener('click', () => send('stop'));
$('hint').addEventListener('click', () => send('hint'));
$('nav-start').addEventListener('click', () => send('jump 0'));
$('nav-back').addEventListener('click', () => send(`jump ${S.state.cursor - 1}`));
$('nav-forward').addEventListener('click', () => send(`jump ${S.state.cursor + 1}`));
$('nav-end').addEventListener('click', () => send(`jump ${S.state.moves.length}`));
$('undo').addEventListener('click', () => send('undo'));
$('part-cancel').addEventListener('click', () => {
  S.phase = null;
  S.sel = null;
  say('');
  renderAll();
});
$('fen-set').addEventListener('click', () => send(`fen ${$('fen').value}`));
$('fen').addEventListener('keydown', (e) => { if (e.key === 'Enter') send(`fen ${$('fen').value}`); });
$('fen-copy').addEventListener('click', async () => {
  const fen = S.state ? S.state.fen : '';
  try {
    await navigator.clipboard.writeText(fen);
    say('FEN copied.', 'notice');
  } catch (e) {
    const input = $('fen');
    input.value = fen;
    input.select();
    say('Select-all done: press Ctrl+C to copy the FEN.', 'notice');
  }
});
$('save').addEventListener('click', () => send('save'));
$('load').addEventListener('change', () => {
  const file = $('load').files[0];
  if (!file) return;
  const max = S.hello ? S.hello.limits.max_message - 8 : 200000;
  if (file.size > max) return say(`That file is too large (${file.size} bytes; at most ${max}).`, 'error');
  const reader = new FileReader();
  reader.onload = () => send('load ' + reader.result);
  reader.readAsText(file);
  $('load').value = '';
});
document.addEventListener('keydown', (e) => {
  if (!S.state || e.target.tagName === 'INPUT' || e.target.tagName === 'SELECT') return;
  if (e.key === 'Escape') {
    S.sel = null;
    S.phase = null;
    say('');
    renderAll();
  } else if (e.key === 'ArrowLeft' && S.state.cursor > 0) {
    send(`jump ${S.state.cursor - 1}`);
  } else if (e.key === 'ArrowRight' && S.state.cursor < S.state.moves.length) {
    send(`jump ${S.state.cursor + 1}`);
  }
});

// For scripts driving the page (the end-to-end test): read-only views of the state.
window.ordoPage = {
  state: () => S.state,
  // The small part of the state, for polling.
  summary: () => S.state && {
    cursor: S.state.cursor, side: S.state.side, over: S.state.status.over, thinking: !!S.state.thinking,
    players: S.state.players, variant: S.state.variant, limit: S.state.limit, paused: S.state.paused,
  },
  phase: () => (S.phase ? S.phase.node.part.tok : null),
  waiting: () => S.waiting,
  record: () => S.lastRecord,
  message: () => $('message').textContent,
};

connect();
