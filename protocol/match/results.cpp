#include "results.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "game_replay.hpp"
#include "notation.hpp"

namespace ordo::match {

using game::Termination;

namespace {

std::string fmt(const char* format, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, format, v);
  return buf;
}

// Appends ' ' and the text (two appends: GCC 12 warns falsely on "literal" + std::string&&).
void cell(std::string& out, const std::string& text) {
  out += ' ';
  out += text;
}

constexpr Termination kCauses[] = {Termination::TargetRow,   Termination::NoPieces,    Termination::NoLegalMove,
                                   Termination::Threefold,   Termination::MoveLimit,   Termination::Adjudication,
                                   Termination::TimeForfeit, Termination::IllegalMove, Termination::Crash,
                                   Termination::Stall};

}  // namespace

std::string elo_text(double v) {
  if (std::isinf(v)) return v > 0 ? "+inf" : "-inf";
  const std::string text = fmt("%.1f", v);
  return text == "-0.0" ? "0.0" : text;  // an even score is no negative Elo
}

std::string elo_error_text(double v) {
  if (!std::isfinite(v)) return "n/a";
  return fmt("%.1f", v);
}

std::optional<FinishedGame> finished_from_record(const records::GameRecord& r, const std::vector<std::string>& names,
                                                 std::string* error, bool* unfinished) {
  if (unfinished) *unfinished = false;
  auto fail = [&](const std::string& what) {
    if (error) *error = what;
    return std::nullopt;
  };
  auto index_of = [&](const std::string& name) {
    auto it = std::find(names.begin(), names.end(), name);
    return it == names.end() ? -1 : static_cast<int>(it - names.begin());
  };
  FinishedGame g;
  const auto number = r.tag("GameNumber"), pair = r.tag("Pair"), white = r.tag("White"), black = r.tag("Black");
  if (!number || !pair || !white || !black) return fail("record without GameNumber, Pair, White or Black tag");
  const auto number_value = records::number_tag(r, "GameNumber"), pair_value = records::number_tag(r, "Pair");
  if (!number_value || *number_value <= 0) return fail("bad GameNumber tag '" + *number + "' (a positive integer)");
  if (!pair_value || *pair_value <= 0) return fail("bad Pair tag '" + *pair + "' in game " + *number + " (a positive integer)");
  g.score.number = *number_value;
  g.score.pair = *pair_value;
  g.score.white = index_of(*white);
  g.score.black = index_of(*black);
  if (g.score.white < 0 || g.score.black < 0) return fail("record of game " + *number + " names an unknown engine");
  const auto outcome = game::parse_result_token(r.result);
  if (outcome == game::Outcome::Ongoing && r.tag("Result").value_or("*") == "*") {
    if (unfinished) *unfinished = true;
    return fail("game " + *number + " is unfinished");
  }
  if (const auto replay = records::replay_record(r); !replay.ok)
    return fail("the record of game " + *number + " does not replay: " + replay.problems.front());
  if (!outcome || *outcome == game::Outcome::Ongoing) return fail("game " + *number + " is unfinished");
  g.score.white_points = game::points(*outcome, WHITE);
  g.termination = game::parse_termination(r.tag("Termination").value_or("")).value_or(Termination::None);
  if (game::is_forfeit(g.termination) && *outcome != game::Outcome::Draw)
    g.forfeiter = *outcome == game::Outcome::WhiteWins ? g.score.black : g.score.white;
  return g;
}

std::vector<GameScore> scores_of(const std::vector<FinishedGame>& games) {
  std::vector<GameScore> out;
  out.reserve(games.size());
  for (const auto& g : games) out.push_back(g.score);
  return out;
}

std::string running_score(const std::vector<FinishedGame>& games, int a, int b, const std::vector<std::string>& names) {
  const PairStats s = stats_between(scores_of(games), a, b);
  return "Score of " + names[static_cast<std::size_t>(a)] + " vs " + names[static_cast<std::size_t>(b)] + ": " +
         std::to_string(s.wins) + " - " + std::to_string(s.losses) + " - " + std::to_string(s.draws) + " [" +
         fmt("%.3f", s.score()) + "] " + std::to_string(s.games());
}

