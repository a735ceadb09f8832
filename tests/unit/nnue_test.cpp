// The network evaluation: the incremental accumulator equals a rebuild on every position of random
// games, the SIMD forward pass equals the plain one, and the file parser accepts exactly the valid
// images (with one clear reason for each refusal).
#include <doctest/doctest.h>

#include <algorithm>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "search/nnue_accumulator.hpp"
#include "test_support.hpp"

using namespace ordo;
using namespace ordo::testing;
using namespace ordo::nnue;

namespace {

constexpr int MAX_TEST_HEIGHT = 400;  // parts per game at most (random games rarely last that long)

constexpr int WIDTHS[] = {NARROW_WIDTH, WIDE_WIDTH};

// A network of `width` with random hidden weights in -hidden_max..hidden_max (the whole int8
// range by default) and accumulator weights large enough that sums leave the clipped-ReLU range
// both ways.
std::unique_ptr<Network> random_network(std::uint64_t seed, Variant v, int hidden_max = 128,
                                        int width = NARROW_WIDTH) {
  Rng rng(seed);
  auto net = std::make_unique<Network>();
  net->variant = v;
  net->width = width;
  net->source = "random";
  auto draw = [&](int lo, int hi) { return lo + int(rng.below(std::uint64_t(hi - lo + 1))); };
  for (int i = 0; i < width; ++i) net->w.acc_bias[i] = i16(draw(-60, 120));
  for (int f = 0; f < FEATURES; ++f)
    for (int i = 0; i < width; ++i) net->acc_row(f)[i] = i16(draw(-90, 90));
  for (auto& x : net->w.hidden_bias) x = draw(-20000, 20000);
  for (int j = 0; j < HIDDEN; ++j)
    for (int i = 0; i < 2 * width; ++i) net->hidden_row(j)[i] = i8(draw(-hidden_max, std::min(hidden_max, 127)));
  net->w.out_bias = draw(-5000, 5000);
  for (auto& x : net->w.out_weights) x = i8(draw(-128, 127));
  prepare(*net);
  return net;
}

// The accumulator of a board by the definition: bias plus the rows of every piece, summed in int
// and wrapped to int16 at the end (the same as wrapping at every step).
using Values = i16[2][MAX_ACC_WIDTH];
void naive_accumulator(const Network& net, Bitboard white, Bitboard black, Values& out) {
  for (Color p : {WHITE, BLACK})
    for (int i = 0; i < net.width; ++i) {
      int sum = net.w.acc_bias[i];
      for (Square s : white) sum += net.acc_row(feature_index(p, WHITE, s))[i];
      for (Square s : black) sum += net.acc_row(feature_index(p, BLACK, s))[i];
      out[p][i] = i16(sum);
    }
}

// Whether the network's units (the first `width` of each perspective) are equal.
bool same_units(const Values& a, const Values& b, int width) {
  for (Color p : {WHITE, BLACK})
    if (std::memcmp(a[p], b[p], std::size_t(width) * sizeof(i16)) != 0) return false;
  return true;
}
bool same_values(const Accumulator& a, const Accumulator& b, int width) { return same_units(a.values, b.values, width); }

// The file image of a network, written as docs/NETWORK.md says (the trainer's export in C++).
std::vector<unsigned char> image_of(const Network& net) {
  std::vector<unsigned char> out(HEADER_BYTES, 0);
  auto put = [&](std::size_t at, u32 v) {
    for (int i = 0; i < 4; ++i) out[at + std::size_t(i)] = static_cast<unsigned char>(v >> (8 * i));
  };
  std::memcpy(out.data(), MAGIC, sizeof MAGIC);
  auto le16 = [&](i16 v) { out.push_back(u16(v) & 0xFF), out.push_back(u16(v) >> 8); };
  auto le32 = [&](i32 v) {
    for (int i = 0; i < 4; ++i) out.push_back(static_cast<unsigned char>(u32(v) >> (8 * i)));
  };
  for (int i = 0; i < net.width; ++i) le16(net.w.acc_bias[i]);
  for (int f = 0; f < FEATURES; ++f)
    for (int i = 0; i < net.width; ++i) le16(net.acc_row(f)[i]);
  for (i32 v : net.w.hidden_bias) le32(v);
  for (int j = 0; j < HIDDEN; ++j)
    for (int i = 0; i < 2 * net.width; ++i) out.push_back(static_cast<unsigned char>(net.hidden_row(j)[i]));
  le32(net.w.out_bias);
  for (i8 v : net.w.out_weights) out.push_back(static_cast<unsigned char>(v));
  put(8, FORMAT_VERSION);
  put(12, net.variant == Variant::OrdoX ? 1 : 0);
  put(16, FEATURES), put(20, u32(net.width)), put(24, HIDDEN), put(28, QA), put(32, QB);
  put(36, u32(net.output_scale));
  put(40, u32(out.size() - HEADER_BYTES));
  put(44, crc32(std::span<const unsigned char>(out).subspan(HEADER_BYTES)));
  return out;
}

void walk_random_games(Variant v, int games, std::uint64_t seed, int width) {
  const auto net = random_network(seed, v, 128, width);
  Rng rng(seed);
  AccumulatorStack stack(MAX_TEST_HEIGHT);
  long checked = 0;
  for (int g = 0; g < games; ++g) {
    stack.reset();
    Position pos = Position::start(v);
    Accumulator parent;
    refresh(*net, parent, pos.pieces(WHITE), pos.pieces(BLACK));
    for (int h = 0; h + 1 < MAX_TEST_HEIGHT; ++h) {
      // The node at height h through the stack (from the parent's entry or this entry's last board).
      const i32 v_stack = stack.evaluate(*net, pos, h);
      Accumulator fresh;
      refresh(*net, fresh, pos.pieces(WHITE), pos.pieces(BLACK));
      REQUIRE(same_values(stack.at(h), fresh, width));
      REQUIRE(v_stack == evaluate_once(*net, pos));
      alignas(64) Values naive;
      naive_accumulator(*net, pos.pieces(WHITE), pos.pieces(BLACK), naive);
      REQUIRE(same_units(naive, fresh.values, width));
      // The direct update from the parent's board, whatever it costs.
      Accumulator updated;
      update(*net, parent, updated, pos.pieces(WHITE), pos.pieces(BLACK));
      REQUIRE(same_values(updated, fresh, width));
      parent = fresh;
      ++checked;
      if (pos.board_winner()) break;
      MoveList parts;
      generate_parts(pos, parts);
      if (parts.empty()) break;
      // A sibling first, so that the child's entry holds another board when the child comes.
      if (parts.size() > 1 && rng.chance(50))
        stack.evaluate(*net, pos.after(parts[std::size_t(rng.below(parts.size()))]), h + 1);
      pos = pos.after(parts[std::size_t(rng.below(parts.size()))]);
    }
  }
  MESSAGE(variant_name(v) << ", width " << width << ": " << checked << " positions; stack updates " << stack.updates << ", rebuilds "
                          << stack.refreshes << ", reuses " << stack.reuses);
  CHECK(checked > 1000);
  CHECK(stack.updates > stack.refreshes);
}

}  // namespace

