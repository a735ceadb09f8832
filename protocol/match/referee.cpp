#include "referee.hpp"

#include "movegen.hpp"

namespace ordo::records {

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

std::optional<Referee> Referee::from_fen(const std::string& fen, Variant v, std::string* error) {
  if (fen.empty() || fen == "startpos") return Referee(Position::start(v));
  auto parsed = parse_fen(fen, v);
  if (!parsed) {
    if (error) *error = "bad FEN '" + fen + "': " + parsed.error();
    return std::nullopt;
  }
  return Referee(parsed.value());
}

bool Referee::play(const std::string& token, std::string* error, std::string* canonical) {
  if (status() != Termination::None) {
    if (error) *error = std::string("the game is over (") + termination_name(status()) + ")";
    return false;
  }
  auto turn = parse_turn(pos_, token);
  if (!turn) {
    if (error) *error = turn.error();
    return false;
  }
  pos_ = pos_.after(turn.value());
  tokens_.push_back(format_turn(turn.value()));
  keys_.push_back(pos_.key());
  if (canonical) *canonical = tokens_.back();
  return true;
}

int Referee::repetitions() const {
  int n = 0;
  for (u64 k : keys_) n += k == pos_.key();
  return n;
}

Termination Referee::status() const {
  const GameStatus s = game_status(pos_);
  if (s.over()) {
    switch (s.reason) {
      case WinReason::TargetRow: return Termination::TargetRow;
      case WinReason::NoPieces: return Termination::NoPieces;
      case WinReason::NoLegalMove: return Termination::NoLegalMove;
    }
  }
  if (repetitions() >= 3) return Termination::Threefold;
  return Termination::None;
}

Outcome Referee::outcome() const {
  const GameStatus s = game_status(pos_);
  if (s.over()) return win_for(*s.winner);
  if (repetitions() >= 3) return Outcome::Draw;
  return Outcome::Ongoing;
}

}  // namespace ordo::records
