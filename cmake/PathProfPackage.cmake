#===- cmake/PathProfPackage.cmake - CMake package and Debian package -------===#
#
# Installs the CMake package (find_package(PathProf), cmake/PathProfConfig.
# cmake.in) next to the libraries and configures CPack, so that
# `cmake --install build --prefix P` gives a toolchain that works from P, and
# `cpack -G DEB` (in the build directory) a package that installs the same
# under /usr.
#
#===----------------------------------------------------------------------===#

include(CMakePackageConfigHelpers)
configure_file("${CMAKE_CURRENT_LIST_DIR}/PathProfConfig.cmake.in"
               "${CMAKE_BINARY_DIR}/package/PathProfConfig.cmake" @ONLY)
write_basic_package_version_file(
  "${CMAKE_BINARY_DIR}/package/PathProfConfigVersion.cmake"
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES "${CMAKE_BINARY_DIR}/package/PathProfConfig.cmake"
              "${CMAKE_BINARY_DIR}/package/PathProfConfigVersion.cmake"
        DESTINATION lib/cmake/PathProf COMPONENT tools)

set(CPACK_PACKAGE_NAME pathprof)
set(CPACK_PACKAGE_VENDOR PathProf)
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "Ball-Larus path profiler for clang-19: plugin, runtime, tools")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "PathProf developers")
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
# The drivers run clang-19 and load the plugin into it; llvm-pathprof links
# libLLVM-19.
set(CPACK_DEBIAN_PACKAGE_DEPENDS "clang-19, libllvm19")
# pathprof-branch-sampler runs programs under qemu-x86_64.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "qemu-user")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
include(CPack)
