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
  dragged: false,  // the last move was dragged (it is not animated again)
  dragFrom: -1,    // the square a drag started on
  evals: new Map(),  // line key (start FEN | moves) -> White's score {cp} or {mate}, with its depth if known
  analysing: null,   // {done, total} while the game is analysed
  records: [],       // the games of a loaded file with several
  clockAt: 0,        // performance.now() when the last state's clock was read
  flagSent: '',      // the position key a flag was sent for
  restored: false,   // the saved game was offered back after connecting
};
const ANIMATION_MS = 160;

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
    case 'analysis': onAnalysis(msg); break;
    case 'scores': onScores(msg); break;
    case 'analysis_done':
      S.analysing = null;
      say(msg.complete ? 'Analysis done: mistakes are marked in the moves and the graph.' : 'Analysis stopped.', 'notice');
      renderAll();
      break;
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

function lineKey(st, ply) {
  return st.start_fen + '|' + st.moves.slice(0, ply).join(' ');
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
  S.clockAt = performance.now();
  syncControls();
  renderAll();
  const oneForward = previous && moved && st.last && st.cursor === previous.cursor + 1 &&
    previous.start_fen === st.start_fen && previous.moves.slice(0, previous.cursor).join(' ') === st.moves.slice(0, previous.cursor).join(' ');
  if (oneForward && !S.dragged) animateTurn(st.last.parts);
  S.dragged = false;
  if (!S.restored) {
    S.restored = true;
    if (restoreGame(st)) return;
  }
  storeGame(st);
}

// The pieces a turn moved, from their squares before the turn to their squares after it (a piece
// moved by both parts of an Ordo X turn slides from its first square to its last).
function turnTravel(parts) {
  const origin = new Map();  // square now -> square before the turn
  for (const p of parts) {
    const sq = partSquares(p);
    const moved = sq.from.map((f) => (origin.has(f) ? origin.get(f) : f));
    sq.from.forEach((f) => origin.delete(f));
    sq.to.forEach((t, i) => origin.set(t, moved[i]));
  }
  return { from: [...origin.values()], to: [...origin.keys()] };
}

function animateTurn(parts) {
  const travel = turnTravel(parts);
  board.animate(travel.from, travel.to, ANIMATION_MS);
}

