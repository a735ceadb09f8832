// Engine options (driver/engine_options): announcement lines of every type parsed into their
// fields (names and values with spaces, bounds, a missing default, an unknown type), the value
// check with its boundaries, the identity's typed options from build/ordo's real greeting, and
// the match runner's EnginePlayer refusing a bad value with one line.
#include <doctest/doctest.h>

#include <chrono>

#include "engine_client.hpp"
#include "engine_options.hpp"
#include "engine_player.hpp"

using namespace std::chrono_literals;
using namespace ordo::driver;
using Type = EngineOption::Type;

TEST_SUITE("driver") {
  TEST_CASE("parse_option_line reads every type with its default and bounds and vars") {
    auto o = parse_option_line("option name Hash type spin default 16 min 1 max 65536");
    REQUIRE(o);
    CHECK(o->name == "Hash");
    CHECK(o->type == Type::Spin);
    CHECK(o->default_value == "16");
    CHECK(o->min == 1);
    CHECK(o->max == 65536);
    CHECK(o->vars.empty());

    o = parse_option_line("option name Ponder type check default false");
    REQUIRE(o);
    CHECK(o->type == Type::Check);
    CHECK(o->default_value == "false");
    CHECK_FALSE(o->min);
    CHECK_FALSE(o->max);

    o = parse_option_line("option name Clear Hash type button");
    REQUIRE(o);
    CHECK(o->name == "Clear Hash");
    CHECK(o->type == Type::Button);
    CHECK(o->default_value.empty());

    // A string's "<empty>" default is the empty string; a path default keeps its inner spaces.
    o = parse_option_line("option name EvalFile type string default <empty>");
    REQUIRE(o);
    CHECK(o->type == Type::String);
    CHECK(o->default_value.empty());
    o = parse_option_line("option name Book File type string default /my books/a  b.bin");
    REQUIRE(o);
    CHECK(o->name == "Book File");
    CHECK(o->default_value == "/my books/a  b.bin");

    // Combo vars (and the default) may hold spaces; each runs to the next keyword.
    o = parse_option_line("option name Play Style type combo default Very Fast var Very Fast var Slow var min max");
    REQUIRE(o);
    CHECK(o->name == "Play Style");
    CHECK(o->type == Type::Combo);
    CHECK(o->default_value == "Very Fast");
    // "var min max": the keywords end the var (empty) and give a min and a max without numbers.
    CHECK(o->vars == std::vector<std::string>{"Very Fast", "Slow", ""});
    CHECK_FALSE(o->min);
    CHECK_FALSE(o->max);
  }

  TEST_CASE("parse_option_line: spacing and a missing default and one bound and an unknown type and non-option lines") {
    // Tabs, runs of spaces and a CRLF end separate words; the name's inner spacing is kept.
    auto o = parse_option_line("option  name\tMove  Overhead type\tspin   min -5 max 5000\r");
    REQUIRE(o);
    CHECK(o->name == "Move  Overhead");
    CHECK(o->type == Type::Spin);
    CHECK(o->default_value.empty());  // no default given
    CHECK(o->min == -5);
    CHECK(o->max == 5000);

    o = parse_option_line("option name Depth type spin default 3 max 99");
    REQUIRE(o);
    CHECK_FALSE(o->min);
    CHECK(o->max == 99);
    o = parse_option_line("option name Depth type spin default 3 min lots max 99");
    REQUIRE(o);
    CHECK_FALSE(o->min);  // not a number: left out

    // A name holding the word "type": the name ends at the "type" followed by a known type.
    o = parse_option_line("option name Piece type Set type combo default A var A var B");
    REQUIRE(o);
    CHECK(o->name == "Piece type Set");
    CHECK(o->type == Type::Combo);
    CHECK(o->vars == std::vector<std::string>{"A", "B"});

    // An unknown type (or none) keeps the option, untyped: any value goes.
    o = parse_option_line("option name Colour type color default #ff0000");
    REQUIRE(o);
    CHECK(o->name == "Colour");
    CHECK(o->type == Type::Untyped);
    CHECK(o->default_value == "#ff0000");
    CHECK(option_value_error(*o, "anything at all").empty());
    o = parse_option_line("option name Bare type");
    REQUIRE(o);
    CHECK(o->type == Type::Untyped);
    o = parse_option_line("option name Odd type default 7");
    REQUIRE(o);
    CHECK(o->type == Type::Untyped);
    CHECK(o->default_value == "7");

    CHECK_FALSE(parse_option_line(""));
    CHECK_FALSE(parse_option_line("id name Ordo"));
    CHECK_FALSE(parse_option_line("option name Hash"));              // no type
    CHECK_FALSE(parse_option_line("option name type spin"));         // no name
    CHECK_FALSE(parse_option_line("option Hash type spin"));         // no "name"
    CHECK_FALSE(parse_option_line("Option name Hash type spin"));    // keywords are lower case
    CHECK(option_line_name("option name Play Mode type combo default search var search") == "Play Mode");
    CHECK(option_line_name("info string option name X type spin").empty());
  }

  TEST_CASE("option_value_error accepts what the type and range allow and names it otherwise") {
    const auto spin = *parse_option_line("option name Hash type spin default 16 min 1 max 1024");
    CHECK(option_value_error(spin, "1").empty());
    CHECK(option_value_error(spin, "1024").empty());
    CHECK(option_value_error(spin, "+16").empty());
    for (const char* bad : {"0", "1025", "-1", "abc", "12abc", "1.5", " 12", "", "99999999999999999999"}) {
      CAPTURE(bad);
      CHECK(option_value_error(spin, bad) == "expects an integer from 1 to 1024");
    }
    const auto low = *parse_option_line("option name N type spin min -3");
    CHECK(option_value_error(low, "-3").empty());
    CHECK(option_value_error(low, "123456789012").empty());
    CHECK(option_value_error(low, "-4") == "expects an integer of at least -3");
    const auto high = *parse_option_line("option name N type spin max 7");
    CHECK(option_value_error(high, "-100").empty());
    CHECK(option_value_error(high, "8") == "expects an integer of at most 7");
    const auto open = *parse_option_line("option name N type spin");
    CHECK(option_value_error(open, "-9000000000").empty());
    CHECK(option_value_error(open, "x") == "expects an integer");

    const auto check = *parse_option_line("option name Ponder type check default false");
    CHECK(option_value_error(check, "true").empty());
    CHECK(option_value_error(check, "false").empty());
    CHECK(option_value_error(check, "TRUE").empty());
    CHECK(option_value_error(check, "yes") == "expects true or false");
    CHECK(option_value_error(check, "1") == "expects true or false");
    CHECK(option_value_error(check, "") == "expects true or false");
    CHECK(option_canonical_value(check, "True") == "true");

    const auto combo = *parse_option_line("option name Speed type combo default Fast var Fast var Very Slow");
    CHECK(option_value_error(combo, "Fast").empty());
    CHECK(option_value_error(combo, "very slow").empty());  // ASCII case is ignored
    CHECK(option_value_error(combo, "Very") == "expects one of: Fast, Very Slow");
    CHECK(option_value_error(combo, "") == "expects one of: Fast, Very Slow");
    CHECK(option_canonical_value(combo, "very SLOW") == "Very Slow");  // sent as announced
    CHECK(option_canonical_value(combo, "Fast") == "Fast");
    const auto cased = *parse_option_line("option name C type combo var fast var Fast");
    CHECK(option_canonical_value(cased, "Fast") == "Fast");  // an exact match wins
    const auto no_vars = *parse_option_line("option name C type combo default x");
    CHECK(option_value_error(no_vars, "whatever").empty());

    const auto button = *parse_option_line("option name Clear Hash type button");
    CHECK(option_value_error(button, "").empty());
    CHECK(option_value_error(button, "x") == "is a button and takes no value");

    const auto text = *parse_option_line("option name EvalFile type string default <empty>");
    CHECK(option_value_error(text, "").empty());
    CHECK(option_value_error(text, "/a b/c.nn").empty());
    CHECK(option_canonical_value(text, "A B") == "A B");
  }

  TEST_CASE("the identity keeps build/ordo's announced options typed and names still work") {
    EngineClient c(EngineCommand{{ORDO_ENGINE_BINARY}, {}}, Dialect::Uci);
    ClientError error;
    REQUIRE(c.start(10s, &error));
    const Identity& id = c.identity();
    REQUIRE(id.typed_options.size() == id.options.size());
    for (std::size_t i = 0; i < id.options.size(); ++i) CHECK(id.typed_options[i].name == id.options[i]);
    const EngineOption* hash = id.find_option("hash");
    REQUIRE(hash);
    CHECK(hash->name == "Hash");
    CHECK(hash->type == Type::Spin);
    CHECK(hash->min == 1);
    REQUIRE(hash->max);
    CHECK(*hash->max >= 1024);
    const EngineOption* mode = id.find_option("Play Mode");
    REQUIRE(mode);
    CHECK(mode->type == Type::Combo);
    CHECK(mode->vars == std::vector<std::string>{"search", "random", "greedy"});
    REQUIRE(id.find_option("Clear Hash"));
    CHECK(id.find_option("Clear Hash")->type == Type::Button);
    REQUIRE(id.find_option("EvalFile"));
    CHECK(id.find_option("EvalFile")->type == Type::String);
    CHECK(id.find_option("Ponder")->type == Type::Check);
    CHECK_FALSE(id.find_option("Nope"));
    CHECK(id.has_option("play mode"));
  }
}

