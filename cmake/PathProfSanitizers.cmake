#===- cmake/PathProfSanitizers.cmake - sanitizer and fuzzer builds ---------===#
#
# Helpers for the two kinds of instrumented builds (docs/Testing.md):
#
# - PATHPROF_SANITIZE=address,undefined compiles llvm-pathprof, the profile
#   library it links and the runtime library with those sanitizers. The
#   plugin is loaded into the uninstrumented clang-19 and opt-19, which do not
#   carry a sanitizer runtime, so it keeps the plain profile library: the tool
#   links an instrumented copy instead.
# - PATHPROF_BUILD_FUZZERS builds the libFuzzer targets in fuzz/, which link
#   their own copy of the profile library compiled for fuzzing.
#
# Both copies are made by pathprof_instrumented_copy from the sources of the
# original target, so a file added to lib/ProfileData is instrumented too.
#
#===----------------------------------------------------------------------===#

# Programs that link a sanitized runtime need the sanitizer runtime too; the
# wrapper drivers add these flags to every link. UBSan is left out: its checks
# would change the programs' CFGs, and the AddressSanitizer runtime already
# holds the UBSan handlers the runtime library calls. The programs' own code
# is left uninstrumented (an ignorelist of every source): a function with
# the sanitize_address attribute gets no load speculated, so the pipeline
# before PathProf would make other CFGs than the tests expect, and its
# shadow memory would add page faults to those the metric tests count.
set(PATHPROF_RUNTIME_LINK_FLAGS "")
if(PATHPROF_SANITIZE)
  string(REPLACE "," ";" PathProfProgramSanitizers "${PATHPROF_SANITIZE}")
  list(REMOVE_ITEM PathProfProgramSanitizers undefined)
  if(NOT PathProfProgramSanitizers)
    set(PathProfProgramSanitizers undefined)
  endif()
  list(JOIN PathProfProgramSanitizers "," PathProfProgramSanitizers)
  set(PathProfIgnorelist "${PROJECT_BINARY_DIR}/pathprof-programs.ignorelist")
  file(WRITE "${PathProfIgnorelist}" "src:*\n")
  set(PATHPROF_RUNTIME_LINK_FLAGS
      "-fsanitize=${PathProfProgramSanitizers} -fsanitize-ignorelist=${PathProfIgnorelist}")
endif()

# Adds static library New with the sources and compile options of static
# library Original, compiled with the extra flags in ARGN.
function(pathprof_instrumented_copy New Original)
  get_target_property(Sources ${Original} SOURCES)
  get_target_property(Dir ${Original} SOURCE_DIR)
  get_target_property(Options ${Original} COMPILE_OPTIONS)
  set(Absolute)
  foreach(Source IN LISTS Sources)
    if(IS_ABSOLUTE "${Source}")
      list(APPEND Absolute "${Source}")
    else()
      list(APPEND Absolute "${Dir}/${Source}")
    endif()
  endforeach()
  add_library(${New} STATIC EXCLUDE_FROM_ALL ${Absolute})
  if(Options)
    target_compile_options(${New} PRIVATE ${Options})
  endif()
  target_compile_options(${New} PRIVATE ${ARGN})
endfunction()

# Applies PATHPROF_SANITIZE to the tool, its profile library and the runtime.
# Called once every target exists.
function(pathprof_apply_sanitizers)
  if(NOT PATHPROF_SANITIZE)
    return()
  endif()
  set(Flags -fsanitize=${PATHPROF_SANITIZE} -fno-sanitize-recover=all
            -fno-omit-frame-pointer -g)
  pathprof_instrumented_copy(PathProfDataSanitized PathProfData ${Flags})
  get_target_property(Libraries llvm-pathprof LINK_LIBRARIES)
  list(TRANSFORM Libraries REPLACE "^PathProfData$" PathProfDataSanitized)
  set_target_properties(llvm-pathprof PROPERTIES LINK_LIBRARIES "${Libraries}")
  target_compile_options(llvm-pathprof PRIVATE ${Flags})
  target_link_options(llvm-pathprof PRIVATE -fsanitize=${PATHPROF_SANITIZE})
  # Programs linking this runtime must be linked with the same -fsanitize=
  # (lit.cfg.py adds it to %clang when the build is sanitized).
  target_compile_options(pathprof_rt PRIVATE ${Flags})
  message(STATUS "PathProf: llvm-pathprof and the runtime use "
                 "-fsanitize=${PATHPROF_SANITIZE}; the plugin does not")
endfunction()
