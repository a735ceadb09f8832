#include "process_usage.hpp"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <dirent.h>
#include <fstream>
#include <sstream>
#include <sched.h>

#include "tokenizer.hpp"

namespace ordo::driver {

namespace {

std::optional<std::string> slurp(const std::string& path) {
  std::ifstream in(path);
  if (!in) return std::nullopt;
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

using protocol::split_words;

// The numbers of /proc and of CPU lists: the project's integer parser, without the '+' it
// accepts (a count has no sign at all), within the type's range.
bool to_u64(std::string_view w, std::uint64_t& out) {
  if (w.empty() || !std::isdigit(static_cast<unsigned char>(w[0]))) return false;
  const auto v = protocol::parse_int(w);
  if (!v) return false;
  out = static_cast<std::uint64_t>(*v);
  return true;
}

bool to_int(std::string_view w, int& out) {
  if (w.empty() || w[0] == '+') return false;
  const auto v = protocol::parse_int(w);
  if (!v || *v < INT32_MIN || *v > INT32_MAX) return false;
  out = static_cast<int>(*v);
  return true;
}

}  // namespace

std::optional<StatFields> parse_stat(const std::string& text) {
  // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so fields are counted
  // from the last ')'. After it, field 3 (state) is index 0.
  const auto close = text.rfind(')');
  if (close == std::string::npos) return std::nullopt;
  const auto w = split_words(std::string_view(text).substr(close + 1));
  // utime 14, stime 15, nice 19, processor 39 (1-based, man 5 proc) → indices 11, 12, 16, 36.
  if (w.size() < 37) return std::nullopt;
  StatFields f;
  if (!to_u64(w[11], f.utime_ticks) || !to_u64(w[12], f.stime_ticks) || !to_int(w[16], f.nice) ||
      !to_int(w[36], f.processor))
    return std::nullopt;
  return f;
}

std::optional<SchedStat> parse_schedstat(const std::string& text) {
  const auto w = split_words(text);
  SchedStat s;
  if (w.size() < 2 || !to_u64(w[0], s.run_ns) || !to_u64(w[1], s.wait_ns)) return std::nullopt;
  return s;
}

std::string cpu_list_text(const std::vector<int>& cpus) {
  std::string out;
  for (std::size_t i = 0; i < cpus.size();) {
    std::size_t j = i;
    while (j + 1 < cpus.size() && cpus[j + 1] == cpus[j] + 1) ++j;
    if (!out.empty()) out += ',';
    out += std::to_string(cpus[i]);
    if (j > i) {
      out += '-';
      out += std::to_string(cpus[j]);
    }
    i = j + 1;
  }
  return out;
}

std::optional<std::vector<int>> parse_cpu_list(const std::string& text) {
  std::vector<int> cpus;
  std::size_t i = 0;
  if (text.empty()) return std::nullopt;
  while (i <= text.size()) {
    const auto comma = std::min(text.find(',', i), text.size());
    const std::string part = text.substr(i, comma - i);
    const auto dash = part.find('-');
    int lo = 0, hi = 0;
    if (dash == std::string::npos) {
      if (!to_int(part, lo)) return std::nullopt;
      hi = lo;
    } else if (!to_int(part.substr(0, dash), lo) || !to_int(part.substr(dash + 1), hi)) {
      return std::nullopt;
    }
    if (lo < 0 || hi < lo || hi >= CPU_SETSIZE) return std::nullopt;
    for (int c = lo; c <= hi; ++c) cpus.push_back(c);
    i = comma + 1;
  }
  std::sort(cpus.begin(), cpus.end());
  cpus.erase(std::unique(cpus.begin(), cpus.end()), cpus.end());
  return cpus;
}

void UsageMeter::read_threads(bool first) {
  const std::string dir = "/proc/" + std::to_string(pid_) + "/task";
  DIR* d = opendir(dir.c_str());
  if (!d) return;
  while (const dirent* e = readdir(d)) {
    int tid = 0;
    if (!to_int(e->d_name, tid)) continue;
    const std::string base = dir + "/" + e->d_name;
    const auto sched_text = slurp(base + "/schedstat");
    const auto stat_text = slurp(base + "/stat");
    if (!sched_text || !stat_text) continue;  // the thread ended between the listing and the read
    const auto sched = parse_schedstat(*sched_text);
    const auto stat = parse_stat(*stat_text);
    if (!sched || !stat) continue;
    auto found = threads_.find(tid);
    if (found == threads_.end()) {
      // A thread born during the search counts from zero; one present at begin() from its mark.
      ThreadMark m;
      m.start = first ? *sched : SchedStat{};
      m.last = *sched;
      m.stat = *stat;
      threads_.emplace(tid, m);
    } else {
      found->second.last = *sched;
      found->second.stat = *stat;
    }
  }
  closedir(d);
}

void UsageMeter::begin(int pid) {
  pid_ = pid;
  threads_.clear();
  if (pid_ > 0) read_threads(true);
}

void UsageMeter::sample() {
  if (pid_ > 0) read_threads(false);
}

SearchUsage UsageMeter::end() {
  SearchUsage u;
  if (pid_ <= 0) return u;
  read_threads(false);
  if (threads_.empty()) return u;
  u.measured = true;
  std::uint64_t run = 0, wait = 0, busiest = 0;
  for (const auto& [tid, m] : threads_) {
    const std::uint64_t r = m.last.run_ns - std::min(m.last.run_ns, m.start.run_ns);
    run += r;
    wait += m.last.wait_ns - std::min(m.last.wait_ns, m.start.wait_ns);
    if (u.core < 0 || r > busiest) {
      busiest = r;
      u.core = m.stat.processor;
    }
    u.nice = m.stat.nice;
  }
  u.cpu_ms = double(run) / 1e6;
  u.wait_ms = double(wait) / 1e6;
  u.affinity = cpu_list_text(allowed_cpus(pid_));
  return u;
}

std::vector<int> allowed_cpus(int pid) {
  std::vector<int> cpus;
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(pid, sizeof set, &set) != 0) return cpus;
  for (int c = 0; c < CPU_SETSIZE; ++c)
    if (CPU_ISSET(c, &set)) cpus.push_back(c);
  return cpus;
}

}  // namespace ordo::driver