TEST_SUITE("match") {
  TEST_CASE("EnginePlayer refuses in one line a value build/ordo's options do not allow and sends good ones") {
    using ordo::match::EnginePlayer;
    ordo::match::EngineSpec spec;
    spec.name = "ordo";
    spec.cmd = ORDO_ENGINE_BINARY;
    const auto start = [&](std::vector<std::pair<std::string, std::string>> options, std::vector<std::string>* log) {
      spec.options = std::move(options);
      EnginePlayer p(spec, ordo::Variant::Classic, "engine A", 10, [log](const std::string& l) {
        if (log) log->push_back(l);
      });
      std::string error;
      return p.start(&error) ? std::string() : error;
    };
    const std::string hash = start({{"Hash", "abc"}}, nullptr);
    CHECK(hash.rfind("engine A: option 'Hash' = 'abc' refused: expects an integer from 1 to ", 0) == 0);
    CHECK(hash.find('\n') == std::string::npos);
    CHECK(start({{"Threads", "4"}, {"Ponder", "maybe"}}, nullptr) ==
          "engine A: option 'Ponder' = 'maybe' refused: expects true or false");
    CHECK(start({{"play mode", "fastest"}}, nullptr) ==
          "engine A: option 'play mode' = 'fastest' refused: expects one of: search, random, greedy");
    CHECK(start({{"Clear Hash", "now"}}, nullptr) ==
          "engine A: option 'Clear Hash' = 'now' refused: is a button and takes no value");
    CHECK(start({{"Nope", "1"}}, nullptr) == "engine A: the engine has no option 'Nope'");
    // A refused value sends no option at all; good values go in the engine's spelling.
    std::vector<std::string> log;
    CHECK(start({{"Threads", "2"}, {"Hash", "0"}}, &log) != "");
    for (const auto& l : log) CHECK(l.find("setoption name Threads") == std::string::npos);
    log.clear();
    CHECK(start({{"Play Mode", "GREEDY"}, {"Ponder", "True"}, {"Hash", "1"}, {"Clear Hash", ""}}, &log) == "");
    const auto sent = [&](const std::string& line) {
      for (const auto& l : log)
        if (l == "engine A > " + line) return true;
      return false;
    };
    CHECK(sent("setoption name Play Mode value greedy"));
    CHECK(sent("setoption name Ponder value true"));
    CHECK(sent("setoption name Hash value 1"));
    CHECK(sent("setoption name Clear Hash"));
  }
}
