#include "host_policy.hpp"

#include <algorithm>

#include "tokenizer.hpp"

namespace ordo::web {

namespace ip = boost::asio::ip;

namespace {

bool valid_port(std::string_view p) {
  return protocol::parse_count(p, 5).has_value();
}

}  // namespace

bool HostName::operator==(const HostName& o) const { return name == o.name && ip == o.ip; }

std::optional<HostName> parse_host(std::string_view text, bool bare_ipv6) {
  std::string_view host = text;
  boost::system::error_code ec;
  if (!text.empty() && text.front() == '[') {
    const auto close = text.find(']');
    if (close == std::string_view::npos) return std::nullopt;
    const std::string_view rest = text.substr(close + 1);
    if (!rest.empty() && (rest.front() != ':' || !valid_port(rest.substr(1)))) return std::nullopt;
    const auto v6 = ip::make_address_v6(std::string(text.substr(1, close - 1)), ec);
    if (ec) return std::nullopt;
    return HostName{"", ip::address(v6)};
  }
  const auto colons = std::count(text.begin(), text.end(), ':');
  if (colons > 1) {
    if (!bare_ipv6) return std::nullopt;
    const auto v6 = ip::make_address_v6(std::string(text), ec);
    if (ec) return std::nullopt;
    return HostName{"", ip::address(v6)};
  }
  if (colons == 1) {
    const auto colon = text.find(':');
    if (!valid_port(text.substr(colon + 1))) return std::nullopt;
    host = text.substr(0, colon);
  }
  if (host.empty()) return std::nullopt;
  const auto v4 = ip::make_address_v4(std::string(host), ec);
  if (!ec) return HostName{"", ip::address(v4)};
  std::string name = protocol::lower(host);
  if (name.back() == '.') name.pop_back();
  if (name.empty() || name.size() > 253) return std::nullopt;
  for (char c : name)
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.' || c == '_')) return std::nullopt;
  return HostName{name, std::nullopt};
}

bool is_loopback(const ip::address& a) {
  if (a.is_v4()) return a.to_v4().is_loopback();
  const auto v6 = a.to_v6();
  if (v6.is_loopback()) return true;
  return v6.is_v4_mapped() && ip::make_address_v4(ip::v4_mapped, v6).is_loopback();
}

std::string url_host(const ip::address& a) {
  if (a.is_v4()) return a.is_unspecified() ? "127.0.0.1" : a.to_string();
  if (a.is_unspecified()) return "[::1]";
  std::string out = "[";
  out += a.to_string();
  out += ']';
  return out;
}

HostPolicy::HostPolicy(const ip::address& bound, std::vector<HostName> extra) {
  allowed_.push_back({"localhost", std::nullopt});
  allowed_.push_back({"", ip::make_address("127.0.0.1")});
  allowed_.push_back({"", ip::make_address("::1")});
  if (!bound.is_unspecified()) allowed_.push_back({"", bound});
  for (auto& h : extra) allowed_.push_back(std::move(h));
}

bool HostPolicy::host_allowed(std::string_view host_header) const {
  const auto host = parse_host(host_header);
  return host && std::find(allowed_.begin(), allowed_.end(), *host) != allowed_.end();
}

bool HostPolicy::origin_allowed(std::string_view origin, std::string_view host_header) const {
  if (origin.empty()) return true;  // not a browser page (a script or a test client)
  constexpr std::string_view scheme = "http://";
  const std::string o = protocol::lower(origin);
  return host_allowed(host_header) && o.size() == scheme.size() + host_header.size() && o.starts_with(scheme) &&
         std::string_view(o).substr(scheme.size()) == protocol::lower(host_header);
}

}  // namespace ordo::web
