// Boost.URL's implementation, compiled into this library (Debian ships Boost.URL's headers; its
// header-only mode builds the sources from one translation unit).
#include <boost/url/src.hpp>
