// The Level menu of the Game panel: full strength or one of an engine's levels (from hello), each
// with its rating and a line. Uses the page's state and helpers (S, $) from app.js, called only
// after the page has loaded.
'use strict';

// The levels engine `n` offers (from hello): [{level, elo, text}], empty when it has none.
function engineLevels(n) {
  const e = S.hello && S.hello.engines.find((x) => x.number === n);
  return (e && e.levels) || [];
}

// The engines the Level menu sets: those chosen in the player menus that have levels, Black's
// first (the side a person usually plays against).
function levelTargets() {
  const chosen = [$('black-player').value, $('white-player').value].filter((v) => v && v !== 'human').map(Number);
  return [...new Set(chosen)].filter((n) => engineLevels(n).length);
}

// The Level menu: "Full strength" and the levels of the first engine it sets, each with its rating
// and a line; disabled when no engine chosen has levels.
function syncLevel() {
  const select = $('level');
  const targets = levelTargets();
  const levels = targets.length ? engineLevels(targets[0]) : [];
  const key = targets.length ? `${targets[0]}:${levels.map((l) => l.elo).join(',')}` : '';
  if (select.dataset.key !== key) {
    select.dataset.key = key;
    select.innerHTML = '';
    const full = document.createElement('option');
    full.value = 'off';
    full.textContent = 'Full strength';
    select.appendChild(full);
    for (const l of levels) {
      const opt = document.createElement('option');
      opt.value = String(l.level);
      opt.textContent = `Level ${l.level} · ${l.elo} — ${l.text}`;
      select.appendChild(opt);
    }
  }
  select.disabled = !targets.length;
  select.title = targets.length
    ? 'The strength of the engine chosen above: full, or a level with its rating'
    : 'No engine chosen above has strength levels (the options UCI_LimitStrength and UCI_Elo)';
  const chosen = S.state && S.state.levels && targets.length ? S.state.levels[targets[0] - 1] : null;
  if (document.activeElement !== select) select.value = chosen ? String(chosen.level) : 'off';
}
