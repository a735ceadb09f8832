// Keeping the game over a reload: the page stores the game in the browser's local storage with
// every state and, on a fresh connection, sends it back to the server (as a record, then the
// settings). Uses the page's state and helpers (S, send, lineKey, engineLevels) from app.js and
// levels.js, called only after the page has loaded.
'use strict';

const STORE = 'ordo-web-game';

function storeGame(st) {
  const scores = [];
  for (let ply = 0; ply <= st.moves.length; ++ply) scores.push(S.evals.get(lineKey(st, ply)) || null);
  try {
    localStorage.setItem(STORE, JSON.stringify({
      variant: st.variant, start_fen: st.start_fen, moves: st.moves, cursor: st.cursor, players: st.players,
      limit: st.limit, clock: st.clock && st.clock.control ? st.clock.control : null,
      levels: st.levels || [], record_players: st.record_players || [null, null], scores,
    }));
  } catch (e) { /* storage full or disabled: the game is simply not kept */ }
}

// A record tag's value: backslash and quote escaped.
function tagValue(text) { return String(text).replace(/[\\"]/g, (c) => '\\' + c); }

// After connecting: a fresh server session with a game saved in this browser gets the game back
// (variant, start, moves, position in the line, players, limit, levels, a loaded record's players,
// the scores of the graph). True when it was sent.
function restoreGame(st) {
  let saved = null;
  try { saved = JSON.parse(localStorage.getItem(STORE) || 'null'); } catch (e) { saved = null; }
  if (!saved || !Array.isArray(saved.moves) || st.moves.length || saved.moves.length === 0) return false;
  const tags = [`[Variant "${saved.variant}"]`, `[FEN "${saved.start_fen}"]`, '[SetUp "1"]'];
  (saved.record_players || []).forEach((p, i) => {
    if (!p) return;
    const side = i === 0 ? 'White' : 'Black';
    tags.push(`[${side} "${tagValue(p.name)}"]`);
    if (p.elo !== null && p.elo !== undefined) tags.push(`[${side}Elo "${p.elo}"]`);
  });
  send('load ' + [...tags, '', saved.moves.join(' ') + ' *', ''].join('\n'));
  if (Array.isArray(saved.scores)) {
    saved.scores.forEach((score, ply) => {
      if (score && ply <= saved.moves.length) S.evals.set(saved.start_fen + '|' + saved.moves.slice(0, ply).join(' '), score);
    });
  }
  if (saved.limit) send(`limit ${saved.limit.kind} ${saved.limit.value}`);
  (saved.levels || []).forEach((l, i) => {
    if (l && engineLevels(i + 1).length >= l.level) send(`level ${i + 1} ${l.level}`);
  });
  if (saved.players) send(`players ${saved.players[0]} ${saved.players[1]}`);
  if (saved.cursor !== saved.moves.length) send(`jump ${saved.cursor}`);
  S.pendingSetup = false;
  return true;
}