function syncControls() {
  const st = S.state;
  // Variant, players and clock are the set-up of the next game, taken by *New game*: they follow
  // the game shown until the person changes one of them.
  if (!S.pendingSetup) {
    $('variant').value = st.variant;
    $('white-player').value = String(st.players[0]);
    $('black-player').value = String(st.players[1]);
    if (st.clock && st.clock.control) {
      const minutes = st.clock.control.base / 60000, inc = st.clock.control.inc / 1000;
      const value = `${minutes}+${inc}`;
      if ([...$('clock').options].some((o) => o.value === value)) {
        $('clock').value = value;
      } else {
        $('clock').value = 'custom';
        $('clock-minutes').value = String(minutes);
        $('clock-increment').value = String(inc);
      }
    }
  }
  $('clock-custom').hidden = $('clock').value !== 'custom';
  syncLevel();
  $('setup-note').hidden = !S.pendingSetup;
  $('new-game').classList.toggle('pending', !!S.pendingSetup);
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
  // An engine's side is never the person's, paused or not (the server refuses such a move too).
  return st.players[sideIndex()] === 'human';
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

// A click on a square, or one end of a drag (how.drag 'start' or 'end'). For a drag start it
// returns whether the dragged piece is selected, so that the drop counts.
function onSquare(sq, how) {
  const st = S.state;
  if (!st) return false;
  const drag = how && how.drag;
  if (drag === 'start') {
    const sel = S.sel;
    S.dragFrom = sq;
    if (sel && sel.kind === 'piece' && sel.sq === sq) return true;
    if (sel && sel.kind === 'ordo' && (sel.a === sq || sel.b === sq)) return true;
    onSquare(sq);
    return !!(S.sel && ((S.sel.kind === 'piece' && S.sel.sq === sq) || (S.sel.kind === 'ordo' && (S.sel.a === sq || S.sel.b === sq))));
  }
  if (!drag) S.dragFrom = -1;
  S.dragging = drag === 'end';
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
    // Dragged by its other end, the ordo is matched by where that end lands.
    const end = drag === 'end' && S.dragFrom === sel.b ? sel.b : sel.a;
    const match = cands.find((p) => landingOf(p, end) === sq);
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
  S.dragged = !!S.dragging;
  S.lastInput = S.dragging ? 'drag' : 'click';
  send('move ' + token);
  renderAll();
}

// ---------- the saved record ----------

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

// ---------- drawing ----------

function renderAll() {
  if (!S.state) return;
  renderBoard();
  renderTurn();
  renderPlayers();
  renderMoves();
  renderEngine();
  renderButtons();
  renderGraph();
  renderClocks();
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
  view.enemy = st.side === 'white' ? 'B' : 'W';
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
  if (!S.phase && !S.sel && st.last && st.last.parts.length > 1) {
    // The last turn had two parts (Ordo X): thin numbered arrows give their order.
    st.last.parts.forEach((p, i) => {
      view.arrows.push([p.a, p.t, String(i + 1), 'last']);
      if (p.kind === 'o') view.arrows.push([p.b, landingOf(p, p.b), '', 'last']);
    });
  }
  if (S.hint && !S.phase) {
    // The parts of the turn in order: numbered when there are two.
    S.hint.parts.forEach((p, i) => {
      const label = S.hint.parts.length > 1 ? String(i + 1) : '';
      view.arrows.push([p.a, p.t, label]);
      if (p.kind === 'o') view.arrows.push([p.b, landingOf(p, p.b)]);
    });
  } else if (!S.phase && !S.sel && S.info && S.info.pv_parts && S.info.pv_parts.length && st.thinking) {
    // While an engine thinks: its intended turn as faint numbered arrows.
    const first = S.info.pv_parts;
    first.forEach((p, i) => {
      view.arrows.push([p.a, p.t, first.length > 1 ? String(i + 1) : '', 'pv']);
      if (p.kind === 'o') view.arrows.push([p.b, landingOf(p, p.b), '', 'pv']);
    });
  }
  board.render(view);
  $('part-bar').hidden = !S.phase;
  if (S.phase) {
    $('part-text').textContent = `Sideways part ${S.phase.node.part.tok} — now a forward part (any piece or ordo) completes the turn.`;
  }
}

// Why a game ended, for the winner `w` (a name) and the state (the loser is the side to move),
// keyed on the state's reason: the ending's record name (docs/GAME_RECORDS.md, Termination).
const REASONS = {
  'target row': (w) => `${w} reached the target row`,
  'no pieces': (w) => `${w} took every piece of the opponent`,
  // RULES.md §6: a side with no legal turn loses; it is either split with no move that
  // reconnects it (§4), or, connected, blocked everywhere.
  'no legal move': (w, st) => {
    const loser = w === 'White' ? 'Black' : 'White';
    return st.split[loser.toLowerCase()]
      ? `${loser}'s group was split and cannot reconnect`
      : `${loser} has no legal move: every piece is blocked`;
  },
  'time forfeit': (w) => `${w === 'White' ? 'Black' : 'White'} ran out of time`,
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
      const why = REASONS[st.status.reason] ? REASONS[st.status.reason](w, st) : st.status.reason;
      text = `Game over: ${w} wins (${st.status.result}) — ${why}.`;
    } else {
      text = `Game over: draw (1/2-1/2) — ${st.status.reason}.`;
    }
  } else {
    // Sentences joined once, each ending in its own mark: never "thinking…. White".
    const who = st.names[sideIndex()];
    let head = `${icon} ${sideName(st.side)} to move` + (who !== 'Human' ? `: ${who}` : '');
    if (st.thinking && st.thinking.purpose === 'play') head += ', thinking…';
    else if (st.paused && st.players[sideIndex()] !== 'human') head += ', paused: press Play.';
    const sentences = [head];
    if (st.variant === 'ordo' && st.split[st.side]) {
      sentences.push(`${sideName(st.side)}'s pieces are split: this move must reconnect them (backward moves allowed).`);
      cls += ' warn';
    }
    text = sentences.join(' ');
  }
  el.textContent = text;
  el.className = cls;
}

// The game card: each side's name (with a level, or a loaded record's player) and whose turn it
// is; the side at the top of the board on top.
function renderPlayers() {
  const st = S.state;
  ['white', 'black'].forEach((side, i) => {
    $('name-' + side).textContent = st.names[i];
    $('name-' + side).title = st.names[i];
    $('player-' + side).classList.toggle('to-move', !st.status.over && st.side === side);
  });
  $('game-card').classList.toggle('flipped', board.isFlipped());
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
    const quality = moveQuality(st, i + 1);
    span.className = 'move' + (i + 1 === st.cursor ? ' current' : '') + (i >= st.cursor ? ' future' : '') +
      (quality ? ' q' + quality.length + (quality === '?!' ? 'i' : '') : '');
    span.textContent = tok + quality;
    span.dataset.ply = String(i + 1);
    span.title = `Go to the position after ${tok}`;
    span.addEventListener('click', () => send(`jump ${i + 1}`));
    li.appendChild(span);
    if (black) ++number;
    black = !black;
  });
  // Keep the current move in view by scrolling the list itself, never the window (on a phone the
  // board must stay where it is).
  const current = list.querySelector('.current');
  if (current) {
    const top = current.offsetTop, bottom = top + current.offsetHeight;
    if (top < list.scrollTop) list.scrollTop = top;
    else if (bottom > list.scrollTop + list.clientHeight) list.scrollTop = bottom - list.clientHeight;
  } else if (st.cursor === 0) {
    list.scrollTop = 0;
  }
}