std::string text_report(const std::vector<FinishedGame>& games, const ReportContext& c) {
  const int n = static_cast<int>(c.names.size());
  const auto scores = scores_of(games);
  std::string out;
  out += "Games finished: " + std::to_string(games.size());
  if (c.planned_games) out += " of " + std::to_string(*c.planned_games);
  out += " (" + std::string(variant_name(c.variant)) + (c.time_control.empty() ? "" : ", " + c.time_control) + ")\n";

  for (const PairStats& s : pair_stats(scores, n)) {
    const EloEstimate e = elo_estimate(s);
    const std::string& a = c.names[static_cast<std::size_t>(s.a)];
    const std::string& b = c.names[static_cast<std::size_t>(s.b)];
    out += "Results of " + a + " vs " + b + ":\n";
    out += "  Elo: " + elo_text(e.elo) + " +/- " + elo_error_text(e.error) + ", LOS: " + fmt("%.1f", e.los * 100) +
           " %, DrawRatio: " + fmt("%.1f", s.games() ? 100.0 * static_cast<double>(s.draws) / static_cast<double>(s.games()) : 0) +
           " %\n";
    out += "  Games: " + std::to_string(s.games()) + ", Wins: " + std::to_string(s.wins) +
           ", Losses: " + std::to_string(s.losses) + ", Draws: " + std::to_string(s.draws) +
           ", Points: " + fmt("%.1f", s.points()) + " (" +
           fmt("%.2f", s.score() * 100) + " %)\n";
    out += "  Ptnml(0-2): [" + std::to_string(s.penta[0]) + ", " + std::to_string(s.penta[1]) + ", " +
           std::to_string(s.penta[2]) + ", " + std::to_string(s.penta[3]) + ", " + std::to_string(s.penta[4]) + "]\n";
    if (c.sprt.enabled && n == 2) {
      const SprtState st = sprt_state(s.penta, c.sprt.elo0, c.sprt.elo1, c.sprt.alpha, c.sprt.beta);
      out += "  LLR: " + fmt("%.2f", st.llr) + " (" + fmt("%.2f", st.lower) + ", " + fmt("%.2f", st.upper) + ") [" +
             fmt("%.2f", c.sprt.elo0) + ", " + fmt("%.2f", c.sprt.elo1) + "] " +
             (st.decision > 0 ? "H1 accepted" : st.decision < 0 ? "H0 accepted" : "no decision yet") +
             (c.sprt_of_shard ? " (this shard's games only; decide on the merged records)" : "") + "\n";
    }
  }

  if (n > 2) {
    // Crosstable: points of the row engine against the column engine.
    struct Row {
      int engine;
      PairStats all;  // the engine's games against every opponent (no pairs)
    };
    std::vector<Row> rows;
    for (int i = 0; i < n; ++i) rows.push_back(Row{i, {}});
    for (const auto& g : scores) {
      rows[static_cast<std::size_t>(g.white)].all.count(g.white_points);
      rows[static_cast<std::size_t>(g.black)].all.count(1 - g.white_points);
    }
    std::stable_sort(rows.begin(), rows.end(), [](const Row& x, const Row& y) {
      const double sx = x.all.games() ? x.all.points() / static_cast<double>(x.all.games()) : 0;
      const double sy = y.all.games() ? y.all.points() / static_cast<double>(y.all.games()) : 0;
      return sx > sy;
    });
    std::size_t width = 4;
    for (const auto& name : c.names) width = std::max(width, name.size());
    auto pad = [](std::string s, std::size_t w, bool right) {
      if (s.size() < w) s = right ? std::string(w - s.size(), ' ') + s : s + std::string(w - s.size(), ' ');
      return s;
    };
    out += "Crosstable (points of the row engine against the column engine):\n";
    out += "  Rank " + pad("Name", width, false) + "    Elo    +/-  Games  Points  Score   Draw |";
    for (const auto& r : rows) cell(out, pad(c.names[static_cast<std::size_t>(r.engine)].substr(0, 9), 9, true));
    out += "\n";
    int rank = 0;
    for (const auto& r : rows) {
      const EloEstimate e = elo_estimate(r.all);
      const long long games = r.all.games();
      const double points = r.all.points();
      out += "  " + pad(std::to_string(++rank), 4, true) + " " + pad(c.names[static_cast<std::size_t>(r.engine)], width, false) +
             " " + pad(elo_text(e.elo), 6, true) + " " + pad(elo_error_text(e.error), 6, true) + " " +
             pad(std::to_string(games), 6, true) + " " + pad(fmt("%.1f", points), 7, true) + " " +
             pad(fmt("%.1f%%", games ? 100 * points / static_cast<double>(games) : 0), 6, true) + " " +
             pad(fmt("%.1f%%", games ? 100.0 * static_cast<double>(r.all.draws) / static_cast<double>(games) : 0), 6, true) +
             " |";
      for (const auto& col : rows) {
        if (col.engine == r.engine) {
          cell(out, pad("-", 9, true));
          continue;
        }
        const PairStats s = stats_between(scores, r.engine, col.engine);
        std::string text;
        if (s.games()) {
          text = fmt("%.1f", s.points());
          text += '/';
          text += std::to_string(s.games());
        }
        cell(out, pad(text, 9, true));
      }
      out += "\n";
    }
  }

  // Endings by cause, then forfeits by engine.
  std::map<Termination, long long> causes;
  std::map<int, std::map<Termination, long long>> forfeits;
  for (const auto& g : games) {
    ++causes[g.termination];
    if (g.forfeiter >= 0) ++forfeits[g.forfeiter][g.termination];
  }
  out += "Endings:";
  bool first = true;
  for (Termination t : kCauses) {
    if (!causes.count(t)) continue;
    out += std::string(first ? " " : ", ") + game::termination_name(t) + " " + std::to_string(causes[t]);
    first = false;
  }
  out += first ? " none\n" : "\n";
  for (const auto& [engine, by_cause] : forfeits) {
    out += "Forfeits of " + c.names[static_cast<std::size_t>(engine)] + ":";
    bool f = true;
    for (const auto& [t, count] : by_cause) {
      out += std::string(f ? " " : ", ") + game::termination_name(t) + " " + std::to_string(count);
      f = false;
    }
    out += "\n";
  }
  return out;
}

