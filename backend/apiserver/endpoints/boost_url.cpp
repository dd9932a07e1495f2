// Boost.URL's compiled part, built here once: Debian's libboost1.81-dev ships Boost.URL's headers
// without a library, and this is Boost's documented header-only use.
#include <boost/url/src.hpp>
