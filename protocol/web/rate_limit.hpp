// The rate limit on one page's messages: a token bucket that holds up to `burst` tokens and gains
// `rate` a second; each message takes one. A message that finds the bucket empty is refused, and
// the bucket goes into debt; a page whose debt passes `burst` (it kept sending well over the rate)
// is to be disconnected.
#pragma once

#include <algorithm>
#include <chrono>

namespace ordo::web {

class RateLimit {
 public:
  enum class Verdict { Accept, Refuse, Disconnect };
  using Clock = std::chrono::steady_clock;

  RateLimit(double rate, double burst, Clock::time_point now = Clock::now())
      : rate_(rate), burst_(burst), tokens_(burst), last_(now) {}

  Verdict take(Clock::time_point now = Clock::now()) {
    const double seconds = std::chrono::duration<double>(now - last_).count();
    last_ = now;
    tokens_ = std::min(burst_, tokens_ + std::max(0.0, seconds) * rate_);
    tokens_ -= 1;
    if (tokens_ >= 0) return Verdict::Accept;
    return tokens_ < -burst_ ? Verdict::Disconnect : Verdict::Refuse;
  }

 private:
  double rate_, burst_, tokens_;
  Clock::time_point last_;
};

}  // namespace ordo::web
