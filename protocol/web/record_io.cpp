#include "record_io.hpp"

#include <cmath>
#include <sstream>

#include "game_record.hpp"
#include "notation.hpp"
#include "tokenizer.hpp"

namespace ordo::web {

namespace {

// Decimal digits at s[i...]: their value (capped) and where they end; none read: nullopt.
std::optional<long long> digits(std::string_view s, std::size_t& i) {
  const std::size_t start = i;
  long long v = 0;
  while (i < s.size() && s[i] >= '0' && s[i] <= '9') {
    if (v < 1000000000) v = v * 10 + (s[i] - '0');
    ++i;
  }
  if (i == start) return std::nullopt;
  return v;
}

std::optional<RecordPlayer> record_player(const records::GameRecord& rec, Color side) {
  const auto name = rec.tag(records::kPlayerTags[side]);
  if (!name || name->empty() || *name == "?") return std::nullopt;
  RecordPlayer p;
  p.name = name->substr(0, 60);
  const auto elo = rec.tag(side == WHITE ? "WhiteElo" : "BlackElo");
  if (elo && !elo->empty() && elo->size() <= 4 && elo->find_first_not_of("0123456789") == std::string::npos)
    p.elo = std::stoi(*elo);
  return p;
}

}  // namespace

std::optional<RecordScore> comment_score(std::string_view comment) {
  const auto start = comment.find_first_not_of(" \t\r\n");
  if (start == std::string_view::npos) return std::nullopt;
  comment.remove_prefix(start);
  const std::string_view s = comment.substr(0, comment.find_first_of(" \t\r\n"));
  std::size_t i = 0;
  int sign = 1;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) sign = s[i++] == '-' ? -1 : 1;
  RecordScore score;
  if (i < s.size() && s[i] == 'M') {
    ++i;
    const auto n = digits(s, i);
    if (!n || *n > 100000) return std::nullopt;
    score.mate = sign * int(*n);
  } else {
    const auto whole = digits(s, i);
    if (!whole || *whole > 100000 || i >= s.size() || s[i] != '.') return std::nullopt;
    const std::size_t frac_start = ++i;
    const auto frac = digits(s, i);
    if (!frac || i - frac_start > 2) return std::nullopt;
    const int hundredths = int(*frac) * (i - frac_start == 1 ? 10 : 1);
    score.cp = sign * int(*whole * 100 + hundredths);
  }
  if (i < s.size() && s[i] == '/') {
    ++i;
    const auto depth = digits(s, i);
    if (!depth || *depth > 10000) return std::nullopt;
    score.depth = int(*depth);
  }
  if (i != s.size()) return std::nullopt;
  return score;
}

std::string save_record(const WebGame& game, game::Termination termination, game::Outcome outcome,
                        const RecordPlayer& white, const RecordPlayer& black, const std::string& date,
                        const std::string& time_control) {
  records::GameRecord rec;
  const std::string result = game::result_token(outcome);
  const std::string start_fen = to_fen(game.start());
  const bool standard = start_fen == to_fen(Position::start(game.variant()));
  rec.set_tag("Event", "ordo-web game");
  rec.set_tag("Site", "ordo-web");
  rec.set_tag("Date", date);
  rec.set_tag("Round", "-");
  rec.set_tag("White", white.name);
  rec.set_tag("Black", black.name);
  rec.set_tag("Result", result);
  rec.set_tag("Variant", std::string(variant_name(game.variant())));
  rec.set_tag("FEN", start_fen);
  rec.set_tag("SetUp", standard ? "0" : "1");
  rec.set_tag("Termination", game::termination_name(termination));
  rec.set_tag("TimeControl", time_control);
  rec.set_tag("PlyCount", std::to_string(game.cursor()));
  if (white.elo) rec.set_tag("WhiteElo", std::to_string(*white.elo));
  if (black.elo) rec.set_tag("BlackElo", std::to_string(*black.elo));
  for (int i = 0; i < game.cursor(); ++i) rec.moves.push_back({format_turn(game.line()[i]), ""});
  rec.result = result;
  return records::write_record(rec);
}

std::string load_record(std::string_view text, WebGame& game, RecordDetails* details) {
  std::istringstream in{std::string(text)};
  records::RecordReader reader(in);
  records::GameRecord rec;
  std::string error;
  if (!reader.next(rec, &error)) return error.empty() ? "no game record found" : error;
  const auto variant_tag = rec.tag("Variant");
  const auto variant = parse_variant(variant_tag.value_or("ordo"));
  if (!variant) return "unknown Variant '" + *variant_tag + "' (expected ordo or ordox)";
  WebGame loaded(*variant);
  const auto fen = rec.tag("FEN");
  if (fen) {
    const std::string why = loaded.setup(*fen);
    if (!why.empty()) return "FEN tag: " + why;
  }
  RecordDetails found;
  for (std::size_t i = 0; i < rec.moves.size(); ++i) {
    const Color mover = loaded.current().side_to_move();
    const std::string why = loaded.play(rec.moves[i].token);
    if (!why.empty()) return "move " + std::to_string(i + 1) + " '" + rec.moves[i].token + "': " + why;
    if (auto score = comment_score(rec.moves[i].comment)) {
      score->ply = int(i);  // the position the mover searched
      const int sign = mover == WHITE ? 1 : -1;
      if (score->cp) *score->cp *= sign;
      if (score->mate) *score->mate *= sign;
      found.scores.push_back(*score);
    }
  }
  for (Color c : {WHITE, BLACK}) found.players[c] = record_player(rec, c);
  game = loaded;
  if (details) *details = std::move(found);
  return "";
}

}  // namespace ordo::web
