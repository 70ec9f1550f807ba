# Writes OUT (bench_commit.h) with the commit of SOURCE_DIR, "-dirty" when tracked files differ
# from it.  Run at every build (the target bench_commit), so a bench row names the code it ran,
# not the commit of the last configure; the file is rewritten only when the commit changes.
execute_process(COMMAND git rev-parse --short HEAD WORKING_DIRECTORY ${SOURCE_DIR}
                OUTPUT_VARIABLE commit OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
if(NOT commit)
  set(commit unknown)
else()
  execute_process(COMMAND git status --porcelain --untracked-files=no WORKING_DIRECTORY ${SOURCE_DIR}
                  OUTPUT_VARIABLE changes OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  if(changes)
    set(commit "${commit}-dirty")
  endif()
endif()
file(WRITE ${OUT}.tmp "/* Written by bench/commit.cmake at build time. */\n#define MATHGO_COMMIT \"${commit}\"\n")
execute_process(COMMAND ${CMAKE_COMMAND} -E copy_if_different ${OUT}.tmp ${OUT})
file(REMOVE ${OUT}.tmp)