TEST_SUITE("nnue") {
  TEST_CASE("the incremental accumulator equals a rebuild on every position of random games") {
    for (int width : WIDTHS) {
      walk_random_games(Variant::Classic, 30, 11, width);
      walk_random_games(Variant::OrdoX, 30, 12, width);
    }
  }

  TEST_CASE("the SIMD forward pass equals the plain one") {
    // Hidden weights of several sizes, so that prepare() chooses every int16 grouping the build has.
    std::vector<int> groupings;
    for (int width : WIDTHS)
    for (int hidden_max : {128, 60, 30, 14, 6}) {
      for (std::uint64_t seed = 1; seed <= 8; ++seed) {
        const auto net = random_network(seed, Variant::Classic, hidden_max, width);
        groupings.push_back(net->hidden_int16_sums);
        Rng rng(seed * 7);
        for (int i = 0; i < 200; ++i) {
          alignas(64) i16 a[MAX_ACC_WIDTH], b[MAX_ACC_WIDTH];
          // Mostly inside the clipped-ReLU range, often beyond it both ways, sometimes all at 127.
          const bool top = i % 10 == 0;
          for (auto& x : a) x = top ? i16(QA) : i16(int(rng.below(400)) - 150);
          for (auto& x : b) x = top ? i16(QA + 5) : i16(int(rng.below(400)) - 150);
          REQUIRE(forward(*net, a, b) == forward_plain(*net, a, b));
        }
      }
    }
    std::sort(groupings.begin(), groupings.end());
    groupings.erase(std::unique(groupings.begin(), groupings.end()), groupings.end());
    MESSAGE("int16 groupings seen: " << groupings.size() << ", largest " << groupings.back());
#if defined(__SSSE3__)
    CHECK(groupings.size() >= 4);
#endif
  }

  TEST_CASE("the int16 grouping never overflows at its bound") {
    // Every input 127 and every hidden weight alike: a lane of k vectors holds 2k products of
    // 127 * w. Weights 8 allow 16 vectors (256 * 127 fits int16), weights 9 do not, -128 only one.
    alignas(64) i16 top[MAX_ACC_WIDTH];
    for (auto& x : top) x = i16(QA);
    for (int width : WIDTHS)
    for (int w : {8, 9, 16, 17, 32, 33, 64, 65, 127, -128, -64, -65}) {
      auto net = random_network(3, Variant::Classic, 128, width);
      for (int j = 0; j < HIDDEN; ++j)
        for (int i = 0; i < 2 * width; ++i) net->hidden_row(j)[i] = i8(w);
      for (auto& x : net->w.hidden_bias) x = 0;
      for (auto& x : net->w.out_weights) x = 1;
      prepare(*net);
      CAPTURE(width);
      CAPTURE(w);
      CHECK(2 * net->hidden_int16_sums * QA * std::abs(w) <= 32767);
      // The hidden sums are 2 * width * 127 * w: outside the clipped ReLU both ways, so the output shows
      // only the ReLU; the raw dot products are compared through a row with alternating signs.
      REQUIRE(forward(*net, top, top) == forward_plain(*net, top, top));
      for (int j = 0; j < HIDDEN; ++j) {
        net->w.hidden_bias[j] = -(2 * width) * QA * w + (j + 1) * QB;  // just above zero
        for (int i = 0; i < 2 * width; ++i) net->hidden_row(j)[i] = i8(w);
      }
      prepare(*net);
      REQUIRE(forward(*net, top, top) == forward_plain(*net, top, top));
      CHECK(forward_raw_plain(*net, top, top) == net->w.out_bias + HIDDEN * (HIDDEN + 1) / 2);
    }
  }

  TEST_CASE("the network's value is the plain reference on the positions of random games") {
    for (Variant v : {Variant::Classic, Variant::OrdoX}) {
      const Network* net = embedded_network(v);
      REQUIRE(net);
      Rng rng(v == Variant::Classic ? 21 : 22);
      AccumulatorStack stack(MAX_TEST_HEIGHT);
      long checked = 0;
      for (int g = 0; g < 40; ++g) {
        stack.reset();
        Position pos = Position::start(v);
        for (int h = 0; h + 1 < MAX_TEST_HEIGHT && !pos.board_winner(); ++h) {
          alignas(64) Values naive;
          naive_accumulator(*net, pos.pieces(WHITE), pos.pieces(BLACK), naive);
          const Color us = pos.side_to_move();
          REQUIRE(stack.evaluate(*net, pos, h) == forward_plain(*net, naive[us], naive[~us]));
          ++checked;
          MoveList parts;
          generate_parts(pos, parts);
          if (parts.empty()) break;
          pos = pos.after(parts[std::size_t(rng.below(parts.size()))]);
        }
      }
      MESSAGE(variant_name(v) << ": " << checked << " positions, int16 grouping " << net->hidden_int16_sums);
      CHECK(checked > 1000);
    }
  }

  TEST_CASE("a file image round-trips through the parser") {
    for (int width : WIDTHS) {
      CAPTURE(width);
      auto net = random_network(5, Variant::OrdoX, 128, width);
      net->output_scale = 173;
      const auto bytes = image_of(*net);
      CHECK(bytes.size() == file_bytes(width));
      std::string error;
      const auto back = parse_network(bytes, "mem", error);
      REQUIRE(back);
      CHECK(error.empty());
      CHECK(back->variant == Variant::OrdoX);
      CHECK(back->width == width);
      CHECK(back->output_scale == 173);
      CHECK(std::memcmp(&back->w, &net->w, sizeof net->w) == 0);
    }
  }

  TEST_CASE("bad file images are refused with their cause") {
    const auto good = image_of(*random_network(6, Variant::Classic));
    auto refused = [](std::vector<unsigned char> bytes) {
      std::string error;
      const auto net = parse_network(bytes, "f.nnue", error);
      CHECK(!net);
      CHECK(error.rfind("network 'f.nnue': ", 0) == 0);
      CHECK(error.find('\n') == std::string::npos);
      return error;
    };
    auto with_u32 = [&](std::size_t at, u32 v) {
      auto b = good;
      for (int i = 0; i < 4; ++i) b[at + std::size_t(i)] = static_cast<unsigned char>(v >> (8 * i));
      return b;
    };
    CHECK(refused({}).find("truncated") != std::string::npos);
    CHECK(refused(std::vector<unsigned char>(good.begin(), good.begin() + 30)).find("truncated") != std::string::npos);
    CHECK(refused(std::vector<unsigned char>(good.begin(), good.end() - 1)).find("truncated") != std::string::npos);
    auto longer = good;
    longer.push_back(0);
    CHECK(refused(longer).find("after the payload") != std::string::npos);
    auto magic = good;
    magic[0] = 'X';
    CHECK(refused(magic).find("bad magic") != std::string::npos);
    auto corrupt = good;
    corrupt[HEADER_BYTES + 1000] ^= 0x10;
    CHECK(refused(corrupt).find("checksum mismatch") != std::string::npos);
    CHECK(refused(with_u32(8, 2)).find("format version 2") != std::string::npos);
    CHECK(refused(with_u32(12, 7)).find("unknown variant") != std::string::npos);
    CHECK(refused(with_u32(20, 512)).find("wrong layer sizes 160x512x32, this engine runs 160x128x32 or 160x256x32") !=
          std::string::npos);
    CHECK(refused(with_u32(20, 64)).find("wrong layer sizes 160x64x32") != std::string::npos);
    // A narrow file that says it is wide: its payload is the narrow one's size.
    CHECK(refused(with_u32(20, 256)).find("the header's payload size 49572 is not the 98980 bytes") != std::string::npos);
    CHECK(refused(with_u32(28, 255)).find("quantisation scales") != std::string::npos);
    CHECK(refused(with_u32(40, 12)).find("payload size") != std::string::npos);
  }

  TEST_CASE("hostile: an output bias of INT32_MAX is refused at load") {
    // A correct checksum over weights whose output sum passes INT32_MAX for some position (it
    // overflowed a signed int: UBSan aborted, a release build wrapped).
    auto net = random_network(7, Variant::Classic);
    net->w.out_bias = INT32_MAX;
    std::string error;
    CHECK(!parse_network(image_of(*net), "big.nnue", error));
    CHECK(error.rfind("network 'big.nnue': the output sum can reach ", 0) == 0);
    CHECK(error.find("outside -2147483648..2147483647") != std::string::npos);
    net->w.out_bias = INT32_MIN;
    CHECK(!parse_network(image_of(*net), "big.nnue", error));
    CHECK(error.find("the output sum can reach -") != std::string::npos);
  }

  TEST_CASE("hostile: every layer's sums are bounded at load and a network at the bound evaluates exactly") {
    std::string error;
    // Hidden layer: a bias that the inputs can push past int32.
    auto hidden = random_network(8, Variant::Classic);
    hidden->w.hidden_bias[5] = INT32_MIN + 10;
    CHECK(!parse_network(image_of(*hidden), "h.nnue", error));
    CHECK(error.find("hidden unit 5's sum can reach") != std::string::npos);
    // Accumulator: 80 squares of a large weight leave int16 (a board full of pieces wraps).
    auto acc = random_network(9, Variant::OrdoX);
    for (int q = 0; q < SQUARES; ++q) acc->acc_row(q)[3] = 500;
    CHECK(!parse_network(image_of(*acc), "a.nnue", error));
    CHECK(error.find("accumulator unit 3 can reach 4") != std::string::npos);
    // The output in centipawns: within int32 as a sum, past it once scaled.
    auto scaled = random_network(10, Variant::Classic);
    scaled->output_scale = 10000;
    for (auto& x : scaled->w.out_weights) x = 0;
    scaled->w.out_bias = 1'800'000'000;  // x 10000 / 8128: 2.2e9
    CHECK(!parse_network(image_of(*scaled), "s.nnue", error));
    CHECK(error.find("the output in centipawns can reach") != std::string::npos);
    // At the bound: every output weight 127 and every hidden unit saturated; the bias is the most
    // the proof allows, and the sum at the largest input is exactly INT32_MAX.
    auto edge = random_network(11, Variant::Classic);
    for (auto& x : edge->w.out_weights) x = 127;
    for (auto& x : edge->w.hidden_bias) x = 1 << 24;  // every hidden unit at 127 whatever the inputs
    edge->w.out_bias = INT32_MAX - HIDDEN * 127 * QA;
    edge->output_scale = 1;
    const auto loaded = parse_network(image_of(*edge), "edge.nnue", error);
    REQUIRE(loaded);
    alignas(64) i16 any[MAX_ACC_WIDTH] = {};
    CHECK(forward_raw_plain(*loaded, any, any) == INT32_MAX);
    CHECK(forward(*loaded, any, any) == forward_plain(*loaded, any, any));
    CHECK(check_sums(*loaded).empty());
    for (Variant v : {Variant::Classic, Variant::OrdoX}) CHECK(check_sums(*embedded_network(v)).empty());
  }

  TEST_CASE("hostile: a nonzero reserved header byte is refused") {
    for (std::size_t at : {std::size_t(48), std::size_t(55), std::size_t(63)}) {
      auto bytes = image_of(*random_network(12, Variant::Classic));
      bytes[at] = 1;
      std::string error;
      CAPTURE(at);
      CHECK(!parse_network(bytes, "r.nnue", error));
      CHECK(error == "network 'r.nnue': reserved header byte " + std::to_string(at) + " is 1, not 0 (a newer or corrupt file)");
    }
  }

  TEST_CASE("hostile: every byte after the payload is counted") {
    auto bytes = image_of(*random_network(13, Variant::Classic));
    bytes.resize(bytes.size() + (1 << 20), 0);
    std::string error;
    CHECK(!parse_network(bytes, "t.nnue", error));
    CHECK(error.find("1048576 bytes after the payload") != std::string::npos);
  }

  TEST_CASE("each variant has an embedded network that parses") {
    for (Variant v : {Variant::Classic, Variant::OrdoX}) {
      const Network* net = embedded_network(v);
      REQUIRE(net);
      CHECK(net->variant == v);
      CHECK(evaluate_once(*net, Position::start(v)) == evaluate_once(*net, Position::start(v).colour_flipped()));
    }
  }
}
