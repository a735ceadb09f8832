// The game clocks on the page: shown from the last state, counting down locally between states; a
// clock that reaches zero is reported to the server ("flag"), which keeps the authoritative time.
'use strict';

function clockText(ms) {
  const t = Math.max(0, ms);
  const total = Math.floor(t / 1000);
  const m = Math.floor(total / 60), sec = total % 60;
  const base = `${m}:${String(sec).padStart(2, '0')}`;
  return t < 10000 ? `${base}.${Math.floor((t % 1000) / 100)}` : base;
}

// The clocks as of now: the running one counts down from the time the state arrived.
function clockLeft(side) {
  const c = S.state.clock;
  const left = c[side];
  return c.running === side ? left - (performance.now() - S.clockAt) : left;
}

// Each player's clock, beside the name in the game card; hidden in a game without a clock.
function renderClocks() {
  const st = S.state;
  const timed = !!(st && st.clock && st.clock.control);
  for (const side of ['white', 'black']) $('clock-' + side).hidden = !timed;
  if (!timed) return;
  for (const side of ['white', 'black']) {
    const el = $('clock-' + side);
    const left = clockLeft(side);
    el.querySelector('.time').textContent = clockText(left);
    el.classList.toggle('running', st.clock.running === side);
    el.classList.toggle('low', left < 10000);
    el.classList.toggle('flagged', st.status.over && st.status.reason === 'time forfeit' && st.status.winner !== side);
  }
  // The page tells the server when the running clock has passed zero; the server checks it.
  const run = st.clock.running;
  if (run && clockLeft(run) <= 0 && S.flagSent !== positionKey(st)) {
    S.flagSent = positionKey(st);
    send('flag');
  }
}
