#include "engine_usage.hpp"

#include <algorithm>
#include <cstdio>
#include <fstream>


namespace ordo::match {

namespace {

std::string fixed(double v, int decimals) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  return buf;
}

template <class Key>
std::string shares(const std::map<Key, long long>& counts, long long total, const std::string& prefix) {
  std::string out;
  for (const auto& [key, n] : counts) {
    if (!out.empty()) out += " ";
    out += prefix;
    if constexpr (std::is_same_v<Key, std::string>) out += key;
    else out += std::to_string(key);
    out += ':';
    out += fixed(total ? 100.0 * double(n) / double(total) : 0, 0);
    out += '%';
  }
  return out.empty() ? "-" : out;
}

}  // namespace

void UsageTotals::add(const SearchAnswer& a) {
  ++moves;
  const double ms = double(a.elapsed_us) / 1000.0;
  elapsed_ms += ms;
  if (a.engine_ms) {
    ++timed_moves;
    const double latency = ms - double(*a.engine_ms);
    latency_ms += latency;
    latency_max_ms = std::max(latency_max_ms, latency);
  }
  if (a.nodes) {
    nodes += *a.nodes;
    node_ms += ms;
  }
  if (a.usage.measured) {
    ++measured_moves;
    cpu_ms += a.usage.cpu_ms;
    wait_ms += a.usage.wait_ms;
    measured_elapsed_ms += ms;
    if (a.usage.core >= 0) ++cores[a.usage.core];
    ++nices[a.usage.nice];
    ++affinities[a.usage.affinity.empty() ? "?" : a.usage.affinity];
  }
}

void UsageTotals::merge(const UsageTotals& o) {
  moves += o.moves;
  elapsed_ms += o.elapsed_ms;
  timed_moves += o.timed_moves;
  latency_ms += o.latency_ms;
  latency_max_ms = std::max(latency_max_ms, o.latency_max_ms);
  nodes += o.nodes;
  node_ms += o.node_ms;
  measured_moves += o.measured_moves;
  cpu_ms += o.cpu_ms;
  wait_ms += o.wait_ms;
  measured_elapsed_ms += o.measured_elapsed_ms;
  time_losses += o.time_losses;
  for (const auto& [k, n] : o.cores) cores[k] += n;
  for (const auto& [k, n] : o.nices) nices[k] += n;
  for (const auto& [k, n] : o.affinities) affinities[k] += n;
}

double UsageTotals::knps() const { return node_ms > 0 ? double(nodes) / node_ms : 0; }

void LoadFigures::sample() {
  std::ifstream in("/proc/loadavg");
  double load = 0;
  if (in >> load) add(load);
}

void LoadFigures::add(double load) {
  if (samples == 0) first = load;
  last = load;
  sum += load;
  max = std::max(max, load);
  ++samples;
}

void LoadFigures::merge(const LoadFigures& o) {
  if (o.samples == 0) return;
  if (samples == 0) first = o.first;
  last = o.last;
  sum += o.sum;
  max = std::max(max, o.max);
  samples += o.samples;
}

void UsageBook::add_move(const std::string& engine, const SearchAnswer& move) {
  std::lock_guard lock(mutex_);
  totals_[engine].add(move);
}

void UsageBook::add_time_loss(const std::string& engine) {
  std::lock_guard lock(mutex_);
  ++totals_[engine].time_losses;
}

void UsageBook::sample_load() {
  LoadFigures now;
  now.sample();
  std::lock_guard lock(mutex_);
  load_.merge(now);
}

void UsageBook::merge(const UsageBook& other) {
  const auto t = other.totals();
  const auto l = other.load();
  std::lock_guard lock(mutex_);
  for (const auto& [name, totals] : t) totals_[name].merge(totals);
  load_.merge(l);
}

std::map<std::string, UsageTotals> UsageBook::totals() const {
  std::lock_guard lock(mutex_);
  return totals_;
}

LoadFigures UsageBook::load() const {
  std::lock_guard lock(mutex_);
  return load_;
}

