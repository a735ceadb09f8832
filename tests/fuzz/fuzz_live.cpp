// Fuzz target: the check of the tournament's live document before the web board serves it
// (protocol/web/live_document.hpp, check_live_document), and the replay of its finished games
// (live_replay.hpp, FinishedGames).
//
// For every input: no crash, sanitizer report, leak or hang; a refusal comes with a reason. What
// is accepted is valid UTF-8, strict JSON (it is accepted again, unchanged: the checker's own
// output parses and has the runner's shape) and holds the format line of the runner's document.
// Every game number in it, and a few others, is answered by a replay in valid UTF-8 with one more
// FEN than moves, or refused with a reason.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "live_document.hpp"
#include "live_replay.hpp"

namespace {

[[noreturn]] void violated(const char* what, const std::string& doc) {
  std::fprintf(stderr, "invariant violated: %s\n  accepted: %.300s\n", what, doc.c_str());
  std::abort();
}

// RFC 3629 UTF-8: no overlong forms, no surrogates, nothing above U+10FFFF.
bool valid_utf8(std::string_view s) {
  for (std::size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    std::size_t n = 0;
    unsigned cp = 0, min = 0;
    if (c < 0x80) n = 1, cp = c;
    else if (c >= 0xC2 && c <= 0xDF) n = 2, cp = c & 0x1Fu, min = 0x80;
    else if (c >= 0xE0 && c <= 0xEF) n = 3, cp = c & 0x0Fu, min = 0x800;
    else if (c >= 0xF0 && c <= 0xF4) n = 4, cp = c & 0x07u, min = 0x10000;
    else return false;
    if (i + n > s.size()) return false;
    for (std::size_t k = 1; k < n; ++k) {
      const auto b = static_cast<unsigned char>(s[i + k]);
      if ((b & 0xC0u) != 0x80u) return false;
      cp = (cp << 6) | (b & 0x3Fu);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return false;
    i += n;
  }
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  std::string why;
  const auto doc = ordo::web::check_live_document(text, &why);
  if (!doc) {
    if (why.empty()) violated("a refusal without a reason", std::string(text));
    return 0;
  }
  if (!valid_utf8(*doc)) violated("the accepted document is not valid UTF-8", *doc);
  if (doc->find("\"format\":\"ordo-live 1\"") == std::string::npos) violated("no format line", *doc);
  std::string again_why;
  const auto again = ordo::web::check_live_document(*doc, &again_why);
  if (!again) violated(("the accepted document is refused when checked again: " + again_why).c_str(), *doc);
  if (*again != *doc) violated("checking the accepted document again changes it", *doc);
  ordo::web::FinishedGames games(*doc);
  // The numbers the document holds ("number":N), and some that are not games.
  std::vector<long long> numbers = {0, 1, 2, -1};
  for (std::size_t at = doc->find("\"number\":"); at != std::string::npos; at = doc->find("\"number\":", at + 1))
    numbers.push_back(std::strtoll(doc->c_str() + at + 9, nullptr, 10));
  for (const long long n : numbers) {
    std::string game_why;
    const auto game = games.game(n, &game_why);
    if (!game) {
      if (game_why.empty()) violated("a game refused without a reason", *doc);
      continue;
    }
    if (!valid_utf8(*game)) violated("a replayed game is not valid UTF-8", *doc);
    const std::size_t moves = game->find("\"moves\":["), fens = game->find("\"fens\":[");
    if (moves == std::string::npos || fens == std::string::npos) violated("a replayed game has no moves or FENs", *doc);
    // Tokens and FENs hold no comma-quote pair: count the strings of each array.
    const auto strings = [&](std::size_t from) {
      const std::size_t end = game->find(']', from);
      std::size_t n = 0;
      for (std::size_t i = game->find('[', from) + 1; i < end; ++i) n += (*game)[i] == '"';
      return n / 2;
    };
    if (strings(fens) != strings(moves) + 1) violated("a replayed game has not one more FEN than moves", *doc);
  }
  return 0;
}
