// probe_engine: the check of every --engine at start.
#include <doctest/doctest.h>

#include "engine_probe.hpp"
#include "strength_levels.hpp"
#include "web_session.hpp"

namespace ordo::web::testing {

TEST_SUITE("web") {
  TEST_CASE("an engine that does not exist fails the probe with one line") {
    const EngineProbe p = probe_engine({{"/nonexistent/engine"}, "", false});
    CHECK_FALSE(p.ok);
    CHECK(p.error.rfind("cannot start: ", 0) == 0);
    CHECK(p.error.find('\n') == std::string::npos);
  }

  TEST_CASE("a program that is not an engine fails the probe") {
    const EngineProbe p = probe_engine({{"/bin/true"}, "", false}, driver::Dialect::Uci, std::chrono::milliseconds(2000));
    CHECK_FALSE(p.ok);
    CHECK(p.error.find("does not answer as an engine") != std::string::npos);
  }

  TEST_CASE("the real engine passes the probe and gives its name") {
    const EngineProbe p = probe_engine({{ORDO_ENGINE_BINARY}, "", false});
    CHECK(p.ok);
    CHECK(p.name.rfind("Ordo", 0) == 0);
  }

  TEST_CASE("the probe keeps the engine's options: the real engine has eight levels over its UCI_Elo range") {
    const EngineProbe p = probe_engine({{ORDO_ENGINE_BINARY}, "", false});
    REQUIRE(p.ok);
    const auto range = elo_range(p.options);
    REQUIRE(range);
    const auto levels = engine_levels(p.options);
    REQUIRE(levels.size() == 8);
    CHECK(levels.front().elo == range->min);
    CHECK(levels.back().elo == range->max);
    for (std::size_t i = 1; i < levels.size(); ++i) CHECK(levels[i].elo > levels[i - 1].elo);
  }

  TEST_CASE("the probe greets in the engine's dialect") {
    const EngineProbe ugi = probe_engine({{ORDO_ENGINE_BINARY}, "", false}, driver::Dialect::Ugi);
    CHECK(ugi.ok);
    CHECK(ugi.name.rfind("Ordo", 0) == 0);
    // A UCI-only program greeted in UGI never says ugiok.
    const std::string uci_only = "read l; echo 'id name UciOnly'; echo uciok; sleep 5";
    const EngineProbe wrong = probe_engine({{"/bin/sh", "-c", uci_only}, "", false}, driver::Dialect::Ugi,
                                           std::chrono::milliseconds(1000));
    CHECK_FALSE(wrong.ok);
    CHECK(wrong.error.find("ugiok") != std::string::npos);
  }

  TEST_CASE("the page sees the probed name before the engine has started") {
    std::vector<std::string> out;
    WebSession session({{"ordo", "Ordo 9.9"}}, [](int, TransportEvents) -> std::unique_ptr<LineTransport> { return nullptr; },
                       [&](std::string m) { out.push_back(std::move(m)); });
    session.handle("hello");
    REQUIRE(out.size() == 2);
    CHECK(out[0].find(R"("name":"Ordo 9.9")") != std::string::npos);
    CHECK(out[1].find(R"("names":["Human","Ordo 9.9"])") != std::string::npos);
    CHECK(out[0].find("engine 1") == std::string::npos);
  }
}

}  // namespace ordo::web::testing
