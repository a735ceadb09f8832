#include "search_text.hpp"

#include "notation.hpp"

namespace ordo::protocol {

std::string format_score(const Score& score, Dialect dialect) {
  std::string s;
  if (!score.mate_plies) return s.append("cp ").append(std::to_string(score.cp));
  const int plies = *score.mate_plies;
  const int moves = plies >= 0 ? (plies + 1) / 2 : -((-plies + 1) / 2);
  return s.append("mate ").append(std::to_string(dialect == Dialect::Ugi ? plies : moves));
}

namespace {

// Appends " <key> <value>". (Built by appending: GCC 12 warns falsely on "literal" + std::string.)
template <class V>
void field(std::string& s, const char* key, V value) {
  s.append(" ").append(key).append(" ").append(std::to_string(value));
}

}  // namespace

std::string format_info(const SearchInfo& info, Dialect dialect, bool show_wdl) {
  std::string s = "info";
  field(s, "depth", info.depth);
  field(s, "seldepth", info.seldepth);
  field(s, "multipv", info.multipv);
  s.append(" score ").append(format_score(info.score, dialect));
  if (info.bound == SearchInfo::Bound::Lower) s.append(" lowerbound");
  if (info.bound == SearchInfo::Bound::Upper) s.append(" upperbound");
  if (show_wdl) {
    field(s, "wdl", info.wdl[0]);
    s.append(" ").append(std::to_string(info.wdl[1])).append(" ").append(std::to_string(info.wdl[2]));
  }
  field(s, "nodes", info.nodes);
  field(s, "nps", info.nps);
  field(s, "hashfull", info.hashfull);
  field(s, "time", info.time_ms);
  if (!info.pv.empty()) {
    s.append(" pv");
    for (const Turn& t : info.pv) s.append(" ").append(format_turn(t));
  }
  return s;
}

std::string format_bestmove(const std::optional<Turn>& best, const std::optional<Turn>& ponder, Dialect dialect) {
  std::string s = "bestmove ";
  if (!best) return s.append("(none)");
  s.append(format_turn(*best));
  if (ponder && dialect == Dialect::Uci) s.append(" ponder ").append(format_turn(*ponder));
  return s;
}

std::string bench_summary(const Engine::BenchResult& r) {
  const u64 nps = r.nodes * 1000 / u64(r.time_ms > 0 ? r.time_ms : 1);
  std::string s = std::to_string(r.nodes);
  return s.append(" nodes ").append(std::to_string(nps)).append(" nps");
}

}  // namespace ordo::protocol
