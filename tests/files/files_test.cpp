// The one way to read and write the files a user names (protocol/files): what is refused, what a
// failed write leaves behind.
#include <doctest/doctest.h>

#include <csignal>
#include <cstdlib>
#include <fcntl.h>
#include <fstream>
#include <sstream>
#include <string>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "output_file.hpp"
#include "regular_file.hpp"
#include "../file_text.hpp"

using namespace ordo::files;
using ordo::testing::slurp;

namespace {

struct TempFolder {
  std::string path;
  TempFolder() {
    std::string pattern = "/tmp/ordo-files-XXXXXX";
    path = ::mkdtemp(pattern.data());
  }
  ~TempFolder() { std::system(("rm -rf '" + path + "'").c_str()); }
  std::string operator/(const std::string& name) const { return path + "/" + name; }
};

void write(const std::string& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

bool is_char_device(const std::string& path) {
  struct stat st {};
  return ::lstat(path.c_str(), &st) == 0 && S_ISCHR(st.st_mode);
}

}  // namespace

TEST_SUITE("files") {

TEST_CASE("a regular file is read whole and a missing one is named in the error") {
  TempFolder dir;
  write(dir / "a.txt", std::string("x\0y", 3));
  std::string error;
  const auto bytes = read_regular_file(dir / "a.txt", 100, &error);
  REQUIRE(bytes);
  CHECK(*bytes == std::string("x\0y", 3));
  CHECK_FALSE(read_regular_file(dir / "missing", 100, &error));
  CHECK(error.find("missing") != std::string::npos);
  CHECK(error.find("No such file") != std::string::npos);
}

TEST_CASE("hostile: a FIFO or a device or a folder is refused at once and never waited on") {
  TempFolder dir;
  REQUIRE(::mkfifo((dir / "fifo").c_str(), 0600) == 0);
  std::string error;
  CHECK_FALSE(read_regular_file(dir / "fifo", 100, &error));  // without O_NONBLOCK this blocks forever
  CHECK(error.find("a FIFO") != std::string::npos);
  CHECK_FALSE(read_regular_file("/dev/null", 100, &error));
  CHECK(error.find("character device") != std::string::npos);
  CHECK_FALSE(read_regular_file(dir.path, 100, &error));
  CHECK(error.find("folder") != std::string::npos);
  CHECK(open_regular_file(dir / "fifo", &error) == -1);
}

TEST_CASE("hostile: a symbolic link is refused when links are and followed otherwise") {
  TempFolder dir;
  write(dir / "target", "secret");
  REQUIRE(::symlink((dir / "target").c_str(), (dir / "link").c_str()) == 0);
  std::string error;
  CHECK_FALSE(read_regular_file(dir / "link", 100, &error, Links::Refuse));
  CHECK(error.find("symbolic link") != std::string::npos);
  const auto followed = read_regular_file(dir / "link", 100, &error, Links::Follow);
  REQUIRE(followed);
  CHECK(*followed == "secret");
}

TEST_CASE("hostile: a file over the cap is refused with its size and not read in part") {
  TempFolder dir;
  write(dir / "big", std::string(1000, 'a'));
  std::string error;
  CHECK_FALSE(read_regular_file(dir / "big", 999, &error));
  CHECK(error.find("1000 bytes, more than the 999 allowed") != std::string::npos);
  CHECK(read_regular_file(dir / "big", 1000, &error));
  // Descriptors stay readable in blocking mode for streaming readers.
  const int fd = open_regular_file(dir / "big", &error);
  REQUIRE(fd >= 0);
  CHECK((::fcntl(fd, F_GETFL) & O_NONBLOCK) == 0);
  ::close(fd);
}

TEST_CASE("hostile: an output that exists and is not a regular file is refused") {
  TempFolder dir;
  std::string error;
  CHECK(check_output_path(dir / "new.json", &error));
  write(dir / "old.json", "{}");
  CHECK(check_output_path(dir / "old.json", &error));
  CHECK_FALSE(check_output_path("/dev/full", &error));
  CHECK(error.find("not a regular file (a character device)") != std::string::npos);
  REQUIRE(::mkfifo((dir / "fifo").c_str(), 0600) == 0);
  CHECK_FALSE(check_output_path(dir / "fifo", &error));
  REQUIRE(::symlink((dir / "old.json").c_str(), (dir / "link").c_str()) == 0);
  CHECK_FALSE(check_output_path(dir / "link", &error));
  CHECK(error.find("symbolic link") != std::string::npos);
  CHECK_FALSE(check_output_path(dir.path, &error));
  CHECK_FALSE(check_output_path(dir / "no/such/folder.json", &error));
  CHECK(error.find("no such folder") != std::string::npos);
}

TEST_CASE("hostile: replace_file never renames over a device or a FIFO") {
  TempFolder dir;
  std::string error;
  // As root, a rename over /dev/full would replace the device node itself.
  CHECK_FALSE(replace_file("/dev/full", "{}", &error));
  CHECK(is_char_device("/dev/full"));
  REQUIRE(::mkfifo((dir / "fifo").c_str(), 0600) == 0);
  CHECK_FALSE(replace_file(dir / "fifo", "{}", &error));
  struct stat st {};
  REQUIRE(::lstat((dir / "fifo").c_str(), &st) == 0);
  CHECK(S_ISFIFO(st.st_mode));
}

TEST_CASE("replace_file writes the whole document and leaves no temporary file") {
  TempFolder dir;
  std::string error;
  write(dir / "out.json", "old");
  REQUIRE(replace_file(dir / "out.json", "new content", &error));
  CHECK(slurp(dir / "out.json") == "new content");
  REQUIRE(replace_file(dir / "fresh.json", "x", &error));
  CHECK(slurp(dir / "fresh.json") == "x");
  int entries = 0;
  for (const char* name : {"out.json", "fresh.json"}) entries += ::access((dir / name).c_str(), F_OK) == 0;
  CHECK(entries == 2);
  CHECK(std::system(("test $(ls -A '" + dir.path + "' | wc -l) -eq 2").c_str()) == 0);
  // A bare file name writes beside itself in the working folder.
  char* here = ::getcwd(nullptr, 0);  // malloc'd: freed at once (LeakSanitizer)
  const std::string cwd = here;
  std::free(here);
  REQUIRE(::chdir(dir.path.c_str()) == 0);
  CHECK(replace_file("bare.txt", "b", &error));
  REQUIRE(::chdir(cwd.c_str()) == 0);
  CHECK(slurp(dir / "bare.txt") == "b");
}

TEST_CASE("hostile: a write that fails (a file size limit as a full disk) leaves the old file whole") {
  TempFolder dir;
  write(dir / "records.pgn", "old records");
  std::string error;
  // A file size limit makes the write fail with EFBIG as a full disk fails with ENOSPC.
  struct rlimit old_limit {};
  REQUIRE(::getrlimit(RLIMIT_FSIZE, &old_limit) == 0);
  const auto old_handler = std::signal(SIGXFSZ, SIG_IGN);
  struct rlimit small = old_limit;
  small.rlim_cur = 4;
  REQUIRE(::setrlimit(RLIMIT_FSIZE, &small) == 0);
  const bool ok = replace_file(dir / "records.pgn", "new records, longer than four bytes", &error);
  ::setrlimit(RLIMIT_FSIZE, &old_limit);
  std::signal(SIGXFSZ, old_handler);
  CHECK_FALSE(ok);
  CHECK(error.find("cannot write") != std::string::npos);
  CHECK(slurp(dir / "records.pgn") == "old records");
  CHECK(std::system(("test $(ls -A '" + dir.path + "' | wc -l) -eq 1").c_str()) == 0);
}

TEST_CASE("hostile: two outputs naming one file are found however the path is spelled") {
  TempFolder dir;
  CHECK_FALSE(same_output({{"-pgnout", dir / "a.pgn"}, {"-json", dir / "a.json"}}));
  const auto same = same_output({{"-pgnout", dir / "x"}, {"-live", dir / "x"}});
  REQUIRE(same);
  CHECK(*same == "-pgnout and -live name the same file '" + (dir / "x") + "'");
  CHECK(same_output({{"-pgnout", dir / "x"}, {"-json", dir.path + "/./x"}}));
  write(dir / "existing", "");
  REQUIRE(::link((dir / "existing").c_str(), (dir / "hard").c_str()) == 0);
  CHECK(same_output({{"-pgnout", dir / "existing"}, {"-json", dir / "hard"}}));
  CHECK_FALSE(same_output({{"-pgnout", ""}, {"-json", ""}}));
}

TEST_CASE("replace_file without syncing still replaces whole and refuses a FIFO") {
  TempFolder dir;
  std::string error;
  write(dir / "live.json", "old");
  REQUIRE(replace_file(dir / "live.json", "new", &error, Sync::Atomic));
  CHECK(slurp(dir / "live.json") == "new");
  REQUIRE(::mkfifo((dir / "fifo").c_str(), 0600) == 0);
  CHECK_FALSE(replace_file(dir / "fifo", "{}", &error, Sync::Atomic));
  CHECK(std::system(("test $(ls -A '" + dir.path + "' | wc -l) -eq 2").c_str()) == 0);
}

}  // TEST_SUITE
