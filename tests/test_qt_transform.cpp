#include <gtest/gtest.h>
#include "core/qt_transform.hpp"
TEST(QT, Placeholder) { EXPECT_TRUE(true); }
