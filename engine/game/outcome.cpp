#include "outcome.hpp"

namespace ordo::game {

namespace {
// One row per termination: its record name (the Termination tag, the web board's reason) and its
// sentence for people, in which "%" stands for the losing side ("black has no pieces").
struct TerminationRow {
  Termination t;
  const char* name;
  const char* sentence;
};
constexpr TerminationRow kRows[] = {
    {Termination::None, "unterminated", "ongoing"},
    {Termination::TargetRow, "target row", "reached the target row"},
    {Termination::NoPieces, "no pieces", "% has no pieces"},
    {Termination::NoLegalMove, "no legal move", "% has no legal move"},
    {Termination::Threefold, "threefold repetition", "threefold repetition"},
    {Termination::MoveLimit, "move limit", "move limit reached"},
    {Termination::Adjudication, "adjudication", "adjudicated"},
    {Termination::TimeForfeit, "time forfeit", "% ran out of time"},
    {Termination::IllegalMove, "illegal move", "% made an illegal move"},
    {Termination::Crash, "crash", "% crashed"},
    {Termination::Stall, "stall", "% stopped answering"},
    {Termination::Abandoned, "abandoned", "abandoned"},
};

const TerminationRow& row_of(Termination t) {
  for (const auto& r : kRows)
    if (r.t == t) return r;
  return kRows[0];
}
}  // namespace

const char* termination_name(Termination t) { return row_of(t).name; }

std::optional<Termination> parse_termination(const std::string& name) {
  for (const auto& r : kRows)
    if (name == r.name) return r.t;
  return std::nullopt;
}

std::string termination_sentence(Termination t, Outcome outcome) {
  std::string out = row_of(t).sentence;
  if (const auto at = out.find('%'); at != std::string::npos) {
    const auto winner = winner_of(outcome);
    const char* loser = !winner ? "the side to move" : *winner == WHITE ? "black" : "white";
    out.replace(at, 1, loser);
  }
  return out;
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
