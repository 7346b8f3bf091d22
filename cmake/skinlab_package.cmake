# SPDX-License-Identifier: GPL-3.0-or-later
# The installable package (docs/library.md): headers under include/skinlab/, the libraries with
# exported targets (skinlab::runtime, skinlab::io, skinlab::offline, skinlab::viewer), the tool,
# the data (models, skeletons, clips, experiments) under share/skinlab, and skinlabConfig.cmake
# with its version file.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(SKINLAB_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/skinlab)
set(SKINLAB_INSTALL_DATADIR ${CMAKE_INSTALL_DATADIR}/skinlab)

set(skinlab_installed skinlab_core skinlab_animation skinlab_kinematics skinlab_kernels skinlab_skinning skinlab_gap
  skinlab_runtime)
set(SKINLAB_HAS_CUDA FALSE)
if(TARGET skinlab_cuda)
  list(APPEND skinlab_installed skinlab_cuda)
  set(SKINLAB_HAS_CUDA TRUE)
endif()
if(NOT SKINLAB_RUNTIME_ONLY)
  list(APPEND skinlab_installed skinlab_io skinlab_geometry skinlab_segmentation skinlab_skeleton skinlab_gap_thesis
    skinlab_rigging skinlab_metrics skinlab_render skinlab_experiments skinlab_offline skinlab_viewer)
endif()
foreach(target IN LISTS skinlab_installed)
  string(REGEX REPLACE "^skinlab_" "" export_name ${target})
  set_target_properties(${target} PROPERTIES EXPORT_NAME ${export_name})
  add_library(skinlab::${export_name} ALIAS ${target})
endforeach()

install(TARGETS ${skinlab_installed} EXPORT skinlabTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
# Headers of every module but the command line's (it alone includes CLI11).
install(DIRECTORY src/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/skinlab
  FILES_MATCHING PATTERN "*.hpp" PATTERN "app" EXCLUDE)
install(EXPORT skinlabTargets NAMESPACE skinlab:: DESTINATION ${SKINLAB_INSTALL_CMAKEDIR})
configure_package_config_file(cmake/skinlabConfig.cmake.in ${PROJECT_BINARY_DIR}/skinlabConfig.cmake
  INSTALL_DESTINATION ${SKINLAB_INSTALL_CMAKEDIR} PATH_VARS SKINLAB_INSTALL_DATADIR)
# 0.x: a later minor version may change the interface.
write_basic_package_version_file(${PROJECT_BINARY_DIR}/skinlabConfigVersion.cmake COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/skinlabConfig.cmake ${PROJECT_BINARY_DIR}/skinlabConfigVersion.cmake
  DESTINATION ${SKINLAB_INSTALL_CMAKEDIR})
if(NOT SKINLAB_RUNTIME_ONLY)
  install(TARGETS skinlab RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  install(DIRECTORY models skeletons clips experiments DESTINATION ${SKINLAB_INSTALL_DATADIR}
    PATTERN "results" EXCLUDE)
endif()