Json pair_json(const PairStats& s, bool with_los, Json head) {
  const EloEstimate e = elo_estimate(s);
  head["wins"] = s.wins;
  head["draws"] = s.draws;
  head["losses"] = s.losses;
  head["score"] = json_figure(s.score());
  head["elo"] = json_figure(e.elo);
  head["elo_error95"] = json_figure(e.error);
  if (with_los) head["los"] = json_figure(e.los);
  head["pentanomial"] = s.penta;
  return head;
}

Json json_report(const std::vector<FinishedGame>& games, const ReportContext& c, std::optional<bool> complete,
                 const std::string& stop_reason, const Json& extra_members) {
  const auto scores = scores_of(games);
  const int n = static_cast<int>(c.names.size());
  const auto name = [&](int engine) { return c.names[static_cast<std::size_t>(engine)]; };
  Json out;
  out["variant"] = std::string(variant_name(c.variant));
  out["time_control"] = c.time_control;
  out["engines"] = c.names;
  out["games"] = games.size();
  out["planned_games"] = c.planned_games ? Json(*c.planned_games) : Json(nullptr);
  out["complete"] = complete ? Json(*complete) : Json(nullptr);
  out["stop_reason"] = stop_reason;
  out["pairs"] = Json::array();
  for (const PairStats& s : pair_stats(scores, n)) {
    Json pair = pair_json(s, true, {{"engine", name(s.a)}, {"opponent", name(s.b)}});
    if (c.sprt.enabled && n == 2) {
      const SprtState st = sprt_state(s.penta, c.sprt.elo0, c.sprt.elo1, c.sprt.alpha, c.sprt.beta);
      pair["sprt"] = {{"elo0", json_figure(c.sprt.elo0)}, {"elo1", json_figure(c.sprt.elo1)},
                      {"alpha", json_figure(c.sprt.alpha)}, {"beta", json_figure(c.sprt.beta)},
                      {"llr", json_figure(st.llr)},         {"lower", json_figure(st.lower)},
                      {"upper", json_figure(st.upper)},
                      {"decision", st.decision > 0 ? "H1" : st.decision < 0 ? "H0" : "none"}};
    }
    out["pairs"].push_back(pair);
  }
  std::map<Termination, long long> causes;
  std::map<int, std::map<Termination, long long>> forfeits;
  for (const auto& g : games) {
    ++causes[g.termination];
    if (g.forfeiter >= 0) ++forfeits[g.forfeiter][g.termination];
  }
  out["terminations"] = Json::object();
  for (const auto& [t, count] : causes) out["terminations"][game::termination_name(t)] = count;
  out["forfeits"] = Json::object();
  for (const auto& [engine, by] : forfeits) {
    Json& of = out["forfeits"][name(engine)];
    of = Json::object();
    for (const auto& [t, count] : by) of[game::termination_name(t)] = count;
  }
  for (const auto& [key, value] : extra_members.items()) out[key] = value;
  return out;
}

}  // namespace ordo::match
