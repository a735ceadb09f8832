#include "live_document.hpp"

#include <initializer_list>
#include <nlohmann/json.hpp>
#include <set>
#include <vector>

namespace ordo::web {

namespace {

using Json = nlohmann::ordered_json;

// A SAX pass that only measures, before any value is built: it stops at the first array or
// object nested deeper than the limit and at the first name given twice in one object.
struct DepthCheck : nlohmann::json_sax<Json> {
  int depth = 0;
  bool too_deep = false, duplicate = false;
  std::size_t error_at = 0;
  std::vector<std::set<std::string>> names;  // per open container (empty for an array)
  bool open() {
    names.emplace_back();
    if (++depth <= kLiveMaxDepth) return true;
    too_deep = true;
    return false;
  }
  bool close() {
    names.pop_back();
    return --depth, true;
  }
  bool null() override { return true; }
  bool boolean(bool) override { return true; }
  bool number_integer(number_integer_t) override { return true; }
  bool number_unsigned(number_unsigned_t) override { return true; }
  bool number_float(number_float_t, const string_t&) override { return true; }
  bool string(string_t&) override { return true; }
  bool binary(binary_t&) override { return true; }
  bool start_object(std::size_t) override { return open(); }
  bool key(string_t& name) override {
    if (names.back().insert(name).second) return true;
    duplicate = true;
    return false;
  }
  bool end_object() override { return close(); }
  bool start_array(std::size_t) override { return open(); }
  bool end_array() override { return close(); }
  bool parse_error(std::size_t position, const std::string&, const nlohmann::detail::exception&) override {
    error_at = position;
    return false;
  }
};

enum class Type { String, Integer, Number, Object, Array, IntegerOrNull, NumberOrNull, ObjectOrNull };

bool is(const Json& v, Type t) {
  switch (t) {
    case Type::String: return v.is_string();
    case Type::Integer: return v.is_number_integer();
    case Type::Number: return v.is_number();
    case Type::Object: return v.is_object();
    case Type::Array: return v.is_array();
    case Type::IntegerOrNull: return v.is_null() || v.is_number_integer();
    case Type::NumberOrNull: return v.is_null() || v.is_number();
    case Type::ObjectOrNull: return v.is_null() || v.is_object();
  }
  return false;
}

struct Field {
  const char* name;
  Type type;
};

// Whether `object` has every field with its type; *why names the first that does not.
bool has_fields(const Json& object, const std::string& where, std::initializer_list<Field> fields, std::string* why) {
  for (const Field& f : fields) {
    const auto it = object.find(f.name);
    if (it == object.end()) {
      *why = where + " has no '" + f.name + "'";
      return false;
    }
    if (!is(*it, f.type)) {
      *why = where + "'s '" + f.name + "' is not of the expected type";
      return false;
    }
  }
  return true;
}

bool strings_only(const Json& array, const std::string& where, std::string* why) {
  for (const Json& v : array)
    if (!v.is_string()) {
      *why = where + " holds something other than strings";
      return false;
    }
  return true;
}

// Every element of `array` is an object with the fields (and passes `more`, if given).
template <class More>
bool objects_with(const Json& array, const std::string& where, std::initializer_list<Field> fields, std::string* why,
                  More more) {
  std::size_t i = 0;
  for (const Json& v : array) {
    const std::string at = where + "[" + std::to_string(i++) + "]";
    if (!v.is_object()) {
      *why = at + " is not an object";
      return false;
    }
    if (!has_fields(v, at, fields, why) || !more(v, at)) return false;
  }
  return true;
}

// A running game's "eval" side: null or {"cp"|"mate": integer, "depth": integer}.
bool side_eval(const Json& e, const std::string& at, std::string* why) {
  if (e.is_null()) return true;
  const bool cp = e.contains("cp"), mate = e.contains("mate");
  if (cp == mate || !e[cp ? "cp" : "mate"].is_number_integer()) {
    *why = at + " has neither one integer 'cp' nor one integer 'mate'";
    return false;
  }
  return has_fields(e, at, {{"depth", Type::Integer}}, why);
}

bool shape(const Json& doc, std::string* why) {
  if (!doc.is_object()) {
    *why = "not a JSON object";
    return false;
  }
  if (!has_fields(doc, "the document",
                  {{"format", Type::String}, {"sequence", Type::Integer}, {"updated_ms", Type::Integer},
                   {"tournament", Type::Object}, {"standings", Type::Array}, {"running", Type::Array},
                   {"finished", Type::Array}},
                  why))
    return false;
  if (doc["format"] != "ordo-live 1") {
    *why = "the format is not 'ordo-live 1'";
    return false;
  }
  const Json& t = doc["tournament"];
  if (!has_fields(t, "'tournament'",
                  {{"event", Type::String}, {"variant", Type::String}, {"time_control", Type::String},
                   {"planned_games", Type::Integer}, {"finished_games", Type::Integer}, {"concurrency", Type::Integer},
                   {"status", Type::String}, {"stop_reason", Type::String}, {"engines", Type::Array}},
                  why) ||
      !strings_only(t["engines"], "'tournament.engines'", why))
    return false;
  const auto nothing_more = [](const Json&, const std::string&) { return true; };
  if (!objects_with(doc["standings"], "'standings'",
                    {{"engine", Type::String}, {"games", Type::Integer}, {"wins", Type::Integer},
                     {"draws", Type::Integer}, {"losses", Type::Integer}, {"points", Type::Number},
                     {"score", Type::NumberOrNull}},
                    why, nothing_more))
    return false;
  const auto running_game = [why](const Json& g, const std::string& at) {
    if (!strings_only(g["moves"], at + ".moves", why)) return false;
    if (!has_fields(g["clock_ms"], at + ".clock_ms", {{"white", Type::IntegerOrNull}, {"black", Type::IntegerOrNull}}, why))
      return false;
    const Json& e = g["eval"];
    return has_fields(e, at + ".eval", {{"white", Type::ObjectOrNull}, {"black", Type::ObjectOrNull}}, why) &&
           side_eval(e["white"], at + ".eval.white", why) && side_eval(e["black"], at + ".eval.black", why);
  };
  // "moves" of a finished game: written since the live page replays finished games; optional, so
  // the file of an earlier runner is still shown.
  const auto finished_game = [why](const Json& g, const std::string& at) {
    const auto moves = g.find("moves");
    if (moves == g.end()) return true;
    if (!moves->is_array()) {
      *why = at + "'s 'moves' is not of the expected type";
      return false;
    }
    return strings_only(*moves, at + ".moves", why);
  };
  if (!objects_with(doc["running"], "'running'",
                    {{"number", Type::Integer}, {"round", Type::Integer}, {"white", Type::String},
                     {"black", Type::String}, {"status", Type::String}, {"to_move", Type::String},
                     {"start_fen", Type::String}, {"fen", Type::String}, {"moves", Type::Array},
                     {"clock_ms", Type::Object}, {"eval", Type::Object}},
                    why, running_game))
    return false;
  return objects_with(doc["finished"], "'finished'",
                      {{"number", Type::Integer}, {"round", Type::Integer}, {"white", Type::String},
                       {"black", Type::String}, {"result", Type::String}, {"termination", Type::String},
                       {"detail", Type::String}, {"plies", Type::Integer}, {"start_fen", Type::String},
                       {"fen", Type::String}},
                      why, finished_game);
}

}  // namespace

std::optional<std::string> check_live_document(std::string_view text, std::string* why) {
  DepthCheck depth;
  if (!Json::sax_parse(text, &depth, Json::input_format_t::json, true)) {
    *why = depth.too_deep    ? "nested more than " + std::to_string(kLiveMaxDepth) + " deep"
           : depth.duplicate ? std::string("a name given twice in one object")
                             : "not JSON (byte " + std::to_string(depth.error_at) + ")";
    return std::nullopt;
  }
  // The same text parses again (strictly: one value, UTF-8, no comments); no exceptions.
  const Json doc = Json::parse(text, nullptr, false, false);
  if (doc.is_discarded()) {
    *why = "not JSON";
    return std::nullopt;
  }
  if (!shape(doc, why)) return std::nullopt;
  // Strings were checked as UTF-8 by the parser, so writing out again does not fail; if it did, the
  // document would not be served.
  try {
    return doc.dump(-1, ' ', false, Json::error_handler_t::strict) + "\n";
  } catch (const Json::exception&) {
    *why = "cannot be written out as JSON";
    return std::nullopt;
  }
}

}  // namespace ordo::web
