// The page's files (HTML, CSS, JavaScript, SVG), compiled into the binary from protocol/web/page/.
#pragma once

#include <string_view>

namespace ordo::web {

struct PageFile {
  std::string_view path;          // URL path, e.g. "/app.js"
  std::string_view content_type;  // e.g. "text/javascript; charset=utf-8"
  std::string_view body;
};

// The file served at a URL path ("/" is "/index.html"), or nullptr.
const PageFile* find_page_file(std::string_view path);

}  // namespace ordo::web
