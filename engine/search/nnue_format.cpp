#include "search/nnue_format.hpp"

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstring>

#include "search/nnue_network.hpp"
#include "variant_rules.hpp"

namespace ordo::nnue {

// The embedded images (generated from engine/nets/ by embed_nets.cmake).
std::span<const unsigned char> embedded_network_bytes(Variant v);

namespace {

constexpr std::array<u32, 256> make_crc_table() {
  std::array<u32, 256> t{};
  for (u32 i = 0; i < 256; ++i) {
    u32 c = i;
    for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
    t[i] = c;
  }
  return t;
}
constexpr std::array<u32, 256> CRC_TABLE = make_crc_table();

// A little-endian reader over the payload; the caller has checked the total size.
struct Reader {
  const unsigned char* p;
  u32 u32le() {
    const u32 v = u32(p[0]) | u32(p[1]) << 8 | u32(p[2]) << 16 | u32(p[3]) << 24;
    p += 4;
    return v;
  }
  i32 i32le() { return i32(u32le()); }
  i16 i16le() {
    const u16 v = u16(p[0] | p[1] << 8);
    p += 2;
    return i16(v);
  }
  i8 i8v() { return i8(*p++); }
};

std::string sizes_text(u32 f, u32 a, u32 h) {
  return std::to_string(f) + "x" + std::to_string(a) + "x" + std::to_string(h);
}

}  // namespace

u32 crc32(std::span<const unsigned char> bytes) {
  u32 c = 0xFFFFFFFFu;
  for (unsigned char b : bytes) c = CRC_TABLE[(c ^ b) & 0xFF] ^ (c >> 8);
  return c ^ 0xFFFFFFFFu;
}

std::unique_ptr<Network> parse_network(std::span<const unsigned char> bytes, const std::string& source,
                                       std::string& error) {
  error.clear();
  auto fail = [&](const std::string& why) {
    error = "network '" + source + "': " + why;
    return nullptr;
  };
  if (bytes.size() < HEADER_BYTES)
    return fail("truncated: " + std::to_string(bytes.size()) + " bytes, shorter than the " +
                std::to_string(HEADER_BYTES) + "-byte header");
  if (std::memcmp(bytes.data(), MAGIC, sizeof MAGIC) != 0) return fail("bad magic: not an Ordo network file");
  Reader r{bytes.data() + sizeof MAGIC};
  const u32 version = r.u32le(), variant = r.u32le();
  const u32 features = r.u32le(), acc = r.u32le(), hidden = r.u32le();
  const u32 qa = r.u32le(), qb = r.u32le();
  const i32 output_scale = r.i32le();
  const u32 payload = r.u32le(), checksum = r.u32le();
  if (version != FORMAT_VERSION)
    return fail("format version " + std::to_string(version) + ", this engine reads version " +
                std::to_string(FORMAT_VERSION));
  if (!variant_at(int(std::min<u32>(variant, 255)))) return fail("unknown variant code " + std::to_string(variant) + " (0 ordo, 1 ordox)");
  if (features != u32(FEATURES) || !supported_width(acc) || hidden != u32(HIDDEN))
    return fail("wrong layer sizes " + sizes_text(features, acc, hidden) + ", this engine runs " +
                sizes_text(FEATURES, NARROW_WIDTH, HIDDEN) + " or " + sizes_text(FEATURES, WIDE_WIDTH, HIDDEN));
  const int width = int(acc);
  if (qa != u32(QA) || qb != u32(QB))
    return fail("quantisation scales " + std::to_string(qa) + "/" + std::to_string(qb) + ", this engine uses " +
                std::to_string(QA) + "/" + std::to_string(QB));
  if (output_scale <= 0 || output_scale > 10000)
    return fail("output scale " + std::to_string(output_scale) + " outside 1..10000");
  for (std::size_t at = RESERVED_AT; at < HEADER_BYTES; ++at)
    if (bytes[at] != 0)
      return fail("reserved header byte " + std::to_string(at) + " is " + std::to_string(int(bytes[at])) +
                  ", not 0 (a newer or corrupt file)");
  if (payload != payload_bytes(width))
    return fail("the header's payload size " + std::to_string(payload) + " is not the " +
                std::to_string(payload_bytes(width)) + " bytes of these layer sizes");
  const std::size_t expected = file_bytes(width);
  if (bytes.size() < expected)
    return fail("truncated: " + std::to_string(bytes.size()) + " bytes of " + std::to_string(expected));
  if (bytes.size() > expected)
    return fail(std::to_string(bytes.size() - expected) + " bytes after the payload (" +
                std::to_string(expected) + " expected)");
  const u32 actual = crc32(bytes.subspan(HEADER_BYTES));
  if (actual != checksum) {
    char text[96];
    std::snprintf(text, sizeof text, "checksum mismatch (header %08x, payload %08x): a corrupt file",
                  unsigned(checksum), unsigned(actual));
    return fail(text);
  }

  auto net = std::make_unique<Network>();
  net->variant = *variant_at(int(variant));
  net->width = width;
  net->output_scale = output_scale;
  net->source = source;
  Weights& w = net->w;
  r.p = bytes.data() + HEADER_BYTES;
  for (int i = 0; i < width; ++i) w.acc_bias[i] = r.i16le();
  for (int f = 0; f < FEATURES; ++f)
    for (int i = 0; i < width; ++i) net->acc_row(f)[i] = r.i16le();
  for (auto& v : w.hidden_bias) v = r.i32le();
  for (int j = 0; j < HIDDEN; ++j)
    for (int i = 0; i < 2 * width; ++i) net->hidden_row(j)[i] = r.i8v();
  w.out_bias = r.i32le();
  for (auto& v : w.out_weights) v = r.i8v();
  if (std::string why = check_sums(*net); !why.empty()) return fail(why);
  prepare(*net);
  return net;
}

const Network* embedded_network(Variant v) {
  static const auto nets = [] {
    std::array<std::unique_ptr<Network>, VARIANTS.size()> made;
    for (const VariantRules& r : VARIANTS) {
      std::string e;
      made[std::size_t(variant_index(r.variant))] =
          parse_network(embedded_network_bytes(r.variant), "embedded " + std::string(r.name), e);
    }
    return made;
  }();
  return nets[std::size_t(variant_index(v))].get();
}

}  // namespace ordo::nnue
