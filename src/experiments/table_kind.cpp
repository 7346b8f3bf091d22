// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/experiments/table_kind.hpp"

#include "skinlab/core/registry.hpp"

namespace skinlab {

// Each entry function is defined in its kind's file (tables/); declared here, from the list.
#define SKINLAB_TABLE_KIND(name) TableKindEntry name##_table_kind();
#include "skinlab/experiments/tables/table_kind_list.hpp"
#undef SKINLAB_TABLE_KIND

const std::vector<TableKindEntry>& table_kinds() {
  static const std::vector<TableKindEntry> kinds{
#define SKINLAB_TABLE_KIND(name) name##_table_kind(),
#include "skinlab/experiments/tables/table_kind_list.hpp"
#undef SKINLAB_TABLE_KIND
  };
  return kinds;
}

const TableKindEntry* find_table_kind(const std::string& name) { return find_named(table_kinds(), name); }

}  // namespace skinlab