function renderButtons() {
  const st = S.state;
  $('nav-start').disabled = st.cursor === 0;
  $('nav-back').disabled = st.cursor === 0;
  $('undo').disabled = st.cursor === 0;
  // Against an engine the server takes back to the person's own turn: a takeback.
  const vsEngine = (st.players[0] === 'human') !== (st.players[1] === 'human');
  $('undo').textContent = vsEngine ? 'Takeback' : 'Undo';
  $('undo').title = vsEngine ? "Take back your last move and the engine's reply" : 'Take back the last move';
  $('nav-forward').disabled = st.cursor >= st.moves.length;
  $('nav-end').disabled = st.cursor >= st.moves.length;
  $('stop').disabled = !st.thinking;
  $('play').disabled = st.status.over || (!st.paused && !!st.thinking);
  $('hint').disabled = st.status.over || !!st.thinking;
  $('analyse').disabled = !!S.analysing || !st.moves.length;
}

// ---------- controls ----------

function sendPlayers() {
  send(`players ${$('white-player').value} ${$('black-player').value}`);
}

// The clock command for the menu: a preset "M+I" (M minutes, fractions allowed, I seconds added a
// move) or the custom minutes and seconds; null when the custom values are out of range.
function clockCommand() {
  const clock = $('clock').value;
  if (clock === 'off') return 'clock off';
  if (clock !== 'custom') {
    const [minutes, inc] = clock.split('+').map(Number);
    return `clock ${Math.max(1, Math.round(minutes * 60))}+${inc}`;
  }
  const minutes = $('clock-minutes').value.trim() === '' ? NaN : Number($('clock-minutes').value);
  const inc = $('clock-increment').value.trim() === '' ? 0 : Number($('clock-increment').value);
  const seconds = Math.round(minutes * 60);
  if (!(seconds >= 1 && seconds <= 10800 && inc >= 0 && inc <= 600)) return null;
  return `clock ${seconds}+${inc}`;
}

$('new-game').addEventListener('click', () => {
  const clock = clockCommand();
  if (!clock) return say('Custom clock: from 1 second to 180 minutes, and from 0 to 600 seconds added a move.', 'error');
  send(clock);
  send(`new ${$('variant').value}`);
  sendPlayers();
  S.pendingSetup = false;
  S.evals.clear();
  S.analysing = null;
  const whiteHuman = $('white-player').value === 'human';
  const blackHuman = $('black-player').value === 'human';
  if (!S.userFlipped) board.setFlipped(!whiteHuman && blackHuman);
  say('');
});
// The set-up menus wait for *New game* (all of them alike); a note says so.
for (const id of ['variant', 'white-player', 'black-player', 'clock', 'clock-minutes', 'clock-increment']) {
  $(id).addEventListener('change', () => { S.pendingSetup = true; if (S.state) syncControls(); });
}
// The level applies at once to the engines chosen in the player menus (their next search).
$('level').addEventListener('change', () => {
  for (const n of levelTargets()) send(`level ${n} ${$('level').value}`);
});
$('analyse').addEventListener('click', () => {
  S.analysing = { done: 0, total: S.state.moves.length + 1 };
  send(`analyse ${$('analyse-time').value}`);
  renderAll();
});
$('graph').addEventListener('click', onGraphClick);
$('game-pick-load').addEventListener('click', () => {
  const i = Number($('game-pick').value);
  if (S.records[i]) send('load ' + S.records[i]);
  $('game-pick-box').hidden = true;
});
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
  reader.onload = () => offerGames(String(reader.result));
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
  } else if (e.key === 'Home' && S.state.cursor > 0) {
    send('jump 0');
  } else if (e.key === 'End' && S.state.cursor < S.state.moves.length) {
    send(`jump ${S.state.moves.length}`);
  }
});

function offerGames(text) {
  const records = splitRecords(text);
  if (records.length <= 1) return send('load ' + text);
  S.records = records;
  const pick = $('game-pick');
  pick.innerHTML = '';
  records.forEach((r, i) => {
    const opt = document.createElement('option');
    opt.value = String(i);
    opt.textContent = recordLabel(r, i);
    pick.appendChild(opt);
  });
  $('game-pick-box').hidden = false;
  say(`The file holds ${records.length} games: pick one and press Load this game.`, 'notice');
}

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
  evals: () => Object.fromEntries(S.evals),
  levels: () => S.state && S.state.levels,
  hello: () => S.hello,
  info: () => S.info,
  lastInput: () => S.lastInput,
  quality: (ply) => moveQuality(S.state, ply),
  analysing: () => S.analysing,
  records: () => S.records.length,
  offerGames: (text) => offerGames(text),
};

// The running clock counts down between states (started here, once every script has loaded).
setInterval(() => { if (S.state) renderClocks(); }, 100);
connect();
