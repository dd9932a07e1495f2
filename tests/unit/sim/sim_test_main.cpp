#include <QtTest>

#include "sim_test.h"

QTEST_APPLESS_MAIN(SimTest)