std::string UsageBook::text(const std::vector<std::string>& names) const {
  const auto t = totals();
  const auto l = load();
  std::size_t width = 6;
  for (const auto& n : names) width = std::max(width, n.size());
  std::string out = "Engines (the moves of this run):\n";
  char line[512];
  std::snprintf(line, sizeof line, "%-*s %7s %8s %15s %7s %5s %10s %6s  %s\n", int(width), "engine", "moves", "ms/move",
                "latency avg/max", "knps", "CPU", "wait/move", "losses", "cores, nice, CPUs allowed");
  out += line;
  for (const auto& name : names) {
    const auto found = t.find(name);
    const UsageTotals u = found == t.end() ? UsageTotals{} : found->second;
    const double per_move = u.moves ? u.elapsed_ms / double(u.moves) : 0;
    const std::string latency = u.timed_moves ? fixed(u.latency_ms / double(u.timed_moves), 2) + "/" +
                                                    fixed(u.latency_max_ms, 1)
                                              : "-";
    const std::string cpu = u.measured_elapsed_ms > 0 ? fixed(100 * u.cpu_ms / u.measured_elapsed_ms, 0) + "%" : "-";
    const std::string wait = u.measured_moves ? fixed(u.wait_ms / double(u.measured_moves), 2) + "ms" : "-";
    const std::string where = shares(u.cores, u.measured_moves, "cpu") + ", " +
                              shares(u.nices, u.measured_moves, "nice ") + ", " +
                              shares(u.affinities, u.measured_moves, "");
    std::snprintf(line, sizeof line, "%-*s %7lld %8s %15s %7s %5s %10s %6lld  %s\n", int(width), name.c_str(), u.moves,
                  fixed(per_move, 2).c_str(), latency.c_str(), u.node_ms > 0 ? fixed(u.knps(), 1).c_str() : "-",
                  cpu.c_str(), wait.c_str(), u.time_losses, where.c_str());
    out += line;
  }
  if (l.samples) {
    out += "Load (1-minute average): start ";
    out += fixed(l.first, 2) + ", mean " + fixed(l.mean(), 2) + ", max " + fixed(l.max, 2) + ", end " +
           fixed(l.last, 2) + "\n";
  }
  return out;
}

Json UsageBook::json_members(const std::vector<std::string>& names) const {
  const auto t = totals();
  const auto l = load();
  Json engines = Json::object();
  for (const auto& name : names) {
    const auto found = t.find(name);
    const UsageTotals u = found == t.end() ? UsageTotals{} : found->second;
    Json e;
    e["moves"] = u.moves;
    e["ms_per_move"] = json_figure(u.moves ? u.elapsed_ms / double(u.moves) : 0.0);
    e["latency_mean_ms"] = json_figure(u.timed_moves ? u.latency_ms / double(u.timed_moves) : 0.0);
    e["latency_max_ms"] = json_figure(u.latency_max_ms);
    e["nodes"] = u.nodes;
    e["knps"] = json_figure(u.knps());
    e["cpu_share"] = json_figure(u.measured_elapsed_ms > 0 ? u.cpu_ms / u.measured_elapsed_ms : 0.0);
    e["wait_ms_per_move"] = json_figure(u.measured_moves ? u.wait_ms / double(u.measured_moves) : 0.0);
    e["time_losses"] = u.time_losses;
    Json cores = Json::object(), nices = Json::object(), sets = Json::object();
    for (const auto& [k, n] : u.cores) cores[std::to_string(k)] = n;
    for (const auto& [k, n] : u.nices) nices[std::to_string(k)] = n;
    for (const auto& [k, n] : u.affinities) sets[k] = n;
    e["moves_by_core"] = cores;
    e["moves_by_nice"] = nices;
    e["moves_by_cpus_allowed"] = sets;
    // Names may hold any bytes: json_text writes an invalid UTF-8 sequence as U+FFFD.
    engines[name] = e;
  }
  Json load = {{"samples", l.samples}, {"start", json_figure(l.first)}, {"mean", json_figure(l.mean())},
               {"max", json_figure(l.max)}, {"end", json_figure(l.last)}};
  Json out;
  out["engine_figures"] = engines;
  out["load"] = load;
  return out;
}

std::string telemetry_header() {
  return "game,ply,engine,elapsed_us,engine_ms,latency_ms,nodes,cpu_ms,wait_ms,core,nice,cpus_allowed";
}

std::string telemetry_line(long long game, int ply, const std::string& engine, const SearchAnswer& a) {
  std::string name = "\"";
  for (const char c : engine) {
    if (c == '"') name += '"';
    name += c;
  }
  name += '"';
  std::string out = std::to_string(game) + "," + std::to_string(ply) + "," + name + "," + std::to_string(a.elapsed_us) +
                    ",";
  if (a.engine_ms) out += std::to_string(*a.engine_ms);
  out += ",";
  if (a.engine_ms) out += fixed(double(a.elapsed_us) / 1000.0 - double(*a.engine_ms), 3);
  out += ",";
  if (a.nodes) out += std::to_string(*a.nodes);
  out += ",";
  if (a.usage.measured)
    out += fixed(a.usage.cpu_ms, 3) + "," + fixed(a.usage.wait_ms, 3) + "," + std::to_string(a.usage.core) + "," +
           std::to_string(a.usage.nice) + ",\"" + a.usage.affinity + "\"";
  else
    out += ",,,,";
  return out;
}

}  // namespace ordo::match
