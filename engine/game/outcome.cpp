#include "outcome.hpp"

namespace ordo::game {

namespace {
struct TerminationName {
  Termination t;
  const char* name;
};
constexpr TerminationName kNames[] = {
    {Termination::None, "unterminated"},         {Termination::TargetRow, "target row"},
    {Termination::NoPieces, "no pieces"},        {Termination::NoLegalMove, "no legal move"},
    {Termination::Threefold, "threefold repetition"}, {Termination::MoveLimit, "move limit"},
    {Termination::Adjudication, "adjudication"}, {Termination::TimeForfeit, "time forfeit"},
    {Termination::IllegalMove, "illegal move"},  {Termination::Crash, "crash"},
    {Termination::Stall, "stall"},               {Termination::Abandoned, "abandoned"},
};
}  // namespace

const char* termination_name(Termination t) {
  for (const auto& n : kNames)
    if (n.t == t) return n.name;
  return "unterminated";
}

std::optional<Termination> parse_termination(const std::string& name) {
  for (const auto& n : kNames)
    if (name == n.name) return n.t;
  return std::nullopt;
}

bool is_forfeit(Termination t) {
  return t == Termination::TimeForfeit || t == Termination::IllegalMove || t == Termination::Crash ||
         t == Termination::Stall;
}

bool is_rules_ending(Termination t) {
  return t == Termination::TargetRow || t == Termination::NoPieces || t == Termination::NoLegalMove;
}

const char* result_token(Outcome o) {
  switch (o) {
    case Outcome::WhiteWins: return "1-0";
    case Outcome::BlackWins: return "0-1";
    case Outcome::Draw: return "1/2-1/2";
    case Outcome::Ongoing: break;
  }
  return "*";
}

std::optional<Outcome> parse_result_token(const std::string& token) {
  if (token == "1-0") return Outcome::WhiteWins;
  if (token == "0-1") return Outcome::BlackWins;
  if (token == "1/2-1/2") return Outcome::Draw;
  if (token == "*") return Outcome::Ongoing;
  return std::nullopt;
}

std::optional<Color> winner_of(Outcome o) {
  if (o == Outcome::WhiteWins) return WHITE;
  if (o == Outcome::BlackWins) return BLACK;
  return std::nullopt;
}

double points(Outcome o, Color side) {
  if (o == Outcome::Draw) return 0.5;
  return winner_of(o) == side ? 1.0 : 0.0;
}

GameResult result_of_points(double points) {
  return points > 0.75 ? GameResult::Win : points < 0.25 ? GameResult::Loss : GameResult::Draw;
}

}  // namespace ordo::game
