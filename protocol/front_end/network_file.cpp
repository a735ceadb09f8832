#include "network_file.hpp"

#include <span>

#include "notation.hpp"
#include "output.hpp"
#include "regular_file.hpp"

namespace ordo::protocol {

std::string load_network_file(Engine& engine, const std::string& path, std::string& loaded) {
  const std::string shown = printable(path, SHOWN_PATH_BYTES);
  std::string error;
  const auto bytes = files::read_regular_file(path, MAX_NETWORK_FILE_BYTES, &error, files::Links::Follow);
  if (!bytes) {
    // The reader names the path first ("'<path>': <cause>"): the cause is kept whole.
    const std::string prefix = "'" + path + "': ";
    const std::string cause = error.compare(0, prefix.size(), prefix) == 0 ? error.substr(prefix.size()) : error;
    return "network '" + shown + "': " + cause;
  }
  const auto* data = reinterpret_cast<const unsigned char*>(bytes->data());
  Variant v = Variant::Classic;
  if (std::string err = engine.load_network(std::span<const unsigned char>(data, bytes->size()), shown, v); !err.empty())
    return err;
  loaded = std::string(variant_name(v)) + " network loaded from '" + shown + "'";
  return "";
}

}  // namespace ordo::protocol
