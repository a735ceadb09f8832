#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

// The sanitizer builds exist to catch broken invariants too: their assertions must be compiled in.
#if defined(__SANITIZE_ADDRESS__) && defined(NDEBUG)
#error "an ASan build without assertions: ORDO_SANITIZE must keep NDEBUG undefined"
#endif
