#include "record_io.hpp"

#include <sstream>

#include "game_record.hpp"
#include "notation.hpp"

namespace ordo::web {

std::string save_record(const WebGame& game, game::Termination termination, game::Outcome outcome,
                        const std::string& white, const std::string& black, const std::string& date,
                        const std::string& time_control) {
  records::GameRecord rec;
  const std::string result = game::result_token(outcome);
  const std::string start_fen = to_fen(game.start());
  const bool standard = start_fen == to_fen(Position::start(game.variant()));
  rec.set_tag("Event", "ordo-web game");
  rec.set_tag("Site", "ordo-web");
  rec.set_tag("Date", date);
  rec.set_tag("Round", "-");
  rec.set_tag("White", white);
  rec.set_tag("Black", black);
  rec.set_tag("Result", result);
  rec.set_tag("Variant", std::string(variant_name(game.variant())));
  rec.set_tag("FEN", start_fen);
  rec.set_tag("SetUp", standard ? "0" : "1");
  rec.set_tag("Termination", game::termination_name(termination));
  rec.set_tag("TimeControl", time_control);
  rec.set_tag("PlyCount", std::to_string(game.cursor()));
  for (int i = 0; i < game.cursor(); ++i) rec.moves.push_back({format_turn(game.line()[i]), ""});
  rec.result = result;
  return records::write_record(rec);
}

std::string load_record(std::string_view text, WebGame& game) {
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
  for (std::size_t i = 0; i < rec.moves.size(); ++i) {
    const std::string why = loaded.play(rec.moves[i].token);
    if (!why.empty()) return "move " + std::to_string(i + 1) + " '" + rec.moves[i].token + "': " + why;
  }
  game = loaded;
  return "";
}

}  // namespace ordo::web
