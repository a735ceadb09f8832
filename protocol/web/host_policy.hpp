// Which Host and Origin headers the server answers: a guard against DNS rebinding (a foreign name
// that resolves to this machine) and against other web sites driving the board from the browser.
// The allow-list holds the loopback names (localhost, 127.0.0.1, [::1]), the address the server
// listens on (unless it is 0.0.0.0 or ::) and the names given with --allow-host. It applies on
// every address, loopback or not.
#pragma once

#include <boost/asio/ip/address.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ordo::web {

// A host as a Host header, an Origin or --allow-host names it, without the port: a lower-case DNS
// name (one trailing dot dropped) or an IP address. Nullopt when it is neither.
struct HostName {
  std::string name;                               // when a name
  std::optional<boost::asio::ip::address> ip;     // when an address
  bool operator==(const HostName& o) const;
};
// "name", "name:port", "1.2.3.4:80", "[::1]:80" (and, when `bare_ipv6`, "::1").
std::optional<HostName> parse_host(std::string_view text, bool bare_ipv6 = false);

// True for 127.0.0.0/8, ::1 and IPv4-mapped 127.0.0.0/8 (::ffff:127.0.0.1).
bool is_loopback(const boost::asio::ip::address& a);
// The host part of a URL that reaches `a` from this machine: "127.0.0.1", "[::1]", "[fe80::1]";
// 0.0.0.0 and :: give their loopback.
std::string url_host(const boost::asio::ip::address& a);

class HostPolicy {
 public:
  HostPolicy() : HostPolicy(boost::asio::ip::make_address("127.0.0.1"), {}) {}
  HostPolicy(const boost::asio::ip::address& bound, std::vector<HostName> extra);
  // A Host header ("127.0.0.1:8080"): true when its host is on the list.
  bool host_allowed(std::string_view host_header) const;
  // An Origin header: absent (not a browser page) or "http://" + the request's own Host.
  bool origin_allowed(std::string_view origin, std::string_view host_header) const;

 private:
  std::vector<HostName> allowed_;
};

}  // namespace ordo::web
