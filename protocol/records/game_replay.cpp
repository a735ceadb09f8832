#include "game_replay.hpp"

#include "game_model.hpp"
#include "notation.hpp"

namespace ordo::records {

using game::Outcome;
using game::Termination;

ReplayReport replay_record(const GameRecord& record) {
  ReplayReport report;
  auto problem = [&](const std::string& what) {
    report.ok = false;
    report.problems.push_back(what);
  };
  for (const char* name : kStandardTags)
    if (!record.tag(name)) problem(std::string("missing tag ") + name);

  const auto variant_name = record.tag("Variant").value_or("ordo");
  const auto variant = parse_variant(variant_name);
  if (!variant) {
    problem("unknown Variant '" + variant_name + "'");
    return report;
  }
  const bool setup = record.tag("SetUp").value_or("0") == "1";
  const auto fen = record.tag("FEN");
  if (setup && !fen) problem("SetUp \"1\" without a FEN tag");
  std::string error;
  auto referee = game::Game::from_fen(setup && fen ? *fen : "", *variant, &error);
  if (!referee) {
    problem(error);
    return report;
  }
  if (!setup && fen && !fen->empty() && *fen != to_fen(referee->start()))
    problem("FEN tag differs from the start position but SetUp is not \"1\"");

  for (std::size_t i = 0; i < record.moves.size(); ++i) {
    const std::string& token = record.moves[i].token;
    std::string canonical;
    if (!referee->play(token, &error, &canonical)) {
      problem("move " + std::to_string(i + 1) + " '" + token + "': " + error);
      break;
    }
    if (canonical != token) problem("move " + std::to_string(i + 1) + " '" + token + "' is not canonical ('" + canonical + "')");
  }
  report.plies = referee->plies();
  report.final_fen = to_fen(referee->current());
  if (!report.ok) return report;

  if (const auto count = record.tag("PlyCount"); count && *count != std::to_string(record.moves.size()))
    problem("PlyCount " + *count + " but " + std::to_string(record.moves.size()) + " moves");

  const auto result = game::parse_result_token(record.result);
  const auto tag_result = record.tag("Result");
  if (!result) {
    problem("bad result '" + record.result + "'");
    return report;
  }
  if (tag_result && *tag_result != record.result)
    problem("Result tag '" + *tag_result + "' differs from the movetext result '" + record.result + "'");

  const std::string term_text = record.tag("Termination").value_or("unterminated");
  const auto term = game::parse_termination(term_text);
  if (!term) {
    problem("unknown Termination '" + term_text + "'");
    return report;
  }
  report.termination = *term;
  const Termination actual = referee->termination();
  const Color mover = referee->current().side_to_move();

  if (actual != Termination::None) {
    if (*term != actual)
      problem(std::string("the game ended by ") + game::termination_name(actual) + " but Termination is '" + term_text + "'");
    if (*result != referee->outcome())
      problem(std::string("the final position gives ") + game::result_token(referee->outcome()) + " but Result is " +
              record.result);
    return report;
  }
  switch (*term) {
    case Termination::TargetRow:
    case Termination::NoPieces:
    case Termination::NoLegalMove:
    case Termination::Threefold:
      problem("Termination '" + term_text + "' but the final position has not ended");
      break;
    case Termination::MoveLimit:
      if (*result != Outcome::Draw) problem("a move-limit game must be a draw, not " + record.result);
      break;
    case Termination::Adjudication:
      if (*result == Outcome::Ongoing) problem("an adjudicated game needs a result");
      break;
    case Termination::None:
    case Termination::Abandoned:
      if (*result != Outcome::Ongoing) problem("an unfinished game must have result *, not " + record.result);
      break;
    default:  // the forfeits (game::is_forfeit)
      if (game::is_forfeit(*term) && *result != game::win_for(~mover))
        problem(std::string("a forfeit by the side to move (") + kPlayerTags[mover] + ") must be " +
                game::result_token(game::win_for(~mover)) + ", not " + record.result);
      break;
  }
  return report;
}

}  // namespace ordo::records
